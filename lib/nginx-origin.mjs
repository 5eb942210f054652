// A real nginx serving a directory origin with the shipped configuration (deploy/nginx.conf and
// deploy/snippets/contracts-sdk-origin.conf), started as an ordinary process: its own prefix in a temp directory
// (config, pid, logs, temp paths, certificate), a free loopback port, `daemon off;` so it stays our child, and no
// system service or root-owned path touched. Used by the tests, and by `npm run origin:nginx` (docs/release.md).
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { waitForOutput } from './child-output.mjs';
import { freePort } from './free-port.mjs';
import { REPO_ROOT } from './repo-paths.mjs';

const DEPLOY_DIR = join(REPO_ROOT, 'deploy');
/** The server block release engineers install (site values: address, name, certificate, document root). */
export const SHIPPED_SERVER_BLOCK = join(DEPLOY_DIR, 'nginx.conf');
/** Where the shipped server block expects its certificate, relative to the config directory (/etc/nginx/). */
const CERT_FILE = 'certs/cdn-origin.pem';
const KEY_FILE = 'certs/cdn-origin.key';
const START_TIMEOUT_MS = 15_000;
// nginx's own bind() retries take 2.5 s; another process taking our free port in between is rare.
const PORT_ATTEMPTS = 3;
const INSTALL_HINT =
  "nginx not found: run bash scripts/install-browsers.sh (it installs Debian's nginx package), or set NGINX_PATH";
// Debian installs nginx in /usr/sbin, which is not on an ordinary user's PATH.
const SBIN_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

