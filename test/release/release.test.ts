// @vitest-environment node
// The release pipeline against a temporary directory and against a real S3 (Ceph's RADOS Gateway on loopback,
// one cluster for this file: test/release/radosgw.ts), with real builds of several versions made from temporary
// copies of the project. s3rver appears once, where a store that ignores conditional writes is the point.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sriOf } from '../../lib/bundle.mjs';
import { ReleaseError } from '../../scripts/release/report.mjs';
import { runRelease } from '../../scripts/release/run-release.mjs';
import { runRollback } from '../../scripts/release/run-rollback.mjs';
import { createS3Client, openS3Target, parseS3Url } from '../../scripts/release/targets/s3.mjs';
import {
  PACKAGE,
  buildProject,
  file,
  makeProject,
  prebuilt,
  snapshotBucket,
  snapshotDirectory,
  startS3,
  tempDir,
} from './helpers';
import { type Radosgw, startRadosgw } from './radosgw';

const VERSIONS = ['1.0.0', '1.1.0', '1.0.1', '1.2.0-rc.1'] as const;
type Version = (typeof VERSIONS)[number];
const projects = {} as Record<Version, string>;
const builds = {} as Record<Version | 'other-1.0.0', string>;
let s3: Radosgw;
const cleanup: string[] = [];

beforeAll(async () => {
  // The gateway starts (~2 s, mostly waiting on the monitor) while the builds run.
  const gateway = startRadosgw().then((started) => {
    s3 = started;
    console.info(`radosgw answered ${started.startMs} ms after its start (monitor, OSD, gateway, user)`);
  });
  try {
    for (const version of VERSIONS) projects[version] = makeProject(version);
    // Two builds at a time (the CI machine has two cores). `other-1.0.0` is 1.0.0 built with another app URL:
    // same version, different bytes.
    [builds['1.0.0'], builds['other-1.0.0']] = await Promise.all([
      buildProject(projects['1.0.0']),
      buildProject(projects['1.0.0'], { SVC_APP_URL_PRODUCTION: 'https://sign.other.example' }),
    ]);
    [builds['1.1.0'], builds['1.0.1']] = await Promise.all([
      buildProject(projects['1.1.0']),
      buildProject(projects['1.0.1']),
    ]);
    builds['1.2.0-rc.1'] = await buildProject(projects['1.2.0-rc.1']);
    // Five real builds, each with the npm loader's type declarations (rollup-plugin-dts) after the global build.
  } finally {
    cleanup.push(...Object.values(projects), ...Object.values(builds));
    await gateway; // so that afterAll stops it even when a build failed
  }
}, 360_000); // five builds: about 1 min alone, several on a machine shared with other jobs

