// A partner's Vue 3 app, for real: contracts-sdk from the registry (support/framework-apps.ts), the docs' Vue
// example (docs/frameworks.md "vue-example") as its signing component and the docs' vite.config.ts, built by Vite
// with @vitejs/plugin-vue for production.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snippet } from '../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { buildKey, cachedProject, QUERY_SIGNING_CONFIG as SIGNING_CONFIG } from './framework-apps';

const APP_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'vue-app');
const TOOLING = ['vue', 'vite', '@vitejs/plugin-vue'];

/** The production build's folder, made for base `/vue/`. */
export async function vueAppBuild(): Promise<string> {
  const example = snippet('docs/frameworks.md', 'vue-example');
  const viteConfig = snippet('docs/frameworks.md', 'vue-vite-config');
  const key = buildKey('vue', { sources: APP_SOURCE, texts: [example, viteConfig, SIGNING_CONFIG], packages: TOOLING });
  const dir = await cachedProject(
    'vue-app',
    key,
    TOOLING,
    (dir) => {
      cpSync(APP_SOURCE, dir, { recursive: true });
      writeFileSync(join(dir, 'src', 'SignLoanContract.vue'), example);
      writeFileSync(join(dir, 'src', 'signing-config.ts'), SIGNING_CONFIG);
      writeFileSync(join(dir, 'vite.config.ts'), viteConfig);
    },
    async (dir) => {
      const { build } = await import('vite');
      await build({
        root: dir,
        configFile: join(dir, 'vite.config.ts'),
        base: '/vue/',
        logLevel: 'warn',
        cacheDir: join(dir, '.vite-cache'),
        build: { outDir: join(dir, 'build'), emptyOutDir: true },
      });
    },
  );
  return join(dir, 'build');
}
