// prepare() and the wait measures (scenarios/prepare.ts) in WebKit, driven over classic WebDriver.
import { prepareScenarios } from '../scenarios/prepare';
import { webkitTest } from '../support/fixtures';
import { webdriverProbe, type PrepareProbe } from '../support/prepare-probe';

const prepareTest = webkitTest.extend<{ probe: PrepareProbe }>({
  probe: async ({ webkit }, use) => use(webdriverProbe(webkit)),
});

prepareScenarios(prepareTest);
