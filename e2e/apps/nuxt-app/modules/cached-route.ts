// What docs/frameworks.md "Nuxt" warns against, for the test only: a cached route (SWR). A local module (Nuxt
// registers modules/ itself), so that nuxt.config.ts stays the docs' block; the docs' pages are not cached.
import { defineNuxtModule } from 'nuxt/kit';

export default defineNuxtModule({
  setup(_options, nuxt) {
    nuxt.options.routeRules = { ...nuxt.options.routeRules, '/cached/**': { swr: 3600 } };
  },
});
