// Pages without a bundler as the docs write them, under their documents' CSP, in WebKit.
import { plainPageScenarios } from '../scenarios/plain-pages';
import { webkitTest } from '../support/fixtures';
import { mountPlainPages, type PlainPages } from '../support/plain-pages';

const pageTest = webkitTest.extend<object, { plainPages: PlainPages }>({
  plainPages: [async ({ harness, sandbox }, use) => use(mountPlainPages(harness, sandbox)), { scope: 'worker' }],
});

plainPageScenarios(pageTest);
