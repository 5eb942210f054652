// Fixtures for the release tests: real builds of other versions from temporary copies of the project, s3rver (a
// store that ignores conditional writes; the real S3 is radosgw.ts), and byte-level snapshots of what a target
// holds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { ListObjectsV2Command, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { rollupBuild } from '../../scripts/release/build.mjs';

export const ROOT = resolve(__dirname, '..', '..');
export const PACKAGE = 'packages/contracts-sdk';

const NOT_COPIED = new Set([
  'node_modules',
  'dist',
  '.git',
  'test',
  'e2e',
  'demo',
  'packages',
  'test-results',
  'playwright-report',
  '.cache',
]);

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `contracts-sdk-${prefix}-`));
}

/**
 * A clean git clone-alike of the project with another version in package.json: everything a build needs
 * (sources, configs, scripts), node_modules linked, committed so the working tree is clean.
 */
export function makeProject(version: string): string {
  const dir = tempDir(`project-${version}`);
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(relative(ROOT, source).split(sep)[0]),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const pkgFile = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  writeFileSync(pkgFile, JSON.stringify({ ...pkg, version }, null, 2) + '\n');
  const git = (...args: string[]) => {
    const result = spawnSync(
      'git',
      [
        '-c',
        'user.name=release-test',
        '-c',
        'user.email=release-test@localhost',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', `fixture ${version}`);
  return dir;
}

/** Really builds `projectDir` (npm run build, as the release does) and returns the output root. */
export async function buildProject(projectDir: string, env: Record<string, string> = {}): Promise<string> {
  const outDir = tempDir('build');
  await rollupBuild({ projectDir, outDir, env: { ...process.env, ...env } });
  return outDir;
}

/** A build function for runRelease that copies an earlier real build instead of building again (speed). */
export function prebuilt(builtDir: string) {
  return async ({ outDir }: { outDir: string }) => {
    await cp(builtDir, outDir, { recursive: true });
  };
}

export function file(builtDir: string, version: string, name: string): Buffer {
  return readFileSync(join(builtDir, PACKAGE, version, name));
}

/** path → sha256:mtime of every file under `dir` (mtime too: "unchanged" must mean not rewritten). */
export function snapshotDirectory(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        out[relative(dir, full)] =
          `${createHash('sha256').update(readFileSync(full)).digest('hex')}:${statSync(full).mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}

/** key → sha256:ETag of every object under `prefix`. */
export async function snapshotBucket(
  client: S3Client,
  bucket: string,
  prefix: string,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const body = await client.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }));
      const bytes = Buffer.from(await body.Body!.transformToByteArray());
      out[object.Key!] = `${createHash('sha256').update(bytes).digest('hex')}:${object.ETag}`;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

export const CORS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>
</CORSConfiguration>`;

// The AWS SDK warns once per process that it will require Node 22 from 2027; in test output that is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * s3rver on 127.0.0.1, random port, data in a temp directory; bucket `cdn-origin` with CORS, `no-cors` without.
 * Only for what needs a store that ignores `If-None-Match: *` (s3rver does); everything else uses radosgw.ts.
 */
export async function startS3(): Promise<{
  env: Record<string, string>;
  bucket: (purpose: string, options?: { cors?: boolean }) => Promise<string>;
  stop: () => Promise<void>;
}> {
  const directory = tempDir('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [
      { name: 'cdn-origin', configs: [CORS_XML] },
      { name: 'no-cors', configs: [] },
    ],
  });
  const { port } = await server.run();
  return {
    env: {
      AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
    },
    // Two fixed buckets: callers keep apart by prefix.
    bucket: async (_purpose, { cors = true } = {}) => (cors ? 'cdn-origin' : 'no-cors'),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
