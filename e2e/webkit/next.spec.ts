// The Next.js App Router app (support/next-app.ts) in WebKit.
import { nextScenarios } from '../scenarios/next';
import { nextWebkitTest } from '../support/next-fixture';

nextScenarios(nextWebkitTest);