/** Path of the nginx binary: $NGINX_PATH, else `nginx` on PATH or in `extraDirs`. */
export function nginxBinary(env = process.env, extraDirs = SBIN_DIRS) {
  if (env.NGINX_PATH) {
    if (!isExecutable(env.NGINX_PATH)) throw new Error(`NGINX_PATH=${env.NGINX_PATH} is not an executable file`);
    return env.NGINX_PATH;
  }
  const dirs = [...(env.PATH || '').split(delimiter).filter(Boolean), ...extraDirs];
  const found = dirs.map((dir) => join(dir, 'nginx')).find(isExecutable);
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * `nginx -t` on the shipped server block exactly as released (with its snippet and `tls` in the places it names).
 * `nginx -t` binds the listen address too: without root, port 443 is refused, so only then the address becomes a
 * free loopback port (and the report says so). Resolves nginx's report; rejects with it when nginx refuses.
 */
export async function testShippedConfig({ tls, serverBlock = SHIPPED_SERVER_BLOCK }) {
  const prefix = makePrefix(tls);
  try {
    let site = serverBlock;
    let note = '';
    if (process.getuid?.() !== 0) {
      const port = await freePort();
      site = join(prefix, 'site.conf');
      writeFileSync(
        site,
        replaceDirective(readFileSync(serverBlock, 'utf8'), 'listen', (value) => loopbackListen(value, port)),
      );
      note = `(not root: listen address replaced by 127.0.0.1:${port})\n`;
    }
    writeFileSync(join(prefix, 'nginx.conf'), mainConfig({ site }));
    const { code, output } = await run(nginxBinary(), ['-t', ...prefixArgs(prefix)]);
    if (code !== 0) throw new Error(`nginx -t refused ${serverBlock}:\n${note}${output}`);
    return note + output;
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

/**
 * Serves `root` over HTTPS with the shipped configuration, only the site values (listen address, server_name,
 * root) filled in as an operator would. Resolves `{ url, port, prefix, close() }` once nginx listens.
 */
export async function startNginxOrigin({ root, tls, host = 'localhost', port = 0 }) {
  checkReadableByWorkers(root);
  for (let attempt = 1; ; attempt += 1) {
    const listenPort = port || (await freePort());
    try {
      return await startOnce({ root, tls, host, port: listenPort });
    } catch (error) {
      if (port || attempt >= PORT_ATTEMPTS || !/Address already in use/.test(error.message)) throw error;
      rmSync(error.prefix, { recursive: true, force: true });
    }
  }
}

async function startOnce({ root, tls, host, port }) {
  const prefix = makePrefix(tls);
  writeFileSync(
    join(prefix, 'site.conf'),
    siteConfig(readFileSync(SHIPPED_SERVER_BLOCK, 'utf8'), { port, host, root }),
  );
  writeFileSync(join(prefix, 'nginx.conf'), mainConfig({ site: 'site.conf' }));
  const child = spawn(nginxBinary(), prefixArgs(prefix), { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  // Never outlive the process that started it, even when that one exits without calling close().
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      output += `${error.message}\n`;
      resolve({ code: null, signal: null });
    });
  });
  exited.then(() => process.off('exit', killOnExit));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    // Logged right after the listening socket is open: from then on connections queue until a worker accepts.
    await waitForOutput(child, child.stderr, /start worker process/, {
      what: 'nginx',
      timeoutMs: START_TIMEOUT_MS,
      details: () => output,
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    // The prefix stays: the messages point into its nginx.conf and site.conf.
    throw Object.assign(new Error(`${error.message}\nIts config is kept in ${prefix}.`), { prefix });
  }
  return {
    url: `https://${host}:${port}`,
    port,
    prefix,
    /** nginx's stderr so far (startup, errors). */
    output: () => output,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM'); // fast shutdown
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * The shipped server block with the site values an operator sets: listen address, server_name, root. Each must
 * appear exactly once, so a change to the shipped file that this cannot follow fails loudly instead of serving
 * something else.
 */
export function siteConfig(shipped, { port, host, root }) {
  let text = shipped;
  text = replaceDirective(text, 'listen', (value) => loopbackListen(value, port));
  text = replaceDirective(text, 'server_name', () => host);
  text = replaceDirective(text, 'root', () => JSON.stringify(root));
  return text;
}

/** `listen` parameters with the address swapped for a loopback port (keeps `ssl http2`). */
function loopbackListen(value, port) {
  return value.replace(/^\S+/, `127.0.0.1:${port}`);
}

function replaceDirective(text, name, replace) {
  const directive = new RegExp(`^(\\s*${name}\\s+)([^;#]+);`, 'gm');
  const found = [...text.matchAll(directive)];
  if (found.length !== 1) {
    throw new Error(`${SHIPPED_SERVER_BLOCK}: expected exactly one "${name}" directive, found ${found.length}`);
  }
  return text.replace(directive, (_, lead, value) => `${lead}${replace(value.trim())};`);
}

/** Main context for our own process; `site` is included inside `http` like Debian's conf.d/ files. */
function mainConfig({ site }) {
  return `# Generated by lib/nginx-origin.mjs for one test or local run; paths are relative to this prefix.
daemon off;
pid nginx.pid;
error_log logs/error.log notice;
error_log stderr notice;
worker_processes 1;
events {
    worker_connections 256;
}
http {
    access_log logs/access.log;
    client_body_temp_path temp/client_body;
    proxy_temp_path temp/proxy;
    fastcgi_temp_path temp/fastcgi;
    uwsgi_temp_path temp/uwsgi;
    scgi_temp_path temp/scgi;
    include ${site};
}
`;
}

/** A temp directory laid out like /etc/nginx for the shipped files: snippets/ (the repo's, unchanged) and certs/. */
function makePrefix(tls) {
  const prefix = mkdtempSync(join(tmpdir(), 'contracts-sdk-nginx-'));
  for (const dir of ['logs', 'temp', 'certs']) mkdirSync(join(prefix, dir));
  symlinkSync(join(DEPLOY_DIR, 'snippets'), join(prefix, 'snippets'));
  writeFileSync(join(prefix, CERT_FILE), tls.cert);
  writeFileSync(join(prefix, KEY_FILE), tls.key, { mode: 0o600 });
  return prefix;
}

function prefixArgs(prefix) {
  // -e: the log used before the config is read (a default under /var/log is not ours to write).
  return ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'];
}

/** Started as root, nginx runs its workers as `nobody`: the published tree must be readable by others. */
function checkReadableByWorkers(root) {
  let stat;
  try {
    stat = statSync(root);
  } catch {
    throw new Error(`origin directory ${root} does not exist`);
  }
  if (!stat.isDirectory()) throw new Error(`origin ${root} is not a directory`);
  if (process.getuid?.() === 0 && (stat.mode & 0o005) !== 0o005) {
    throw new Error(`nginx workers run as "nobody" when started as root: make ${root} readable by others (chmod 755)`);
  }
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}
