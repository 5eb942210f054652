// The Nuxt app (support/nuxt-app.ts) in WebKit.
import { nuxtScenarios } from '../scenarios/nuxt';
import { nuxtWebkitTest } from '../support/nuxt-fixture';

nuxtScenarios(nuxtWebkitTest);
