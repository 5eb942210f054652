// The Nuxt app (support/nuxt-app.ts) in WebKit.
import { nuxtScenarios } from '../scenarios/nuxt';
import { nuxtWebkitTest } from '../support/app-fixtures';

nuxtScenarios(nuxtWebkitTest);
