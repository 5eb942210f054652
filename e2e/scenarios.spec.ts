// The cross-engine scenarios (e2e/scenarios/) in the Playwright engines: Chromium and Firefox.
import { registerScenarios } from './scenarios';
import { test } from './support/fixtures';

registerScenarios(test);
