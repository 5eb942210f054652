// The fenced code blocks of README.md, loader/README.md and docs/*.md, for the tests that check them (test/docs/).
// A block may be marked by an HTML comment on the line right before its fence:
//   <!-- snippet: illustrative -->  not checked: output samples, pseudo-code, excerpts that cannot be checked;
//   <!-- snippet: NAME -->          checked by a named test, which looks it up with snippet(file, NAME).
// Unmarked blocks are checked by their language (docs/development.md, "Documentation snippets").
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-paths.mjs';

export const ILLUSTRATIVE = 'illustrative';
const MARKER = /^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$/;
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;

/**
 * The documents whose blocks are snippets, relative to the repository: README.md, the npm package's own page
 * (loader/README.md, what a partner reads on the registry), then docs/*.md (sorted).
 */
export function docFiles(root = REPO_ROOT) {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  return ['README.md', 'loader/README.md', ...docs.map((name) => `docs/${name}`)];
}

/**
 * Every fenced block of a Markdown text as `{ file, line, lang, marker, code }`: `line` is the opening fence's
 * 1-based line, `lang` the first word of its info string ('' if none), `marker` null, 'illustrative' or a name,
 * `code` the content with the fence's indentation removed, ending in a newline. A malformed marker or an unclosed fence throws.
 */
export function parseSnippets(text, file) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const close = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    if (end === lines.length) throw new Error(`${file}:${i + 1}: a code fence that is never closed`);
    const body = lines
      .slice(i + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()));
    const code = body.join('\n') + '\n';
    blocks.push({ file, line: i + 1, lang: lang.toLowerCase(), marker: markerBefore(lines[i - 1], file, i), code });
    i = end;
  }
  return blocks;
}

function markerBefore(line, file, index) {
  const match = MARKER.exec(line ?? '');
  if (!match) {
    if (/snippet:/.test(line ?? ''))
      throw new Error(
        `${file}:${index}: not a snippet marker: write <!-- snippet: NAME --> or <!-- snippet: illustrative -->`,
      );
    return null;
  }
  if (!NAME.test(match[1]))
    throw new Error(`${file}:${index}: snippet name "${match[1]}" must be lower-case words joined by "-"`);
  return match[1];
}

/** Every block of `file` (relative to the repository root, e.g. 'README.md'). */
export function docSnippets(file, root = REPO_ROOT) {
  return parseSnippets(readFileSync(join(root, file), 'utf8'), file);
}

/** Every block of every document of docFiles(). */
export function allSnippets(root = REPO_ROOT) {
  return docFiles(root).flatMap((file) => docSnippets(file, root));
}

/** The code of the block marked `<!-- snippet: name -->` in `file` (e.g. 'README.md'); throws unless exactly one. */
export function snippet(file, name, root = REPO_ROOT) {
  const found = docSnippets(file, root).filter((block) => block.marker === name);
  if (found.length !== 1)
    throw new Error(`${file} has ${found.length} blocks marked <!-- snippet: ${name} -->, expected exactly one`);
  return found[0].code;
}
