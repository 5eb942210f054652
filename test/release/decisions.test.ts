// @vitest-environment node
// The pure decisions of the pipeline: when the alias moves, what the manifest says, how the CLI reads its flags.
import { describe, expect, it } from 'vitest';
import { decideAlias } from '../../scripts/release/alias.mjs';
import { parseReleaseArgs, parseRollbackArgs } from '../../scripts/release/args.mjs';
import { buildManifest, checkManifestTarget, describeManifestChanges } from '../../scripts/release/manifest.mjs';
import { UsageError } from '../../scripts/release/report.mjs';
import { snippetFor } from '../../scripts/release/snippet.mjs';

describe('decideAlias', () => {
  const published = ['1.0.0', '1.2.4', '1.3.0'];

  it('moves v1/ to the highest stable 1.x only', () => {
    expect(decideAlias({ version: '1.3.0', published, current: '1.2.4' })).toMatchObject({ alias: 'v1', move: true });
    expect(decideAlias({ version: '1.2.4', published, current: '1.3.0' })).toMatchObject({
      move: false,
      reason: expect.stringContaining('1.3.0 is the highest published 1.x'),
    });
    expect(
      decideAlias({ version: '1.4.0-rc.1', published: [...published, '1.4.0-rc.1'], current: '1.3.0' }),
    ).toMatchObject({ move: false, reason: expect.stringContaining('prerelease') });
    expect(decideAlias({ version: '2.0.0', published: [...published, '2.0.0'], current: null })).toMatchObject({
      alias: 'v2',
      move: true,
    });
    expect(decideAlias({ version: '1.3.0', published, current: '1.3.0' })).toMatchObject({
      move: false,
      reason: 'v1/ already serves 1.3.0',
    });
  });

  it('does not undo a rollback when the rolled-back version is released again, but a newer version moves it', () => {
    const history = [
      { action: 'release', alias: 'v1', from: '1.2.4', to: '1.3.0', date: 'd1' },
      { action: 'rollback', alias: 'v1', from: '1.3.0', to: '1.2.4', date: 'd2' },
    ];
    expect(decideAlias({ version: '1.3.0', published, current: '1.2.4', history })).toMatchObject({
      move: false,
      reason: expect.stringContaining('rolled back from 1.3.0'),
    });
    expect(
      decideAlias({ version: '1.3.1', published: [...published, '1.3.1'], current: '1.2.4', history }),
    ).toMatchObject({ move: true });
    // a rollback of another major does not hold v1/
    const other = [{ action: 'rollback', alias: 'v2', from: '2.1.0', to: '2.0.0', date: 'd3' }];
    expect(decideAlias({ version: '1.3.0', published, current: '1.2.4', history: other })).toMatchObject({
      move: true,
    });
  });
});

describe('manifest', () => {
  const info = (integrity: string, lastModified = new Date('2024-01-01T00:00:00Z')) => ({
    integrity,
    size: 10,
    gzipSize: 5,
    lastModified,
  });

  it('is rebuilt from the target, sorted by precedence, keeping first-publication dates and history', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const previous = {
      target: '/srv/origin',
      versions: {
        '1.0.0': { integrity: 'sha384-a', size: 10, gzipSize: 5, date: '2024-05-05T00:00:00.000Z', commit: 'abc' },
      },
      aliases: { v1: '1.0.0' },
      aliasHistory: [{ action: 'release', alias: 'v1', from: null, to: '1.0.0', date: '2024-05-05T00:00:00.000Z' }],
    };
    const manifest = buildManifest({
      previous,
      targetId: '/srv/origin',
      versions: new Map([
        ['1.10.0', info('sha384-c')],
        ['1.0.0', info('sha384-a')],
        ['1.9.0', info('sha384-b')],
      ]),
      aliases: new Map([['v1', '1.10.0']]),
      release: { version: '1.10.0', commit: 'def' },
      event: { action: 'release', alias: 'v1', from: '1.0.0', to: '1.10.0' },
      now,
    });
    expect(Object.keys(manifest.versions)).toEqual(['1.0.0', '1.9.0', '1.10.0']);
    expect(manifest.versions['1.0.0']).toEqual({
      integrity: 'sha384-a',
      size: 10,
      gzipSize: 5,
      date: '2024-05-05T00:00:00.000Z',
      commit: 'abc',
    });
    expect(manifest.versions['1.9.0'].date).toBe('2024-01-01T00:00:00.000Z'); // unknown to the manifest: the target's date
    expect(manifest.versions['1.10.0']).toMatchObject({ date: now.toISOString(), commit: 'def' });
    expect(manifest.aliases).toEqual({ v1: '1.10.0' });
    expect(manifest.aliasHistory).toHaveLength(2);
    expect(manifest.aliasHistory[1]).toEqual({
      action: 'release',
      alias: 'v1',
      from: '1.0.0',
      to: '1.10.0',
      date: now.toISOString(),
    });
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
    expect(describeManifestChanges(previous, manifest)).toEqual([
      '+ 1.9.0  sha384-b',
      '+ 1.10.0  sha384-c',
      'v1 → 1.10.0 (was 1.0.0)',
    ]);
  });

  it('belongs to one origin', () => {
    expect(() => checkManifestTarget({ target: 's3://prod/sdk', versions: {} }, '/tmp/x', 'versions.json')).toThrow(
      /records the origin s3:\/\/prod\/sdk, not \/tmp\/x/,
    );
    expect(() => checkManifestTarget({ target: '/tmp/x', versions: {} }, '/tmp/x', 'versions.json')).not.toThrow();
    expect(() => checkManifestTarget(null, '/tmp/x', 'versions.json')).not.toThrow();
  });
});

