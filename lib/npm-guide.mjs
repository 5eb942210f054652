// The partner guide the npm package ships: README.md as GUIDE.md, with the documents it leads to (docs/**/*.md and
// the script-tag types), so that the guide a partner opens in node_modules or a registry's file browser has no link
// that leads nowhere. Each relative link points at the package's copy of its target; a link to a file the package
// does not hold (a source file, a screenshot, the release tooling) becomes its text and the repository path.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

export const GUIDE_FILE = 'GUIDE.md';
const SHIPPED_OTHERS = ['types/svc-sdk.d.ts'];
const FENCE = /^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm;
// [text](target) and ![alt](target); the text may hold code spans and one level of brackets.
const LINK = /(!?)\[((?:[^[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)/g;

/** The markdown files under `dir` (relative to `root`, with /), sorted. */
function markdownUnder(root, dir) {
  return readdirSync(join(root, dir))
    .sort()
    .flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) return markdownUnder(root, path);
      return name.endsWith('.md') ? [path] : [];
    });
}

/** Repository path -> package path of every document the package ships. */
export function guideFiles(root) {
  const files = new Map([['README.md', GUIDE_FILE]]);
  for (const path of [...markdownUnder(root, 'docs'), ...SHIPPED_OTHERS]) files.set(path, path);
  return files;
}

/** One link as the package's copy of `from` writes it. */
function packagedLink(whole, image, text, target, from, files) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return whole;
  const [path, anchor] = target.split(/(?=#)/);
  const repoPath = posix.normalize(posix.join(posix.dirname(from), path));
  const shipped = files.get(repoPath.replace(/\/$/, ''));
  if (shipped) return `${image}[${text}](${posix.relative(posix.dirname(files.get(from)), shipped)}${anchor ?? ''})`;
  const named = `\`${repoPath}\` in the SDK repository`;
  if (text === repoPath || text === `\`${repoPath}\``) return named;
  return image ? `${text || 'image'} (${named})` : `${text} (${named})`;
}

/** `markdown`, the file at repository path `from`, as the package ships it (code blocks untouched). */
export function packagedMarkdown(markdown, from, files) {
  let result = '';
  let last = 0;
  for (const block of markdown.matchAll(FENCE)) {
    result += rewriteLinks(markdown.slice(last, block.index), from, files) + block[0];
    last = block.index + block[0].length;
  }
  return result + rewriteLinks(markdown.slice(last), from, files);
}

function rewriteLinks(prose, from, files) {
  return prose.replace(LINK, (whole, image, text, target) => packagedLink(whole, image, text, target, from, files));
}

/** Where the package's copy of repository file `from` goes, under the package folder `packageDir`. */
export function packagedPath(packageDir, from, files) {
  return join(packageDir, ...files.get(from).split('/'));
}

/** The folders the shipped files need under the package folder. */
export function packagedFolders(packageDir, files) {
  return [...new Set([...files.values()].map((path) => dirname(join(packageDir, ...path.split('/')))))];
}
