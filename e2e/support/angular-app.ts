// A partner's Angular app, for real: contracts-sdk from the registry (support/framework-apps.ts), the docs' Angular
// example (docs/frameworks.md "angular-example") as its signing component, built by the Angular CLI (`ng build`,
// the application builder, production configuration, strict templates) from the e2e/apps/angular workspace.
import { execFile } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { snippet } from '../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { buildKey, cachedProject, QUERY_SIGNING_CONFIG as SIGNING_CONFIG } from './framework-apps';

const run = promisify(execFile);
const APP_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'angular-app');
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
    sources: APP_SOURCE,
    texts: [example, SIGNING_CONFIG],
    packages: [],
    modules: [[ANGULAR_MODULES, ANGULAR]],
  });
  const dir = await cachedProject(
    'angular-app',
    key,
    ANGULAR.map((name) => [ANGULAR_MODULES, name] as const),
    (dir) => {
      cpSync(APP_SOURCE, dir, { recursive: true });
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
