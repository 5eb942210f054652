// A partner's SvelteKit app (Svelte 5, SSR on, adapter-node), for real: contracts-sdk from the registry, SvelteKit
// from the e2e/apps/sveltekit workspace, e2e/apps/sveltekit-app with the "SvelteKit" blocks of docs/frameworks.md
// written in, built once by `vite build`, run by `node build` in each worker behind /sveltekit/ of the harness's
// partner origin, its token route through a relay that records the tokens.
import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { snippet } from '../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { forward, type LoginApp, mountTokenRelay, startAppServer, stopServer } from './app-server';
import type { Harness, Sandbox } from './fixtures';
import { buildKey, lockedBuild } from './framework-apps';

const run = promisify(execFile);
const APP_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'sveltekit-app');
const SVELTEKIT_MODULES = join(REPO_ROOT, 'e2e', 'apps', 'sveltekit', 'node_modules');
// What `vite build` and svelte-check need besides contracts-sdk.
const TOOLING = [
  '@sveltejs/kit',
  '@sveltejs/adapter-node',
  '@sveltejs/vite-plugin-svelte',
  'svelte',
  'svelte-check',
  'vite',
  'typescript',
];
const RELAY = 'sveltekit-api';

/** docs/frameworks.md's blocks, each as the file of the partner's project it says it is. */
const docBlocks = () =>
  [
    ['src/lib/SignLoanContract.svelte', snippet('docs/frameworks.md', 'svelte-example')],
    ['src/routes/apply/[id]/sign/+page.svelte', snippet('docs/frameworks.md', 'sveltekit-page')],
    ['src/routes/apply/[id]/signed/+page.svelte', snippet('docs/frameworks.md', 'sveltekit-signed-page')],
    ['src/routes/apply/[id]/sign/token/+server.ts', snippet('docs/frameworks.md', 'sveltekit-token-route')],
    ['src/lib/server/contracts.ts', snippet('docs/frameworks.md', 'sveltekit-contracts')],
    ['src/lib/signing-config.ts', snippet('docs/frameworks.md', 'sveltekit-signing-config')],
    ['src/app.d.ts', snippet('docs/frameworks.md', 'sveltekit-app-types')],
  ] as const;

/** The project folder with `build/` made by `vite build`, once for every worker of every run with the same inputs. */
export async function sveltekitAppBuild(): Promise<string> {
  const blocks = docBlocks();
  const key = buildKey('sveltekit', {
    sources: APP_SOURCE,
    texts: blocks.flat(),
    modules: [[SVELTEKIT_MODULES, TOOLING]],
  });
  // Built in place: .svelte-kit holds the generated types svelte-check reads, with paths relative to the project.
  const linked = TOOLING.map((name) => [SVELTEKIT_MODULES, name] as const);
  return lockedBuild('sveltekit-app', key, linked, blocks, 'vite build', (dir) =>
    run(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: dir }),
  );
}

/** svelte-check on the built project: every error and warning, one per line (empty: none). */
export async function svelteCheck(dir: string): Promise<string> {
  const bin = join(dir, 'node_modules', 'svelte-check', 'bin', 'svelte-check');
  const args = [bin, '--tsconfig', './tsconfig.json', '--output', 'machine', '--fail-on-warnings'];
  // It exits with 1 when it found problems: its report is what counts, and it must have finished.
  const { stdout, stderr } = await run(process.execPath, args, { cwd: dir }).catch((error) => error);
  if (!/ COMPLETED \d+ FILES /.test(String(stdout)))
    throw new Error(`svelte-check did not complete:\n${stdout ?? ''}\n${stderr ?? ''}`);
  return String(stdout)
    .split('\n')
    .filter((line) => / (ERROR|WARNING) /.test(line))
    .join('\n');
}

export type SvelteKitApp = LoginApp;

/** Starts `node build` for this worker's sandbox and mounts it at /sveltekit/ of the harness. */
export async function startSvelteKitApp(harness: Harness, sandbox: Sandbox): Promise<SvelteKitApp> {
  const dir = await sveltekitAppBuild();
  const issuedTokens = mountTokenRelay(harness, sandbox, RELAY);
  const server = await startAppServer(
    'node build',
    dir,
    () => ['build'],
    (port) => ({
      HOST: '127.0.0.1',
      PORT: String(port),
      // adapter-node's own address for the app (behind the harness's https origin).
      ORIGIN: harness.origins.partner,
      SVC_BASE_URL: `${harness.origins.partner}/${RELAY}`,
      SVC_API_TOKEN: sandbox.apiToken,
      PUBLIC_SIGNING_CDN_URL: sandbox.origins.cdn,
      PUBLIC_SIGNING_APP_URL: sandbox.origins.signing,
    }),
    /Listening on/,
  );
  harness.mount('sveltekit', (req: IncomingMessage, res: ServerResponse) => forward(req, res, server.port));

  const url = (path: string) => `${harness.origins.partner}/sveltekit${path}`;
  return {
    url,
    loginUrl: (applicationId) => url(`/login/${applicationId}`),
    issuedTokens,
    stop: () => stopServer(server.process),
  };
}
