// A partner's Nuxt 4 app (SSR, Nitro's node server), for real: contracts-sdk from the registry, Nuxt from the
// e2e/apps/nuxt workspace, e2e/apps/nuxt-app with the "Nuxt" blocks of docs/frameworks.md written in, built once by
// `nuxt build`, run in each worker at the root of the harness's partner origin (the docs' absolute token-url), its
// token route through a relay that records the tokens, the sandbox's webhooks to its own route.
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
const APP_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'nuxt-app');
// What `nuxt build` and `nuxt typecheck` need besides contracts-sdk (Nuxt resolves the rest from where it really is).
const TOOLING = ['nuxt', 'vue', 'vue-router', 'typescript', 'vue-tsc'];
const RELAY = 'nuxt-api';
/** The app's paths, each forwarded from the harness's partner origin: pages, server routes, Nuxt's assets. */
const APP_PREFIXES = ['apply', 'login', 'cached', 'api', '_nuxt'];
/** The docs' webhook route (server/api/webhooks/svc.post.ts). */
export const NUXT_WEBHOOK_PATH = '/api/webhooks/svc';
const QUIET_ENV = { NUXT_TELEMETRY_DISABLED: '1' };
const NUXT_BIN = join('node_modules', 'nuxt', 'bin', 'nuxt.mjs');

/** docs/frameworks.md's blocks, each as the file of the partner's project it says it is. */
const docBlocks = () =>
  [
    ['nuxt.config.ts', snippet('docs/frameworks.md', 'nuxt-config')],
    ['app/pages/apply/[id]/sign.vue', snippet('docs/frameworks.md', 'nuxt-page')],
    ['server/api/signing-token.post.ts', snippet('docs/frameworks.md', 'nuxt-token-route')],
    ['server/utils/contracts.ts', snippet('docs/frameworks.md', 'nuxt-contracts')],
    ['server/api/webhooks/svc.post.ts', snippet('docs/frameworks.md', 'nuxt-webhook-route')],
    // The Vue section's declaration file: `nuxt typecheck` checks the page's template with it.
    ['app/svc-elements.d.ts', snippet('docs/frameworks.md', 'vue-declarations')],
  ] as const;

/** The project folder with `.output/` made by `nuxt build`, once for every worker of every run with the same inputs. */
export async function nuxtAppBuild(): Promise<string> {
  const blocks = docBlocks();
  const key = buildKey('nuxt', { sources: APP_SOURCE, texts: blocks.flat(), packages: TOOLING });
  return lockedBuild('nuxt-app', key, TOOLING, blocks, 'nuxt build', (dir) =>
    run(process.execPath, [NUXT_BIN, 'build'], { cwd: dir, env: { ...process.env, ...QUIET_ENV } }),
  );
}

/** `nuxt typecheck` (vue-tsc) on the built project: its errors, one per line (empty: none). */
export async function nuxtTypecheck(dir: string): Promise<string> {
  // It exits with 1 when it found errors: its report is what counts.
  const { stdout = '', stderr = '' } = await run(process.execPath, [NUXT_BIN, 'typecheck'], {
    cwd: dir,
    env: { ...process.env, ...QUIET_ENV },
  }).catch((error) => error);
  return `${stdout}${stderr}`
    .split('\n')
    .filter((line) => /error TS\d+|ERROR/.test(line))
    .join('\n');
}

export interface NuxtApp extends LoginApp {
  /** The app's server itself (http on loopback), as the sandbox's webhook deliveries reach it. */
  direct(path: string): string;
  /** The ids of the `application.contract.signed` events the docs' webhook route verified for an application. */
  signedEvents(applicationId: string): Promise<string[]>;
}

/** Starts the built server on `port` for this worker's sandbox and forwards the app's paths of the harness to it. */
export async function startNuxtApp(harness: Harness, sandbox: Sandbox, port: number): Promise<NuxtApp> {
  const dir = await nuxtAppBuild();
  const issuedTokens = mountTokenRelay(harness, sandbox, RELAY);
  const server = await startAppServer(
    'node .output/server/index.mjs',
    dir,
    () => [join('.output', 'server', 'index.mjs')],
    (port) => ({
      ...QUIET_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      NUXT_SVC_BASE_URL: `${harness.origins.partner}/${RELAY}`,
      NUXT_SVC_API_TOKEN: sandbox.apiToken,
      NUXT_SVC_WEBHOOK_SECRET: sandbox.webhookSecret,
      NUXT_PUBLIC_SIGNING_CDN_URL: sandbox.origins.cdn,
      NUXT_PUBLIC_SIGNING_APP_URL: sandbox.origins.signing,
    }),
    /Listening on/,
    { port },
  );
  for (const prefix of APP_PREFIXES)
    harness.mount(prefix, (req: IncomingMessage, res: ServerResponse) => forward(req, res, server.port));

  const url = (path: string) => `${harness.origins.partner}${path}`;
  const direct = (path: string) => `http://127.0.0.1:${port}${path}`;
  return {
    url,
    loginUrl: (applicationId) => url(`/login/${applicationId}`),
    issuedTokens,
    direct,
    async signedEvents(applicationId) {
      const answer = await fetch(direct(`/api/applications/${applicationId}/signed-events`));
      return ((await answer.json()) as { events: string[] }).events;
    },
    stop: () => stopServer(server.process),
  };
}
