// docs/server-rendered.md's PHP backend blocks behind its page (support/backend-apps.ts) in WebKit.
import { backendScenarios } from '../scenarios/backends';
import { backendWebkitTest } from '../support/app-fixtures';

backendScenarios(backendWebkitTest('php'), 'PHP');
