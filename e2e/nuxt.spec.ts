// The Nuxt app (support/nuxt-app.ts) in Chromium and Firefox.
import { nuxtScenarios } from './scenarios/nuxt';
import { nuxtTest } from './support/app-fixtures';

nuxtScenarios(nuxtTest);
