// Pages without a bundler as the docs write them, under their documents' CSP, in WebKit.
import { plainPageScenarios } from '../scenarios/plain-pages';
import { webkitTest } from '../support/fixtures';

plainPageScenarios(webkitTest);
