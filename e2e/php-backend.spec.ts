// docs/server-rendered.md's PHP backend blocks behind its page (support/backend-apps.ts) in Chromium and Firefox.
import { backendScenarios } from './scenarios/backends';
import { backendTest } from './support/app-fixtures';

backendScenarios(backendTest('php'), 'PHP');
