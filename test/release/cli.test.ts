// @vitest-environment node
// The real commands, as a release engineer runs them: from a clean clone (a committed temporary copy of the
// project), with a real clean build, into a directory and into a real S3 (radosgw on loopback: radosgw.ts)
// configured through the usual AWS environment variables.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sriOf } from '../../lib/bundle.mjs';
import { createS3Client } from '../../scripts/release/targets/s3.mjs';
import { PACKAGE, makeProject, snapshotDirectory, tempDir } from './helpers';
import { type Radosgw, startRadosgw } from './radosgw';

let project: string;
let s3: Radosgw;
const cleanup: string[] = [];

beforeAll(async () => {
  project = makeProject('1.0.0');
  cleanup.push(project);
  s3 = await startRadosgw();
}, 90_000);

afterAll(async () => {
  await s3?.stop();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function run(script: 'release' | 'rollback', args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(project, 'scripts', `${script}.mjs`), ...args], {
      cwd: project,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Generous: each release really builds (three rollup passes: the global build, the npm loader, its types), and
// the suite shares two cores with the browser tests.
describe('npm run release / release:rollback (the scripts themselves)', { timeout: 120_000 }, () => {
  it('releases a clean clone into a directory with a real build, then refuses a dirty tree', async () => {
    const dest = tempDir('cli-origin');
    const manifest = join(tempDir('cli-manifest'), 'versions.json');
    cleanup.push(dest, dirname(manifest));
    const result = await run('release', [
      '--dest',
      dest,
      '--manifest',
      manifest,
      '--public-url',
      'https://cdn.example.com',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /\[1\/7\] Build\n\s+git: clean at [0-9a-f]{12}\n\s+built 1\.0\.0 from .* in \d+\.\d s/,
    );
    expect(result.stdout).toContain('Released 1.0.0.');
    const script = readFileSync(join(dest, PACKAGE, '1.0.0', 'index.umd.js'));
    const integrity = sriOf(script);
    expect(readFileSync(join(dest, PACKAGE, '1.0.0', 'index.umd.js.integrity'), 'utf8').trim()).toBe(integrity);
    expect(JSON.parse(readFileSync(manifest, 'utf8')).versions['1.0.0'].integrity).toBe(integrity);
    expect(result.stdout).toContain(
      `<script src="https://cdn.example.com/packages/contracts-sdk/1.0.0/index.umd.js"\n        integrity="${integrity}"\n        crossorigin="anonymous"></script>`,
    );

    const before = snapshotDirectory(dest);
    writeFileSync(join(project, 'stray.txt'), 'not committed');
    try {
      const dirty = await run('release', ['--dest', dest, '--manifest', manifest]);
      expect(dirty.code).toBe(1);
      expect(dirty.stderr).toContain(
        'error: the git working tree has 1 uncommitted or untracked change(s):\n    ?? stray.txt',
      );
      expect(dirty.stderr).toContain('fix: commit or stash them');
    } finally {
      rmSync(join(project, 'stray.txt'));
    }
    expect(snapshotDirectory(dest)).toEqual(before);

    const rolled = await run('rollback', ['--dest', dest, '--manifest', manifest, '--to', '1.0.0']);
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toContain('v1/ already serves 1.0.0: nothing to write');
  });

  it('releases into S3 configured by AWS_ENDPOINT_URL and the AWS credential variables', async () => {
    const manifest = join(tempDir('cli-manifest'), 'versions.json');
    cleanup.push(dirname(manifest));
    const bucket = await s3.bucket('cli');
    const result = await run('release', ['--dest', `s3://${bucket}/cli`, '--manifest', manifest], s3.env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `Releasing contracts-sdk 1.0.0 to S3 s3://${bucket}/cli (endpoint http://127.0.0.1:`,
    );
    expect(result.stdout).toContain('written with If-None-Match: *');
    const head = await createS3Client(s3.env).send(
      new HeadObjectCommand({ Bucket: bucket, Key: `cli/${PACKAGE}/1.0.0/index.umd.js` }),
    );
    expect(head).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(JSON.parse(readFileSync(manifest, 'utf8')).target).toBe(`s3://${bucket}/cli`);
  });

  it('exits 2 with the usage on a usage error, and 1 with a fix on a bad target', async () => {
    const usage = await run('release', ['--dets', '/tmp']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("error: Unknown option '--dets'");
    expect(usage.stderr).toContain('Usage: npm run release -- --dest <target>');
    const parent = tempDir('cli-parent');
    cleanup.push(parent);
    const missing = join(parent, 'nope');
    const bad = await run('release', ['--dest', missing, '--dry-run']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`error: target directory ${missing} does not exist`);
    expect(existsSync(missing)).toBe(false);
  });
});
