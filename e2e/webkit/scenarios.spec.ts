// The cross-engine scenarios (e2e/scenarios/) in WebKit, driven over classic WebDriver.
import { registerScenarios } from '../scenarios';
import { webkitTest } from '../support/fixtures';

registerScenarios(webkitTest);
