// docs/server-rendered.md's PHP backend blocks behind its page (support/backend-apps.ts) in Chromium and Firefox,
// and its routes called from Node (Chromium's project only).
import { backendRouteChecks } from './scenarios/backend-routes';
import { backendScenarios } from './scenarios/backends';
import { backendTest } from './support/backend-fixture';

const test = backendTest('php');
backendScenarios(test, 'PHP');
backendRouteChecks(test, 'PHP');
