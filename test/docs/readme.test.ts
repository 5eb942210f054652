// @vitest-environment node
// README.md is the partner's page (docs/sandbox.md, docs/release.md and docs/development.md hold the rest): it
// keeps the sections a partner's integration needs, in that order, and stays short enough to read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';

const MAX_LINES = 500;
const SECTIONS = [
  'Load the script',
  'Install from npm',
  'React',
  'Vue, Angular, Svelte, plain HTML',
  'Quick start',
  'Events',
  'Errors',
  'Options',
  'Methods',
  'Performance',
  'Content Security Policy',
  'Security model',
  'Debugging and troubleshooting',
  'Support and tracing',
  'TypeScript',
  'Browser support',
  'Versioning',
];

describe("README.md, the partner's page", () => {
  const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

  it(`has fewer than ${MAX_LINES} lines (move maintainer detail to docs/)`, () => {
    expect(text.trimEnd().split('\n').length).toBeLessThan(MAX_LINES);
  });

  it("has the partner's sections, in order", () => {
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(SECTIONS);
  });

  it('starts with the two commands that .ci/run and a first try use', () => {
    const commands = /```sh\n([\s\S]*?)```/.exec(text)![1]!;
    expect(commands).toContain('npm ci && npm run demo\n');
    expect(commands).toContain(
      readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8')
        .trim()
        .split('\n')
        .pop()!,
    );
  });
});
