// A real npm registry for the tests: Verdaccio (pinned in devDependencies) in a child process on a free loopback
// port, with a generated config, a throwaway storage directory and no uplink (nothing reaches the internet).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { waitForOutput } from '../../lib/child-output.mjs';
import { freePort } from '../../lib/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERDACCIO_BIN = fileURLToPath(new URL('../../node_modules/verdaccio/bin/verdaccio', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Starts Verdaccio and creates one user. Resolves `{ url, npmrc, stop() }`: `npmrc` is a user config file holding
 * that user's token (pass it as npm_config_userconfig).
 */
export async function startVerdaccio() {
  const dir = mkdtempSync(join(tmpdir(), 'contracts-sdk-verdaccio-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    `storage: ${JSON.stringify(join(dir, 'storage'))}
auth:
  htpasswd:
    file: ${JSON.stringify(join(dir, 'htpasswd'))}
uplinks: {}
packages:
  '**':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
web:
  enable: false
log: { type: stdout, format: pretty, level: http }
`,
  );
  let output = '';
  const child = spawn(process.execPath, [VERDACCIO_BIN, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Verdaccio logs "http address - <url>" once it listens; wait for that line (or its exit).
    await waitForOutput(child, child.stdout, /http address/, {
      what: 'Verdaccio',
      timeoutMs: STARTUP_TIMEOUT_MS,
      details: () => output,
    });
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const response = await fetch(`${url}-/user/org.couchdb.user:release`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release', password, type: 'user', roles: [], date: new Date().toISOString() }),
    });
    const body = await response.json();
    if (!response.ok || !body.token)
      throw new Error(`could not create the Verdaccio user: HTTP ${response.status} ${JSON.stringify(body)}`);
    const npmrc = join(dir, 'npmrc');
    writeFileSync(npmrc, `//127.0.0.1:${port}/:_authToken=${body.token}\n`);
    return { url, npmrc, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
