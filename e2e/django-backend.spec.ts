// docs/server-rendered.md's Django backend blocks behind its page (support/backend-apps.ts) in Chromium and Firefox.
import { backendScenarios } from './scenarios/backends';
import { backendTest } from './support/app-fixtures';

backendScenarios(backendTest('django'), 'Django');
