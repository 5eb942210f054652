// Host names: the sandbox's defaults, and the ones the real-browser tests use, all on 127.0.0.1. Chromium maps them with a flag and Firefox with
// a pref, but WebKitGTK resolves names only through /etc/hosts, so this module also checks and writes that file.
// `node lib/test-hosts.mjs --check` exits 1 when a name is missing; `--write` (as root) appends them.
import { appendFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The sandbox's default names (`npm run demo`, `npm run origin:nginx`): *.localhost resolves to loopback in
 * browsers without any setup, and each name is its own site.
 */
export const LOCAL_HOSTS = Object.freeze({
  partner: 'partner.localhost',
  cdn: 'cdn.localhost',
  signing: 'sign.localhost',
});

export const TEST_HOSTS = Object.freeze({
  partner: 'partner.test',
  cdn: 'cdn.test',
  signing: 'sign.test',
  evil: 'evil.test',
});

const HOSTS_FILE = '/etc/hosts';
const LOOPBACK = '127.0.0.1';
const MARKER = '# contracts-sdk real-browser tests';

/** Test host names that /etc/hosts does not map to 127.0.0.1. */
export function unmappedHosts(file = HOSTS_FILE) {
  const mapped = new Set();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (address === LOOPBACK) for (const name of names) mapped.add(name);
  }
  return Object.values(TEST_HOSTS).filter((name) => !mapped.has(name));
}

/** Appends the missing names (one line, marked); does nothing when every name is there. Returns what it added. */
export function mapHosts(file = HOSTS_FILE) {
  const missing = unmappedHosts(file);
  if (missing.length === 0) return missing;
  const text = readFileSync(file, 'utf8');
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  appendFileSync(file, `${separator}${LOOPBACK} ${missing.join(' ')} ${MARKER}\n`);
  return missing;
}

/** How to fix a missing mapping, for error messages of suites that need it. */
export function hostsAdvice(missing) {
  return `${HOSTS_FILE} does not map ${missing.join(', ')} to ${LOOPBACK}; run as root: node lib/test-hosts.mjs --write (bash scripts/install-browsers.sh does it)`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  if (mode === '--check') {
    const missing = unmappedHosts();
    console.log(
      missing.length === 0
        ? `test-hosts: ${HOSTS_FILE} maps ${Object.values(TEST_HOSTS).join(' ')}`
        : `test-hosts: ${hostsAdvice(missing)}`,
    );
    process.exit(missing.length === 0 ? 0 : 1);
  } else if (mode === '--write') {
    const added = mapHosts();
    console.log(
      added.length === 0
        ? `test-hosts: ${HOSTS_FILE} already maps every test host`
        : `test-hosts: added ${added.join(' ')} to ${HOSTS_FILE}`,
    );
  } else {
    console.error('usage: node lib/test-hosts.mjs --check | --write');
    process.exit(2);
  }
}