afterAll(async () => {
  await s3?.stop();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

interface Target {
  dest: string;
  manifest: string;
  read(key: string): Promise<Buffer | null>;
  /** every object/file of the target plus the manifest file, byte-level */
  snapshot(): Promise<Record<string, string>>;
}

interface Harness {
  name: string;
  env(): Record<string, string>;
  fresh(): Promise<Target>;
}

/** An S3 store the harness writes to: a fresh bucket (or prefix) per target. */
interface S3Store {
  env: Record<string, string>;
  bucket(purpose: string, options?: { cors?: boolean }): Promise<string>;
}

function manifestSnapshot(manifest: string): string {
  return existsSync(manifest) ? readFileSync(manifest, 'utf8') : '(absent)';
}

function s3Harness(name: string, store: () => S3Store): Harness {
  let runs = 0;
  return {
    name,
    env: () => store().env,
    async fresh() {
      const bucket = await store().bucket('release');
      const prefix = `run-${++runs}`; // a prefix as well: the release must keep to it
      const manifest = join(tempDir('manifest'), 'versions.json');
      cleanup.push(dirname(manifest));
      const client = createS3Client(store().env);
      return {
        dest: `s3://${bucket}/${prefix}`,
        manifest,
        read: async (key) => {
          try {
            const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}/${key}` }));
            return Buffer.from(await object.Body!.transformToByteArray());
          } catch (error) {
            if ((error as Error).name === 'NoSuchKey') return null;
            throw error;
          }
        },
        snapshot: async () => ({
          ...(await snapshotBucket(client, bucket, prefix)),
          manifest: manifestSnapshot(manifest),
        }),
      };
    },
  };
}

const harnesses: Harness[] = [
  {
    name: 'directory',
    env: () => ({ ...process.env }) as Record<string, string>,
    async fresh() {
      const dest = tempDir('origin');
      const manifest = join(tempDir('manifest'), 'versions.json');
      cleanup.push(dest, dirname(manifest));
      return {
        dest,
        manifest,
        read: async (key) => (existsSync(join(dest, key)) ? readFileSync(join(dest, key)) : null),
        snapshot: async () => ({ ...snapshotDirectory(dest), manifest: manifestSnapshot(manifest) }),
      };
    },
  },
  s3Harness('s3', () => s3),
];

async function release(h: Harness, t: Target, build: keyof typeof builds, options: Record<string, unknown> = {}) {
  const version = (build === 'other-1.0.0' ? '1.0.0' : build) as Version;
  const lines: string[] = [];
  try {
    const result = await runRelease({
      dest: t.dest,
      projectDir: projects[version],
      manifestPath: t.manifest,
      build: prebuilt(builds[build]),
      env: h.env(),
      log: (line: string) => lines.push(line),
      ...options,
    });
    return { ...result, output: lines.join('\n') };
  } catch (error) {
    Object.assign(error as object, { output: lines.join('\n') });
    throw error;
  }
}

async function rollback(h: Harness, t: Target, to: string, options: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const result = await runRollback({
    dest: t.dest,
    to,
    manifestPath: t.manifest,
    env: h.env(),
    log: (line: string) => lines.push(line),
    ...options,
  });
  return { ...result, output: lines.join('\n') };
}

const pinned = (version: string, name = 'index.umd.js') => `${PACKAGE}/${version}/${name}`;
const alias = (name = 'index.umd.js') => `${PACKAGE}/v1/${name}`;
const readManifest = (t: Target) => JSON.parse(readFileSync(t.manifest, 'utf8'));
/** The scripts and maps of a version that the alias serves too. */
const SCRIPT_FILES = ['index.umd.js', 'index.umd.js.map', 'element.umd.js', 'element.umd.js.map'] as const;

describe.each(harnesses)('release to a $name target', { timeout: 20_000 }, (h) => {
  it('first publish: writes the pinned files, points v1/ at them, records them in the manifest, prints the tags', async () => {
    const t = await h.fresh();
    const result = await release(h, t, '1.0.0');
    expect(result.outcome).toBe('created');
    for (const name of [...SCRIPT_FILES, 'index.umd.js.integrity', 'element.umd.js.integrity']) {
      expect(await t.read(pinned('1.0.0', name)), name).toEqual(file(builds['1.0.0'], '1.0.0', name));
    }
    for (const name of SCRIPT_FILES) {
      expect(await t.read(alias(name)), name).toEqual(file(builds['1.0.0'], '1.0.0', name));
    }
    for (const name of ['index.umd.js.integrity', 'element.umd.js.integrity']) {
      expect(await t.read(alias(name)), `the alias has no ${name}`).toBeNull();
    }

    const script = file(builds['1.0.0'], '1.0.0', 'index.umd.js');
    const manifest = readManifest(t);
    expect(manifest.versions['1.0.0']).toMatchObject({
      integrity: sriOf(script),
      elementIntegrity: sriOf(file(builds['1.0.0'], '1.0.0', 'element.umd.js')),
      size: script.length,
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(manifest.versions['1.0.0'].integrity).toBe(
      file(builds['1.0.0'], '1.0.0', 'index.umd.js.integrity').toString().trim(),
    );
    expect(Number.isNaN(Date.parse(manifest.versions['1.0.0'].date))).toBe(false);
    expect(manifest.aliases).toEqual({ v1: '1.0.0' });
    expect(manifest.aliasHistory).toMatchObject([{ action: 'release', alias: 'v1', from: null, to: '1.0.0' }]);

    const steps = result.output.split('\n').filter((line) => /^\[\d\/7\]/.test(line));
    expect(steps.map((line) => line.slice(0, 5))).toEqual([
      '[1/7]',
      '[2/7]',
      '[3/7]',
      '[4/7]',
      '[5/7]',
      '[6/7]',
      '[7/7]',
    ]);
    expect(result.output).toContain(`integrity="${sriOf(script)}"`);
    const element = file(builds['1.0.0'], '1.0.0', 'element.umd.js');
    expect(result.output).toContain(
      `<script defer src="/packages/contracts-sdk/1.0.0/element.umd.js"\n        integrity="${sriOf(element)}"`,
    );
    expect(result.output).toContain('crossorigin="anonymous"');
    expect(result.output).toContain('/packages/contracts-sdk/v1/index.umd.js');
  });

  it('re-publishing identical bytes is a no-op that says so and changes nothing', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    const before = await t.snapshot();
    const result = await release(h, t, '1.0.0');
    expect(result.outcome).toBe('unchanged');
    expect(result.output).toContain('1.0.0 is already published with identical bytes: nothing to write');
    expect(result.output).toContain('v1/ already serves 1.0.0');
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a different build under a published version and leaves every byte as it was', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    const before = await t.snapshot();
    const failure = await release(h, t, 'other-1.0.0').catch((error) => error);
    expect(failure).toBeInstanceOf(ReleaseError);
    expect(failure.message).toContain('1.0.0 is already published with different bytes; nothing was written');
    expect(failure.hint).toMatch(/Bump "version"/);
    expect(await t.snapshot()).toEqual(before);
  });

  it('an older version and a prerelease are published but do not move v1/', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    await release(h, t, '1.1.0');
    expect(await t.read(alias())).toEqual(file(builds['1.1.0'], '1.1.0', 'index.umd.js'));

    const older = await release(h, t, '1.0.1');
    expect(older.outcome).toBe('created');
    expect(older.output).toContain('1.1.0 is the highest published 1.x, so v1/ stays on 1.1.0');
    const rc = await release(h, t, '1.2.0-rc.1');
    expect(rc.output).toContain('1.2.0-rc.1 is a prerelease: v1/ never serves prereleases');
    expect(await t.read(alias())).toEqual(file(builds['1.1.0'], '1.1.0', 'index.umd.js'));
    expect(await t.read(pinned('1.0.1'))).toEqual(file(builds['1.0.1'], '1.0.1', 'index.umd.js'));
    expect(await t.read(pinned('1.2.0-rc.1'))).toEqual(file(builds['1.2.0-rc.1'], '1.2.0-rc.1', 'index.umd.js'));

    const manifest = readManifest(t);
    expect(Object.keys(manifest.versions)).toEqual(['1.0.0', '1.0.1', '1.1.0', '1.2.0-rc.1']);
    for (const version of Object.keys(manifest.versions)) {
      expect(manifest.versions[version].integrity, version).toBe(
        sriOf(file(builds[version as Version], version, 'index.umd.js')),
      );
    }
    expect(manifest.aliases).toEqual({ v1: '1.1.0' });
  });

  it('rollback points v1/ to an earlier version, is recorded, and a re-release does not undo it', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    await release(h, t, '1.1.0');
    const result = await rollback(h, t, '1.0.0');
    expect(result).toMatchObject({ alias: 'v1', from: '1.1.0', to: '1.0.0' });
    for (const name of SCRIPT_FILES) {
      expect(await t.read(alias(name)), name).toEqual(file(builds['1.0.0'], '1.0.0', name));
    }
    const manifest = readManifest(t);
    expect(manifest.aliases).toEqual({ v1: '1.0.0' });
    expect(manifest.aliasHistory.at(-1)).toMatchObject({ action: 'rollback', alias: 'v1', from: '1.1.0', to: '1.0.0' });

    const again = await release(h, t, '1.1.0');
    expect(again.output).toContain('v1/ was rolled back from 1.1.0 to 1.0.0');
    expect(await t.read(alias())).toEqual(file(builds['1.0.0'], '1.0.0', 'index.umd.js'));

    await expect(rollback(h, t, '1.5.0')).rejects.toThrow('1.5.0 is not published');
    await expect(rollback(h, t, '1.2.0-rc.1')).rejects.toThrow('prerelease');
    const forward = await rollback(h, t, '1.1.0');
    expect(forward.output).toContain('moves v1/ forward');
    expect(await t.read(alias())).toEqual(file(builds['1.1.0'], '1.1.0', 'index.umd.js'));
  });

  it('refuses a manifest that lacks a rollback the origin records (a stale checkout), and writes nothing', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    await release(h, t, '1.1.0');
    const stale = readFileSync(t.manifest, 'utf8');
    await rollback(h, t, '1.0.0');
    writeFileSync(t.manifest, stale); // the checkout never got the rollback's commit
    const before = await t.snapshot();
    const failure = await release(h, t, '1.1.0').catch((error) => error);
    expect(failure).toBeInstanceOf(ReleaseError);
    expect(failure.message).toContain('is behind the origin');
    expect(failure.message).toContain('rollback of v1/ from 1.1.0 to 1.0.0');
    expect(failure.hint).toContain('git pull');
    await expect(rollback(h, t, '1.1.0')).rejects.toThrow('is behind the origin');
    expect(await t.snapshot(), 'v1/ still serves the rollback').toEqual(before);
  });

  it('--dry-run prints every action and writes nothing (release and rollback)', async () => {
    const t = await h.fresh();
    const empty = await t.snapshot();
    const first = await release(h, t, '1.0.0', { dryRun: true });
    expect(first.output).toContain(`would create  ${pinned('1.0.0')}`);
    expect(first.output).toContain(`would write  ${alias()}`);
    expect(first.output).toContain(`would write  ${t.manifest}`);
    expect(await t.snapshot()).toEqual(empty);

    await release(h, t, '1.0.0');
    const published = await t.snapshot();
    const next = await release(h, t, '1.1.0', { dryRun: true });
    expect(next.output).toContain('v1/ moves from 1.0.0 to 1.1.0');
    expect(next.output).toContain('Dry run complete');
    await rollback(h, t, '1.0.0', { dryRun: true });
    expect(await t.snapshot()).toEqual(published);
  });
});

describe('S3 specifics', { timeout: 20_000 }, () => {
  const h = harnesses[1];
  const locate = (t: Target, key: string) => {
    const { bucket, prefix } = parseS3Url(t.dest);
    return { Bucket: bucket, Key: `${prefix}/${key}` };
  };

  it('sets Content-Type and Cache-Control on pinned and alias objects', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    const client = createS3Client(s3.env);
    const head = (key: string) => client.send(new HeadObjectCommand(locate(t, key)));
    const immutable = 'public, max-age=31536000, immutable';
    expect(await head(pinned('1.0.0'))).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      CacheControl: immutable,
    });
    expect(await head(pinned('1.0.0', 'index.umd.js.map'))).toMatchObject({
      ContentType: 'application/json; charset=utf-8',
      CacheControl: immutable,
    });
    expect(await head(pinned('1.0.0', 'index.umd.js.integrity'))).toMatchObject({
      ContentType: 'text/plain; charset=utf-8',
      CacheControl: immutable,
    });
    expect(await head(alias())).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      CacheControl: 'public, max-age=300',
    });
  });

  // Where immutability is decided on S3: the server, not the release's own check before writing.
  it('the server lets exactly one of 20 concurrent If-None-Match: * PUTs to one key win; the rest get 412', async () => {
    const bucket = await s3.bucket('race');
    const client = createS3Client(s3.env);
    const bodies = Array.from({ length: 20 }, (_, i) => `contender ${i}`);
    const results = await Promise.allSettled(
      bodies.map((Body) => client.send(new PutObjectCommand({ Bucket: bucket, Key: 'pin', Body, IfNoneMatch: '*' }))),
    );
    const statuses = results.map((r) =>
      r.status === 'fulfilled'
        ? r.value.$metadata.httpStatusCode
        : (r.reason as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(19);
    const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'pin' }));
    expect(await stored.Body!.transformToString()).toBe(bodies[statuses.indexOf(200)]);
  });

  it("the S3 target's createOnly reports one 'created' and 19 'exists' for 20 concurrent writers, never overwriting", async () => {
    const bucket = await s3.bucket('create-only');
    const target = openS3Target(`s3://${bucket}/sdk`, { env: s3.env });
    const headers = { contentType: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=31536000, immutable' };
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.from(`contender ${i}`));
    try {
      const outcomes = await Promise.all(bodies.map((bytes) => target.createOnly('pin', bytes, headers)));
      expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'exists')).toHaveLength(19);
      expect((await target.get('pin'))?.body).toEqual(bodies[outcomes.indexOf('created')]);
      expect(target.conditionalWrites, 'radosgw honours If-None-Match').toBe(true);
    } finally {
      await target.close();
    }
  });

  it('of two releases of one version racing on their first write, the server refuses the loser, which stops', async () => {
    const t = await h.fresh();
    // Both releases pass the check before writing; then each one's first PUT waits for the other's, so both
    // conditional writes reach the server together and only the server can decide.
    let arrived = 0;
    let bothArrived!: () => void;
    const together = new Promise<void>((resolve) => (bothArrived = resolve));
    const inner = createS3Client(s3.env);
    const racing = () => {
      let held = false;
      const client = Object.create(inner) as S3Client;
      client.send = (async (command: unknown) => {
        if (command instanceof PutObjectCommand && !held) {
          held = true;
          if (++arrived === 2) bothArrived();
          await together;
        }
        return inner.send(command as never);
      }) as S3Client['send'];
      return client;
    };
    const results = await Promise.allSettled([
      release(h, t, '1.0.0', { s3Client: racing() }),
      release(h, t, 'other-1.0.0', { s3Client: racing() }),
    ]);
    inner.destroy();
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0].status === 'fulfilled' ? '1.0.0' : 'other-1.0.0';
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(ReleaseError);
    expect(loser.reason.message).toContain('another release of 1.0.0 wrote it concurrently');
    expect(loser.reason.output, 'the loser created no file').not.toMatch(/^\s*created /m);
    for (const name of ['index.umd.js', 'index.umd.js.map', 'index.umd.js.integrity']) {
      expect(await t.read(pinned('1.0.0', name)), name).toEqual(file(builds[winner], '1.0.0', name));
    }
  });

  // s3rver on purpose: it ignores If-None-Match, like some S3-compatible stores; the read-back must still keep
  // two releases from both reporting success.
  it('of two concurrent releases with different bytes, not both succeed (s3rver: store ignoring If-None-Match)', async () => {
    const store = await startS3();
    try {
      const ignoring = s3Harness('s3rver', () => store);
      const t = await ignoring.fresh();
      const results = await Promise.allSettled([release(ignoring, t, '1.0.0'), release(ignoring, t, 'other-1.0.0')]);
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
      const won = results.findIndex((r) => r.status === 'fulfilled');
      if (won >= 0) {
        const build = won === 0 ? '1.0.0' : 'other-1.0.0';
        expect(await t.read(pinned('1.0.0'))).toEqual(file(builds[build], '1.0.0', 'index.umd.js'));
      }
    } finally {
      await store.stop();
    }
  });

  it('warns when the bucket has no CORS rule (SRI needs CORS) and explains a missing bucket', async () => {
    const noCors = await s3.bucket('no-cors', { cors: false });
    const t = { ...(await h.fresh()), dest: `s3://${noCors}/sdk` };
    const result = await release(h, t, '1.0.0');
    expect(result.output).toMatch(new RegExp(`warning: bucket ${noCors} has no CORS configuration`));
    const failure = await release(h, { ...t, dest: 's3://missing-bucket/sdk' }, '1.0.0').catch((error) => error);
    expect(failure).toBeInstanceOf(ReleaseError);
    expect(failure.message).toMatch(/bucket of s3:\/\/missing-bucket\/sdk does not exist/);
  });
});

