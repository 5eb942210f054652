// @vitest-environment node
// Every link of README.md and docs/**/*.md resolves: relative files exist and #anchors name a heading of the
// target, by GitHub's slug rules. Every docs/….md path that code names (in a message or a comment) exists.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';

/** Markdown files, relative to the repository: README.md and everything under docs/. */
function markdownFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(REPO_ROOT, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (statSync(join(REPO_ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** The text without fenced blocks and inline code, where nothing is a link or a heading. */
function withoutCode(text: string): string {
  return text.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '``');
}

/**
 * GitHub's heading anchors: the rendered text, lower-cased, without anything but letters, marks, digits,
 * spaces, hyphens and underscores, spaces turned into hyphens; a repeated slug gets -1, -2, ….
 */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    // Code spans render as written; outside them, links keep their text and tags and emphasis marks vanish.
    const spans: string[] = [];
    const rendered = heading!
      .replace(/`([^`]*)`/g, (_, code: string) => `\u0000${spans.push(code) - 1}\u0000`)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/\*\*|__|\*/g, '')
      .replace(/\u0000(\d+)\u0000/g, (_, index: string) => spans[Number(index)]!);
    const slug = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('links of README.md and docs/', () => {
  it('GitHub slugs: code spans keep their text, punctuation goes, repeats are numbered', () => {
    const anchors = anchorsOf(
      '## `open(): Promise<void>`\n## 6. App → SDK messages\n## Tests\n## Tests\n```md\n## not a heading\n```\n',
    );
    expect([...anchors]).toEqual(['open-promisevoid', '6-app--sdk-messages', 'tests', 'tests-1']);
  });

  it('relative links name files that exist, and anchors that a heading of the target defines', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles()) {
      const source = readFileSync(join(REPO_ROOT, file), 'utf8');
      for (const [, target] of withoutCode(source).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^(https?:|mailto:|\{)/.test(target!)) continue;
        checked++;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = path ? join(dirname(join(REPO_ROOT, file)), decodeURIComponent(path)) : join(REPO_ROOT, file);
        if (!existsSync(resolved)) {
          broken.push(`${file}: ${target} (no ${relative(REPO_ROOT, resolved)})`);
        } else if (anchor !== undefined && !anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
          broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(REPO_ROOT, resolved)})`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it("the npm package's README links only within the package: GUIDE.md (the repository README) and its own headings", () => {
    const source = readFileSync(join(REPO_ROOT, 'loader', 'README.md'), 'utf8');
    const targets = {
      'GUIDE.md': anchorsOf(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')),
      '': anchorsOf(source),
    };
    const broken: string[] = [];
    const links = [...withoutCode(source).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    for (const target of links.filter((link) => !/^https?:/.test(link))) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const anchors = targets[path as keyof typeof targets];
      if (!anchors || (anchor !== undefined && !anchors.has(anchor))) broken.push(target);
    }
    expect(broken, 'a link the registry page cannot follow').toEqual([]);
    expect(links.length).toBeGreaterThanOrEqual(4);
  });

  it('every docs/….md path named in src/, loader/, scripts/, demo/ and lib/ exists', () => {
    const missing: string[] = [];
    const scan = (dir: string): void => {
      for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules') scan(path);
        } else if (/\.(m?[jt]sx?|html)$/.test(entry.name)) {
          for (const [named] of readFileSync(join(REPO_ROOT, path), 'utf8').matchAll(/docs\/[\w./-]+\.md/g)) {
            if (!existsSync(join(REPO_ROOT, named))) missing.push(`${path}: ${named}`);
          }
        }
      }
    };
    for (const dir of ['src', 'loader', 'scripts', 'demo', 'lib']) scan(dir);
    expect(missing).toEqual([]);
  });
});
