// @vitest-environment node
// Every fenced block of README.md, loader/README.md and docs/*.md is a test (docs/development.md, "Documentation snippets"): checked
// here by its language, or by the named test that looks it up, or marked illustrative in the document.
// The type check reads the built package: run `npm run build` first (`npm test` does).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSnippets, docFiles, ILLUSTRATIVE } from '../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { readHtml } from './html';
import { MODULE_FILES, preludeOf } from './preludes';
import { typeCheck, type SourceFile } from './type-check';

interface Block {
  file: string;
  line: number;
  lang: string;
  marker: string | null;
  code: string;
}

const { version, scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const major = version.split('.')[0];
const blocks: Block[] = allSnippets();
const checked = blocks.filter((block) => block.marker !== ILLUSTRATIVE);
const SHELL = ['sh', 'shell', 'bash'];
const TYPED = { ts: 'ts', tsx: 'tsx', js: 'js' } as Record<string, string>;
// Svelte and Vue components are compiled and rendered on the server by test/docs/ssr/ (svelte.test.ts, vue.test.ts).
const SERVER_RENDERED = ['svelte', 'vue'];
const KNOWN = [...Object.keys(TYPED), 'html', 'json', ...SHELL, ...SERVER_RENDERED];
const where = (block: Block, line = 1) => `${block.file}:${block.line + line}`;
const ofLang = (...langs: string[]) => checked.filter((block) => langs.includes(block.lang));

/** A document's text outside its code blocks (the prose), and its text without its illustrative blocks. */
function proseOf(file: string, keep: (block: Block) => boolean = () => false): string {
  const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n');
  for (const block of blocks.filter((candidate) => candidate.file === file && !keep(candidate))) {
    const length = block.code.split('\n').length; // content lines + 1: with the closing fence
    for (let i = block.line - 1; i < block.line + length; i++) lines[i] = '';
  }
  return lines.join('\n');
}

type Located = SourceFile & { at: (line: number) => string };

/** The files to type-check for a document's blocks: ts/tsx/js blocks, and the inline scripts of html blocks. */
function sourcesOf(file: string): Located[] {
  const sources: Located[] = [];
  for (const block of checked.filter((candidate) => candidate.file === file)) {
    const name = `L${block.line}`;
    const moduleFile = block.marker ? MODULE_FILES[file]?.[block.marker] : undefined;
    if (TYPED[block.lang])
      sources.push({
        name: moduleFile ?? `${name}.${TYPED[block.lang]}`,
        code: block.code,
        at: (line) => where(block, line),
      });
    if (block.lang !== 'html') continue;
    for (const script of readHtml(block.code).scripts.filter((tag) => !tag.attributes.src)) {
      sources.push({
        name: `${name}-script${script.line}.js`,
        code: script.code,
        at: (line) => where(block, script.codeLine - 1 + line),
      });
    }
  }
  return sources;
}

/** Type errors of a document's snippets as `file:line:column message`, JavaScript and TypeScript apart. */
function typeErrorsOf(file: string): string[] {
  const sources = sourcesOf(file);
  const groups = [
    sources.filter((source) => source.name.endsWith('.js')),
    sources.filter((source) => !source.name.endsWith('.js')),
  ];
  const errors: string[] = [];
  for (const group of groups.filter((candidate) => candidate.length > 0)) {
    const result = typeCheck(group, preludeOf(file));
    errors.push(...result.get('prelude.d.ts')!.map((text) => `${file} prelude: ${text}`));
    for (const source of group) {
      for (const text of result.get(source.name)!) {
        const [line, column] = text.slice(0, text.indexOf(' ')).split(':').map(Number);
        errors.push(`${source.at(line!)}:${column} ${text.slice(text.indexOf(' ') + 1)}`);
      }
    }
  }
  return errors;
}

describe('documentation snippets', () => {
  it("are found in README.md, the npm package's README and docs/*.md, CHANGELOG.md aside", () => {
    expect(docFiles()).toContain('README.md');
    expect(docFiles()).toContain('loader/README.md');
    expect(docFiles()).toContain('docs/sandbox.md');
    expect(docFiles()).not.toContain('CHANGELOG.md');
    expect(blocks.length).toBeGreaterThan(10);
  });

  it('each is of a language checked here, or marked (illustrative, or named for its test)', () => {
    const unknown = blocks.filter((block) => block.marker === null && !KNOWN.includes(block.lang));
    expect(
      unknown.map((block) => `${where(block, 0)} "${block.lang}"`),
      `known: ${KNOWN.join(', ')}`,
    ).toEqual([]);
  });

  it('ts, tsx and js blocks, and the inline scripts of html blocks, type-check under strict TypeScript against the built package and the script-tag global', () => {
    expect(docFiles().flatMap(typeErrorsOf)).toEqual([]);
  }, 120_000); // a few TypeScript programs: seconds each on a loaded machine

  it("html blocks parse; a script tag loading contracts-sdk pins this version with its sidecar's whole integrity and crossorigin, or is the floating path without integrity", () => {
    const problems: string[] = [];
    const sdkScripts: string[] = [];
    for (const block of ofLang('html')) {
      const { problems: found, scripts: tags } = readHtml(block.code);
      problems.push(...found.map((problem) => `${block.file}:${block.line} ${problem}`));
      for (const tag of tags) {
        const path = /\/packages\/contracts-sdk\/([^/]+)\/((?:index|element)\.umd\.js)$/.exec(tag.attributes.src ?? '');
        if (!path) continue;
        const at = where(block, tag.line);
        sdkScripts.push(at);
        const { integrity, crossorigin } = tag.attributes;
        if (/^v\d+$/.test(path[1]!)) {
          if (path[1] !== `v${major}`) problems.push(`${at} floating path ${path[1]}/, this is major ${major}`);
          if (integrity !== undefined)
            problems.push(`${at} the floating path changes with every release: no integrity`);
        } else {
          if (path[1] !== version) problems.push(`${at} loads contracts-sdk ${path[1]}, package.json is ${version}`);
          // The sidecar holds the whole value (`sha384-…`): the placeholder is all of it, nothing in front
          // (e2e/docs-snippets.spec.ts fills it from the build and loads the tags in browsers).
          const sidecar = `<content of ${path[2]}.integrity>`;
          if (integrity !== sidecar) problems.push(`${at} a pinned script needs integrity="${sidecar}"`);
          if (crossorigin !== 'anonymous')
            problems.push(`${at} a pinned script needs crossorigin="anonymous" (SRI needs CORS)`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sdkScripts.length, 'the README shows the pinned and the floating tag').toBeGreaterThanOrEqual(2);
  });

  it('json blocks parse', () => {
    const problems = ofLang('json').flatMap((block) => {
      try {
        JSON.parse(block.code);
        return [];
      } catch (error) {
        return [`${where(block, 0)} ${(error as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('shell blocks run only npm scripts of package.json and files of the repository, and name only documented variables', () => {
    const documented = new Set(
      docFiles().flatMap((file) => [...proseOf(file).matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1])),
    );
    const problems: string[] = [];
    for (const block of ofLang(...SHELL)) {
      block.code.split('\n').forEach((text, index) => {
        const at = where(block, index + 1);
        const command = text.replace(/(^|\s)#.*$/, '');
        for (const [, name] of command.matchAll(/\bnpm run ([\w:-]+)/g))
          if (!scripts[name!]) problems.push(`${at} npm run ${name}: no such script`);
        for (const [, , path] of command.matchAll(/(^|[\s;&|(])(?:node|bash) +([^\s-]\S*)/g)) {
          if (!existsSync(join(REPO_ROOT, path!))) problems.push(`${at} ${path}: no such file`);
        }
        const variables = [
          ...command.matchAll(/(?:^|[\s;&|(])([A-Z][A-Z0-9_]*)=/g),
          ...command.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g),
        ];
        for (const [, name] of variables)
          if (!documented.has(name!)) problems.push(`${at} ${name} is not a documented setting`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("name no other version than package.json's (contracts-sdk/X.Y.Z/, contracts-sdk@X.Y.Z, SDK_VERSION, v<major>/), illustrative blocks aside", () => {
    const stale: string[] = [];
    for (const file of docFiles()) {
      const text = proseOf(file, (block) => block.marker !== ILLUSTRATIVE);
      const lineOf = (index: number) => text.slice(0, index).split('\n').length;
      const patterns = [
        /contracts-sdk\/(\d+\.\d+\.\d+[\w.-]*)\//g,
        /contracts-sdk@(\d+\.\d+\.\d+[\w.-]*)/g,
        /SDK_VERSION\W{1,6}(\d+\.\d+\.\d+[\w.-]*)/g,
      ];
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern))
          if (match[1] !== version)
            stale.push(`${file}:${lineOf(match.index!)} ${match[0]} (package.json: ${version})`);
      }
      for (const match of text.matchAll(/contracts-sdk\/v(\d+)\//g))
        if (match[1] !== major) stale.push(`${file}:${lineOf(match.index!)} ${match[0]}`);
    }
    expect(stale).toEqual([]);
  });

  it('every named block is looked up by a test of test/ or e2e/ (a name is no way out of the checks)', () => {
    const lookedUp = new Set<string>();
    const scan = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules') scan(path);
        } else if (/\.(m?[jt]sx?)$/.test(entry.name)) {
          const calls = readFileSync(path, 'utf8').matchAll(
            /\bsnippet\(\s*(['"])([^'"]+)\1\s*,\s*(['"])([a-z0-9-]+)\3/g,
          );
          for (const call of calls) lookedUp.add(`${call[2]} ${call[4]}`);
        }
      }
    };
    for (const dir of ['test', 'e2e']) scan(join(REPO_ROOT, dir));
    // A block checked here as a file of the partner's project (MODULE_FILES) is looked up by name by this test.
    for (const [file, names] of Object.entries(MODULE_FILES))
      for (const name of Object.keys(names)) lookedUp.add(`${file} ${name}`);
    const named = blocks.filter((block) => block.marker !== null && block.marker !== ILLUSTRATIVE);
    const orphans = named.filter((block) => !lookedUp.has(`${block.file} ${block.marker}`));
    expect(
      orphans.map(
        (block) =>
          `${where(block, 0)} <!-- snippet: ${block.marker} --> (no test calls snippet('${block.file}', '${block.marker}'))`,
      ),
    ).toEqual([]);
    const names = named.map((block) => `${block.file} ${block.marker}`);
    const moduleNames = Object.entries(MODULE_FILES).flatMap(([file, map]) =>
      Object.keys(map).map((name) => `${file} ${name}`),
    );
    expect(
      moduleNames.filter((name) => !names.includes(name)),
      'MODULE_FILES names blocks that exist',
    ).toEqual([]);
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      'names are unique per document',
    ).toEqual([]);
  });
});