describe('directory specifics', { timeout: 20_000 }, () => {
  const h = harnesses[0];

  it('refuses a target directory that does not exist instead of creating it', async () => {
    const parent = tempDir('parent');
    cleanup.push(parent);
    const t = { ...(await h.fresh()), dest: join(parent, 'typo') };
    await expect(release(h, t, '1.0.0')).rejects.toThrow(/does not exist/);
    expect(existsSync(t.dest)).toBe(false);
  });

  it('of two concurrent releases of one version with different bytes, exactly one wins (exclusive create)', async () => {
    const t = await h.fresh();
    const results = await Promise.allSettled([release(h, t, '1.0.0'), release(h, t, 'other-1.0.0')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0].status === 'fulfilled' ? '1.0.0' : 'other-1.0.0';
    for (const name of ['index.umd.js', 'index.umd.js.map', 'index.umd.js.integrity']) {
      expect(await t.read(pinned('1.0.0', name)), name).toEqual(file(builds[winner], '1.0.0', name));
    }
    expect(
      Object.keys(snapshotDirectory(t.dest)).filter((name) => name.endsWith('.tmp')),
      'no temporary files left',
    ).toEqual([]);
  });

  it("rollback to a version published before the element file keeps the alias's element file, and warns", async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    await release(h, t, '1.1.0');
    // 1.0.0 as a version published before 1.3.0: no element file.
    for (const name of ['element.umd.js', 'element.umd.js.map', 'element.umd.js.integrity'])
      rmSync(join(t.dest, pinned('1.0.0', name)));
    const result = await rollback(h, t, '1.0.0');
    expect(await t.read(alias())).toEqual(file(builds['1.0.0'], '1.0.0', 'index.umd.js'));
    expect(await t.read(alias('element.umd.js'))).toEqual(file(builds['1.1.0'], '1.1.0', 'element.umd.js'));
    expect(result.output).toContain(
      '1.0.0 has no element.umd.js (published before the element had a file): v1/element.umd.js keeps the version it serves',
    );
    expect(result.output).not.toContain('element.umd.js"\n        integrity');

    // Half an element (its map without it) is a damaged version, not an old one.
    rmSync(join(t.dest, pinned('1.1.0', 'element.umd.js')));
    await expect(rollback(h, t, '1.1.0')).rejects.toThrow(
      '1.1.0/ has only one of element.umd.js and element.umd.js.map',
    );
  });

  it('refuses to record another origin in a manifest that belongs to a different target', async () => {
    const t = await h.fresh();
    await release(h, t, '1.0.0');
    const other = { ...(await h.fresh()), manifest: t.manifest };
    const failure = await release(h, other, '1.0.0').catch((error) => error);
    expect(failure.message).toContain(`records the origin ${t.dest}`);
    expect(snapshotDirectory(other.dest)).toEqual({});
  });
});
