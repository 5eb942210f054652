#!/usr/bin/env node
// `npm run origin:nginx`: the shipped deploy/nginx.conf run by a real nginx on this machine, exactly as the tests
// run it (lib/nginx-origin.mjs): `--check` is `nginx -t` on it; with a directory, serves a published
// origin over HTTPS on loopback until Ctrl-C.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCertificate } from '../lib/certs.mjs';
import { CERT_DIR } from '../lib/repo-paths.mjs';
import { LOCAL_HOSTS } from '../lib/test-hosts.mjs';
import { startNginxOrigin, testShippedConfig } from '../lib/nginx-origin.mjs';
import { aliasName, keyOf } from './release/layout.mjs';

const DEFAULT_HOST = LOCAL_HOSTS.cdn;
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const USAGE = `Usage: npm run origin:nginx -- <origin-dir> [--port <n>] [--host <name>]
       npm run origin:nginx -- --check

Runs deploy/nginx.conf (with deploy/snippets/contracts-sdk-origin.conf) in a private nginx process: its own
prefix in a temp directory, loopback only, the sandbox certificate (.cache/certs).

  <origin-dir>     a directory published with: npm run release -- --dest <origin-dir>
  --port <n>       port on 127.0.0.1 (default: a free one)
  --host <name>    server_name and URL host (default: ${DEFAULT_HOST}, loopback in browsers)
  --check          only run nginx -t on the shipped config
  -h, --help       show this help`;

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      check: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return { help: true };
  if (values.check) {
    if (positionals.length || values.port || values.host)
      throw new Error('--check takes no directory, --port or --host');
    return { check: true };
  }
  if (positionals.length !== 1) throw new Error('give exactly one origin directory (or --check)');
  return { dir: positionals[0], port: portOf(values.port), host: values.host || DEFAULT_HOST };
}

/** 0 (a free port) when not given. */
function portOf(raw) {
  if (raw === undefined) return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`--port must be a port number, got "${raw}"`);
  return port;
}

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`origin:nginx: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const tls = await ensureCertificate({ dir: CERT_DIR, hostNames: options.host ? [options.host] : [] });
  if (options.check) {
    console.log((await testShippedConfig({ tls })).trim());
    return 0;
  }
  const nginx = await startNginxOrigin({ root: options.dir, tls, host: options.host, port: options.port });
  const cert = relative(process.cwd(), `${CERT_DIR}/sandbox-cert.pem`);
  console.log(
    `nginx serves ${options.dir} with deploy/nginx.conf at ${nginx.url} (prefix ${nginx.prefix}); Ctrl-C stops it.`,
  );
  console.log(
    `  curl --cacert ${cert} -sD- -o /dev/null ${nginx.url}/${keyOf(aliasName(version.split('.')[0]), 'index.umd.js')}`,
  );
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await nginx.close();
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error) => {
    console.error(`origin:nginx: ${error.message}`);
    process.exitCode = 1;
  },
);
