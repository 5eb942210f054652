// Pages without a bundler as the docs write them, under their documents' CSP: Chromium, Firefox (WebKit:
// e2e/webkit/plain-pages.spec.ts).
import { plainPageScenarios } from './scenarios/plain-pages';
import { test } from './support/fixtures';

plainPageScenarios(test);
