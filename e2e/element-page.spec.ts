// <svc-contract-signing> on a plain HTML page under the strict CSP + Trusted Types: Chromium, Firefox.
import { elementPageScenarios } from './scenarios/element-page';
import { test } from './support/fixtures';
import { mountElementPage, type ElementPage } from './support/element-page';

const pageTest = test.extend<object, { elementPage: ElementPage }>({
  elementPage: [async ({ harness, sandbox }, use) => use(mountElementPage(harness, sandbox)), { scope: 'worker' }],
});

elementPageScenarios(pageTest);
