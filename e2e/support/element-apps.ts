// The element's partner apps, for real: contracts-sdk from the registry (support/framework-apps.ts) and a docs'
// example (docs/frameworks.md) as the signing component. Vue 3: "vue-example" and the docs' vite.config.ts, built by
// Vite with @vitejs/plugin-vue for production. Angular: "angular-example", built by the Angular CLI (`ng build`, the
// application builder, production configuration, strict templates) from the e2e/apps/angular workspace.
import { execFile } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { snippet } from '../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { buildKey, cachedProject, QUERY_SIGNING_CONFIG as SIGNING_CONFIG, viteBuild } from './framework-apps';

const run = promisify(execFile);
const VUE_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'vue-app');
const VUE_TOOLING = ['vue', 'vite', '@vitejs/plugin-vue'];

/** The production build's folder, made for base `/vue/`. */
export async function vueAppBuild(): Promise<string> {
  const example = snippet('docs/frameworks.md', 'vue-example');
  const viteConfig = snippet('docs/frameworks.md', 'vue-vite-config');
  const key = buildKey('vue', {
    sources: VUE_SOURCE,
    texts: [example, viteConfig, SIGNING_CONFIG],
    packages: VUE_TOOLING,
  });
  const dir = await cachedProject(
    'vue-app',
    key,
    VUE_TOOLING,
    (dir) => {
      cpSync(VUE_SOURCE, dir, { recursive: true });
      writeFileSync(join(dir, 'src', 'SignLoanContract.vue'), example);
      writeFileSync(join(dir, 'src', 'signing-config.ts'), SIGNING_CONFIG);
      writeFileSync(join(dir, 'vite.config.ts'), viteConfig);
    },
    async (dir) => {
      await viteBuild({
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

const ANGULAR_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'angular-app');
// The workspace's own node_modules (Angular's build wants TypeScript < 6, the root has 6).
const ANGULAR_MODULES = join(REPO_ROOT, 'e2e', 'apps', 'angular', 'node_modules');
const ANGULAR = [
  '@angular/build',
  '@angular/cli',
  '@angular/common',
  '@angular/compiler',
  '@angular/compiler-cli',
  '@angular/core',
  '@angular/platform-browser',
  'typescript',
];

/** The production build's folder, made for base href `/angular/`. */
export async function angularAppBuild(): Promise<string> {
  const example = snippet('docs/frameworks.md', 'angular-example');
  const key = buildKey('angular', {
    sources: ANGULAR_SOURCE,
    texts: [example, SIGNING_CONFIG],
    modules: [[ANGULAR_MODULES, ANGULAR]],
  });
  const dir = await cachedProject(
    'angular-app',
    key,
    ANGULAR.map((name) => [ANGULAR_MODULES, name] as const),
    (dir) => {
      cpSync(ANGULAR_SOURCE, dir, { recursive: true });
      writeFileSync(join(dir, 'src', 'app', 'sign-loan-contract.ts'), example);
      writeFileSync(join(dir, 'src', 'app', 'signing-config.ts'), SIGNING_CONFIG);
    },
    async (dir) => {
      const env = { ...process.env, NG_CLI_ANALYTICS: 'false', CI: '1' };
      await run(process.execPath, [join(dir, 'node_modules', '@angular', 'cli', 'bin', 'ng.js'), 'build'], {
        cwd: dir,
        env,
      });
    },
  );
  return join(dir, 'build');
}
