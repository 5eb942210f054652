// A partner's Next.js app (App Router, TypeScript strict), for real: contracts-sdk from the registry, Next from the
// e2e/apps/next workspace, e2e/apps/next-app as docs/frameworks.md tells partners, built once by `next build` (which
// type-checks), run by `next start` in each worker behind /next/ of the harness's partner origin, its Server Action
// through a relay that records the tokens.
import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { forward, mountTokenRelay, type PartnerApp, startAppServer, stopServer } from './app-server';
import type { Harness, Sandbox } from './fixtures';
import { buildKey, lockedBuild } from './framework-apps';

const run = promisify(execFile);
const APP_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'next-app');
// What `next build` needs besides contracts-sdk: Next, React, and the types it checks the app with.
const TOOLING = ['next', 'react', 'react-dom', 'typescript', '@types/react', '@types/react-dom', '@types/node'];
const NEXT_BIN = join('node_modules', 'next', 'dist', 'bin', 'next');
const RELAY = 'next-api';
const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: '1' };

/** `next build` once for every worker of every run with the same inputs; logs the time it took. */
export async function nextAppBuild(): Promise<string> {
  const key = buildKey('next', { sources: APP_SOURCE, texts: [], packages: TOOLING });
  // Built in place: .next holds paths relative to the project, and Turbopack's root is the repository (next.config.ts).
  return lockedBuild('next-app', key, TOOLING, [], 'next build', (dir) =>
    run(process.execPath, [NEXT_BIN, 'build'], { cwd: dir, env: { ...process.env, ...QUIET_ENV } }).catch((error) => {
      throw new Error(`next build failed (${error.code}):\n${error.stdout}${error.stderr}`);
    }),
  );
}

/** issuedTokens: the tokens its Server Action got. */
export interface NextApp extends PartnerApp {
  /** How many Server Action calls the app's server answered. */
  actionCalls(): number;
}

/** Starts `next start` for this worker's sandbox and mounts it at /next/ of the harness. */
export async function startNextApp(harness: Harness, sandbox: Sandbox): Promise<NextApp> {
  const dir = await nextAppBuild();
  const issuedTokens = mountTokenRelay(harness, sandbox, RELAY);
  let actions = 0;
  const server = await startAppServer(
    'next start',
    dir,
    (port) => [NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    () => ({
      ...QUIET_ENV,
      CONTRACTS_API_URL: sandbox.urls.contractsApi.replace(
        sandbox.origins.signing,
        `${harness.origins.partner}/${RELAY}`,
      ),
      CONTRACTS_API_TOKEN: sandbox.apiToken,
      SIGNING_CDN_URL: sandbox.origins.cdn,
      SIGNING_APP_URL: sandbox.origins.signing,
    }),
    /Ready in/,
  );
  harness.mount('next', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && req.headers['next-action']) actions++;
    // The browser's request as it came (Host and Origin too: Next checks a Server Action's Origin against Host).
    forward(req, res, server.port);
  });

  return {
    url: (path) => `${harness.origins.partner}/next${path}`,
    issuedTokens,
    actionCalls: () => actions,
    stop: () => stopServer(server.process),
  };
}
