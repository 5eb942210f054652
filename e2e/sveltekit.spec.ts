// The SvelteKit app (support/sveltekit-app.ts) in Chromium and Firefox.
import { sveltekitScenarios } from './scenarios/sveltekit';
import { sveltekitTest } from './support/app-fixtures';

sveltekitScenarios(sveltekitTest);
