// prepare() and the wait measures (scenarios/prepare.ts) in the Playwright engines: Chromium, Firefox.
import { prepareScenarios } from './scenarios/prepare';
import { test } from './support/fixtures';

prepareScenarios(test);
