// @vitest-environment node
// The check `npm run demo` uses to skip the build (lib/build-stamp.mjs): dist/ is current exactly when it holds a
// finished build of the inputs' contents as they are now, whatever their modification times.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_INPUTS, buildState, clearStamp, ensureBuilt, inputsHash, writeStamp } from '../../lib/build-stamp.mjs';

const INPUTS = ['src', 'package.json'];
let root: string;
let out: string;

/** What the build does, as far as the stamp goes: it records the inputs' hash once it has finished. */
function fakeBuild(): void {
  mkdirSync(out, { recursive: true });
  writeStamp(out, inputsHash(root, INPUTS));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  out = join(root, 'dist');
  mkdirSync(join(root, 'src', 'nested'), { recursive: true });
  writeFileSync(join(root, 'src', 'index.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src', 'nested', 'leaf.ts'), 'export const b = 2;\n');
  writeFileSync(join(root, 'package.json'), '{"version":"1.3.0"}\n');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('buildState', () => {
  it('a fresh clone (no dist/) needs a build', () => {
    expect(buildState(root, out, INPUTS)).toEqual({ current: false, reason: `no finished build in ${out}` });
  });

  it('is current after a finished build, and stays so when only modification times change', () => {
    fakeBuild();
    expect(buildState(root, out, INPUTS).current).toBe(true);
    // A checkout or `touch`: newer times, same contents. And a copy with old times kept: same contents too.
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(join(root, 'src', 'index.ts'), future, future);
    utimesSync(join(root, 'package.json'), new Date(0), new Date(0));
    expect(buildState(root, out, INPUTS).current).toBe(true);
  });

  it('needs a build when a source changes, even with a modification time older than the build', () => {
    fakeBuild();
    writeFileSync(join(root, 'src', 'nested', 'leaf.ts'), 'export const b = 3;\n');
    utimesSync(join(root, 'src', 'nested', 'leaf.ts'), new Date(0), new Date(0));
    expect(buildState(root, out, INPUTS)).toEqual({
      current: false,
      reason: 'the sources changed since the last build',
    });
  });

  it('needs a build when a source is added, removed or renamed', () => {
    fakeBuild();
    writeFileSync(join(root, 'src', 'extra.ts'), '');
    expect(buildState(root, out, INPUTS).current).toBe(false);
    rmSync(join(root, 'src', 'extra.ts'));
    expect(buildState(root, out, INPUTS).current).toBe(true);
    const leaf = readFileSync(join(root, 'src', 'nested', 'leaf.ts'));
    rmSync(join(root, 'src', 'nested', 'leaf.ts'));
    writeFileSync(join(root, 'src', 'nested', 'other.ts'), leaf);
    expect(buildState(root, out, INPUTS).current).toBe(false);
  });

  it('a build that started and did not finish leaves no stamp', () => {
    fakeBuild();
    clearStamp(out); // what the build does first
    expect(buildState(root, out, INPUTS).current).toBe(false);
  });
});

describe('ensureBuilt (npm run demo)', () => {
  it('builds when needed and says why, then skips and says so', () => {
    const build = vi.fn(fakeBuild);
    const log = vi.fn();
    const run = () => ensureBuilt({ root, outDir: out, build, log, inputs: INPUTS });
    expect(run()).toBe(true);
    expect(log).toHaveBeenLastCalledWith(`building the SDK: no finished build in ${out}.`);
    expect(run()).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenLastCalledWith(
      expect.stringMatching(/^skipping the build: .* is current, built from these sources/),
    );
  });

  it('fails when the build returns without finishing', () => {
    const log = vi.fn();
    expect(() => ensureBuilt({ root, outDir: out, build: () => undefined, log, inputs: INPUTS })).toThrow(
      `the build did not finish: no finished build in ${out}`,
    );
  });
});

describe('BUILD_INPUTS', () => {
  const config = readFileSync(new URL('../../rollup.config.mjs', import.meta.url), 'utf8');

  it("lists every repository file rollup.config.mjs imports (but the stamp's own helper)", () => {
    const imported = [...config.matchAll(/^import .* from '\.\/(.+?)';$/gm)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(3);
    const outputs = imported.filter((path) => path !== 'lib/build-stamp.mjs');
    expect(outputs.filter((path) => !BUILD_INPUTS.includes(path))).toEqual([]);
  });

  it('lists every file and folder the build reads from the repository root (dist/: its default output)', () => {
    const read = [...config.matchAll(/join\(root, '([^']+)'/g)].map((match) => match[1]).filter((p) => p !== 'dist');
    expect(read.length).toBeGreaterThan(3);
    expect([...new Set(read)].filter((path) => !BUILD_INPUTS.includes(path))).toEqual([]);
  });
});
