// docs/server-rendered.md's Django backend blocks behind its page (support/backend-apps.ts) in WebKit.
import { backendScenarios } from '../scenarios/backends';
import { backendWebkitTest } from '../support/app-fixtures';

backendScenarios(backendWebkitTest('django'), 'Django');
