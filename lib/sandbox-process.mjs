// The sandbox as `npm run demo` runs it, in a process of its own (`node demo/server/start.mjs --json`), for the
// tools that measure or probe it from outside (the benchmark). It names the command, not a module of demo/.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './repo-paths.mjs';

const ENTRY = join(REPO_ROOT, 'demo', 'server', 'start.mjs');

/**
 * The sandbox's settings (docs/sandbox.md "Settings") for free ports and the given `hosts` {partner, cdn, signing},
 * `distDir`, `certDir`, `extraPartnerOrigins` and `partnerWebhookUrls`; `env` adds or overrides raw variables.
 */
function sandboxEnv({ hosts, distDir, certDir, extraPartnerOrigins = [], partnerWebhookUrls = [], env = {} }) {
  const settings = {
    DEMO_PORT: '0',
    CDN_PORT: '0',
    SIGNING_PORT: '0',
    DEMO_HOST: hosts?.partner,
    CDN_HOST: hosts?.cdn,
    SIGNING_HOST: hosts?.signing,
    SANDBOX_DIST_DIR: distDir,
    SANDBOX_CERT_DIR: certDir,
    SANDBOX_PARTNER_ORIGINS: extraPartnerOrigins.join(','),
    SANDBOX_WEBHOOK_URL: partnerWebhookUrls.join(','),
    ...env,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/**
 * Starts the sandbox on free ports with the options of sandboxEnv(). Resolves `{ urls, origins, partnerOrigins,
 * sdkVersion, certFile, close() }` once it listens (`urls.serviceApi`, https://127.0.0.1:<port>, is the service
 * API's address for Node, with `certFile` for NODE_EXTRA_CA_CERTS); rejects, with what it printed on stderr,
 * if it exits first. `close()` stops it (SIGTERM) and waits for it to exit.
 */
export async function startSandboxProcess(options = {}) {
  const env = { ...process.env, ...sandboxEnv(options) };
  const child = spawn(process.execPath, [ENTRY, '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = once(child, 'exit');
  const exitedEarly = exited.then(([code]) =>
    Promise.reject(new Error(`the sandbox exited (${code}) before it listened: ${stderr.trim()}`)),
  );
  exitedEarly.catch(() => {}); // raced below; after a normal start the exit is close()'s to await
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const [line] = await Promise.race([once(createInterface({ input: child.stdout }), 'line'), exitedEarly]);
  try {
    return { ...JSON.parse(line), close };
  } catch (error) {
    await close();
    throw new Error(`the sandbox printed no JSON line (${error.message}): ${line}`);
  }
}
