// What every partner app built for the tests shares: contracts-sdk installed with npm from a registry (Verdaccio, the
// package `npm run build` made) into a fresh project, the framework linked from the repository's node_modules, and
// the build kept in .cache/<name>/<key>, keyed by all that goes into it, for every worker of every run.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { sendFile } from '../../lib/http-kit.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import type { InlineConfig } from 'vite';
import type { Harness } from './fixtures';
import { startVerdaccio } from './verdaccio.mjs';

const run = promisify(execFile);
export const PACKAGE_DIR = join(REPO_ROOT, 'dist', 'npm', 'contracts-sdk');
export const { version: PACKAGE_VERSION } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
/** The timeout of a worker fixture that builds an app: install and build take a while on two cores, the first time. */
export const BUILD_TIMEOUT_MS = 300_000;

/** Every file under `dir`, node_modules left out. */
export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return name === 'node_modules' ? [] : statSync(path).isDirectory() ? files(path) : [path];
  });
}

export const ROOT_MODULES = join(REPO_ROOT, 'node_modules');

/** The partner's environment module of the client-side apps: the sandbox's addresses from the page's query. */
export const QUERY_SIGNING_CONFIG = `const query = new URLSearchParams(location.search);
export const signingOptions = { cdnUrl: query.get('cdnUrl')!, appUrl: query.get('appUrl')! };
`;

/** Writes each [path, text] into `dir`, making its folders. */
export function writeFiles(dir: string, entries: readonly (readonly [string, string])[]): void {
  for (const [file, text] of entries) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

/**
 * Vite's production build, run in this worker's process. Vite sets process.env.NODE_ENV to "production" when it is
 * unset and leaves it so: a dev server the same worker starts later would then serve React's production build (no
 * StrictMode double effects). The variable is put back as it was.
 */
export async function viteBuild(config: InlineConfig): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build(config);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Runs a build and logs how long it took (the first run of a loaded machine is slow: the log says why). */
export async function timed(what: string, build: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  await build();
  console.log(`${what} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A package of the repository: [a workspace's node_modules, name] (where npm put it if the workspace needs its own
 * version, else the root's, where npm hoisted it), or a name in the root's node_modules.
 */
type Linked = string | readonly [string, string];
const whereIs = (linked: Linked) =>
  typeof linked === 'string'
    ? join(ROOT_MODULES, linked)
    : existsSync(join(...linked))
      ? join(...linked)
      : join(ROOT_MODULES, linked[1]);

/** A hash of the built package, the app's sources, the given texts and the named packages' versions. */
export function buildKey(
  name: string,
  {
    sources,
    texts,
    packages = [],
    modules = [],
  }: { sources: string; texts: string[]; packages?: string[]; modules?: [string, string[]][] },
): string {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text);
  for (const file of [...files(PACKAGE_DIR), ...files(sources)].sort())
    hash.update(relative(REPO_ROOT, file)).update(readFileSync(file));
  const linked: Linked[] = [...packages, ...modules.flatMap(([dir, names]) => names.map((pkg) => [dir, pkg] as const))];
  for (const pkg of linked) hash.update(readFileSync(join(whereIs(pkg), 'package.json')));
  return `${name}-${hash.digest('hex').slice(0, 16)}`;
}

/** Publishes the built package to a fresh Verdaccio and installs it into `dir` with npm, as a partner would. */
export async function installFromRegistry(dir: string): Promise<void> {
  const registry = await startVerdaccio();
  try {
    const env = { ...process.env, npm_config_userconfig: registry.npmrc };
    const from = ['--registry', registry.url, '--ignore-scripts'];
    await run('npm', ['publish', PACKAGE_DIR, ...from, '--tag', 'test'], { env });
    // A throwaway cache: the package must come from this registry.
    const quiet = ['--cache', join(dir, '.npm-cache'), '--no-audit', '--no-fund'];
    await run('npm', ['install', `contracts-sdk@${PACKAGE_VERSION}`, ...from, ...quiet], { cwd: dir, env });
  } finally {
    await registry.stop();
  }
}

/**
 * The project `.cache/<cacheName>/<key>`, made once: a package.json, contracts-sdk from the registry, `linked`
 * packages of the repository's node_modules (links: each resolves its own dependencies where it really is), then
 * `prepare(dir)` (copy sources, write the docs' snippets) and `build(dir)`. Concurrent workers may both build; the
 * first rename wins. `buildInCache`: build beside the result, not in the system's temp folder (a build whose output
 * holds paths relative to the repository, as Next.js's does). `builtFile`: the file whose presence means done.
 */
export async function cachedProject(
  cacheName: string,
  key: string,
  linked: readonly Linked[],
  prepare: (dir: string) => void,
  build: (dir: string) => Promise<void>,
  { buildInCache = false, builtFile = '.built' } = {},
): Promise<string> {
  const cache = join(REPO_ROOT, '.cache', cacheName);
  const done = join(cache, key);
  if (existsSync(join(done, builtFile))) return done;
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(
    join(buildInCache ? cache : tmpdir(), buildInCache ? 'building-' : `contracts-sdk-${cacheName}-`),
  );
  try {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `partner-${cacheName}`, private: true, type: 'module' }),
    );
    await installFromRegistry(dir);
    for (const pkg of linked) {
      const name = typeof pkg === 'string' ? pkg : pkg[1];
      mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
      symlinkSync(whereIs(pkg), join(dir, 'node_modules', name), 'dir');
    }
    prepare(dir);
    await build(dir);
    writeFileSync(join(dir, '.built'), '');
    renameSync(dir, done);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(join(done, builtFile))) return done; // another worker finished first: its build is the same
    throw error;
  }
  return done;
}

/**
 * A server-rendered app's project, e2e/apps/<name> with the docs' `blocks` written in, made by cachedProject under
 * withBuildLock and built beside its result (its output holds paths relative to the project); the build is timed.
 */
export function lockedBuild(
  name: string,
  key: string,
  linked: readonly Linked[],
  blocks: readonly (readonly [string, string])[],
  what: string,
  build: (dir: string) => Promise<unknown>,
): Promise<string> {
  const prepare = (dir: string) => {
    cpSync(join(REPO_ROOT, 'e2e', 'apps', name), dir, { recursive: true });
    writeFiles(dir, blocks);
  };
  const timedBuild = (dir: string) => timed(`${name}: ${what}`, () => build(dir));
  return withBuildLock(name, () => cachedProject(name, key, linked, prepare, timedBuild, { buildInCache: true }));
}

/** A production build as a static single-page app under /<prefix>/ of the harness's partner origin. */
export function serveBuild(harness: Harness, prefix: string, buildDir: string): void {
  harness.mount(prefix, async (req: { url: string }, res: unknown) => {
    const path = decodeURIComponent(new URL(req.url, 'https://x').pathname.slice(prefix.length + 2));
    await sendFile(res, buildDir, path || 'index.html', { 'cache-control': 'no-store' });
  });
}

const LOCK_POLL_MS = 500;

/**
 * Runs `build` holding .cache/<name>.lock (a folder: made atomically), taken over when its owner is gone: one
 * builder at a time (two at once take twice as long on two cores), and the others then find its build.
 */
export async function withBuildLock<T>(name: string, build: () => Promise<T>): Promise<T> {
  const lock = join(REPO_ROOT, '.cache', `${name}.lock`);
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!ownerAlive(lock)) rmSync(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the process holding the lock still runs (true while it has not yet written its PID). */
function ownerAlive(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'; // no PID written yet: its owner is starting
  }
}
