// prepare() and the wait measures (scenarios/prepare.ts) in WebKit, driven over classic WebDriver.
import { prepareScenarios } from '../scenarios/prepare';
import { webkitTest } from '../support/fixtures';

prepareScenarios(webkitTest);
