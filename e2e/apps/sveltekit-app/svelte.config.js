// The partner's SvelteKit config: adapter-node (`node build`), SSR on (the default). The test deployment is under
// /sveltekit/ of the harness's partner origin (e2e/support/sveltekit-app.ts proxies it there).
import adapter from '@sveltejs/adapter-node';

export default {
  kit: { adapter: adapter(), paths: { base: '/sveltekit' } },
};
