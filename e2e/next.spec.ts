// The Next.js App Router app (support/next-app.ts) in Chromium and Firefox.
import { nextScenarios } from './scenarios/next';
import { nextTest } from './support/app-fixtures';

nextScenarios(nextTest);