describe('command line', () => {
  it('parses release flags', () => {
    expect(
      parseReleaseArgs(
        ['--dest', 's3://b/p', '--dry-run', '--allow-dirty', '--public-url', 'https://cdn.example.com/'],
        {},
      ),
    ).toEqual({
      help: false,
      dest: 's3://b/p',
      dryRun: true,
      allowDirty: true,
      manifestPath: undefined,
      publicUrl: 'https://cdn.example.com',
    });
    expect(parseReleaseArgs(['--dest', '/srv'], { SDK_PUBLIC_URL: 'https://cdn.example.com' }).publicUrl).toBe(
      'https://cdn.example.com',
    );
    expect(parseReleaseArgs(['--help'], {})).toEqual({ help: true });
  });

  it('rejects mistakes with usage errors that say what to do', () => {
    expect(() => parseReleaseArgs([], {})).toThrow(/missing --dest.*npm run release -- --dest/);
    expect(() => parseReleaseArgs(['--dest', '/srv', '--dyr-run'], {})).toThrow(UsageError);
    expect(() => parseReleaseArgs(['--dest', '/srv', 'extra'], {})).toThrow(UsageError);
    expect(() => parseReleaseArgs(['--dest', '/srv', '--public-url', 'cdn.example.com'], {})).toThrow(/absolute URL/);
    expect(() => parseRollbackArgs(['--dest', '/srv'], {})).toThrow(/missing --to/);
    expect(parseRollbackArgs(['--dest', '/srv', '--to', '1.2.3'], {})).toMatchObject({
      dest: '/srv',
      to: '1.2.3',
      dryRun: false,
    });
  });
});

describe('snippet', () => {
  it('pins with integrity and crossorigin, and offers the floating alias', () => {
    const text = snippetFor({
      publicUrl: 'https://cdn.example.com',
      version: '1.2.4',
      integrity: 'sha384-xyz',
      aliasServes: '1.3.0',
    });
    expect(text).toContain(
      '<script src="https://cdn.example.com/packages/contracts-sdk/1.2.4/index.umd.js"\n        integrity="sha384-xyz"\n        crossorigin="anonymous"></script>',
    );
    expect(text).toContain(
      '<script src="https://cdn.example.com/packages/contracts-sdk/v1/index.umd.js" crossorigin="anonymous"></script>',
    );
    expect(text).toContain('serves 1.3.0, not 1.2.4');
    expect(text, 'no element file given: no element tag').not.toContain('element.umd.js');
  });

  it("adds the element file's tag with its own integrity, deferred, when the version has one", () => {
    const text = snippetFor({
      publicUrl: 'https://cdn.example.com',
      version: '1.3.0',
      integrity: 'sha384-xyz',
      elementIntegrity: 'sha384-element',
      aliasServes: '1.3.0',
    });
    expect(text).toContain(
      '<script defer src="https://cdn.example.com/packages/contracts-sdk/1.3.0/element.umd.js"\n        integrity="sha384-element"\n        crossorigin="anonymous"></script>',
    );
  });
});
