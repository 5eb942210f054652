// docs/server-rendered.md's PHP backend blocks behind its page (support/backend-apps.ts) in WebKit.
import { backendScenarios } from '../scenarios/backends';
import { backendWebkitTest } from '../support/backend-fixture';

backendScenarios(backendWebkitTest('php'), 'PHP');
