// The SvelteKit app (support/sveltekit-app.ts) in WebKit.
import { sveltekitScenarios } from '../scenarios/sveltekit';
import { sveltekitWebkitTest } from '../support/app-fixtures';

sveltekitScenarios(sveltekitWebkitTest);
