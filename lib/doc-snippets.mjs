// The fenced code blocks of the docs (README.md, docs/*.md), each with the marker comment on the line right
// before its fence: `<!-- snippet: illustrative -->` (not checked) or `<!-- snippet: NAME -->` (checked by a test
// that looks it up by name). Shared by the snippet test and every test that runs a named snippet.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-paths.mjs';

const MARKER = /^<!--\s*snippet:\s*([\w-]+)\s*-->$/;
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;

/** Every fenced block of `file` (relative to the repository root): `{ file, line, lang, marker, code }`. */
export function docSnippets(file) {
  const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence); i++) body.push(lines[i].slice(indent.length));
    const marker = MARKER.exec((lines[start - 1] ?? '').trim())?.[1];
    blocks.push({ file, line: start + 1, lang, marker, code: body.join('\n') + '\n' });
  }
  return blocks;
}

/** The code of the block marked `<!-- snippet: name -->` in `file`; throws if there is not exactly one. */
export function snippet(file, name) {
  const found = docSnippets(file).filter((block) => block.marker === name);
  if (found.length !== 1) throw new Error(`${file}: expected one block marked "snippet: ${name}", found ${found.length}`);
  return found[0].code;
}
