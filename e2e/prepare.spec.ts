// prepare() and the wait measures (scenarios/prepare.ts) in the Playwright engines: Chromium, Firefox.
import { prepareScenarios } from './scenarios/prepare';
import { test } from './support/fixtures';
import type { Engine } from './support/host';
import { pageProbe, type PrepareProbe } from './support/prepare-probe';

const prepareTest = test.extend<{ probe: PrepareProbe }>({
  probe: async ({ page, browserName }, use) => use(pageProbe(page, browserName as Engine)),
});

prepareScenarios(prepareTest);
