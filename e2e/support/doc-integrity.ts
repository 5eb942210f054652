// The docs' integrity placeholder, filled exactly as its words say: `<content of NAME.integrity>` is the content
// of the build's sidecar `NAME.integrity` beside the pinned file, pasted as it is. The sidecar holds the whole
// value (`sha384-…`, then a newline), so nothing is added in front: a doc that adds a prefix must fail its page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDK_DIST_DIR } from './fixtures';

const PLACEHOLDER = /<content of ([\w.-]+)\.integrity>/g;

/** `text` with every integrity placeholder replaced by its sidecar's content; there must be at least one. */
export function withSidecarIntegrity(text: string, version: string): string {
  if (!text.match(PLACEHOLDER)) throw new Error("the docs' block no longer contains <content of NAME.integrity>");
  return text.replace(PLACEHOLDER, (_, file: string) => {
    // As a partner copies it from the file (or `cat`s it into a template), beside the pinned files of `version`.
    const path = join(SDK_DIST_DIR, 'packages', 'contracts-sdk', version, `${file}.integrity`);
    if (!existsSync(path)) throw new Error(`${path} is not built: run npm run build`);
    return readFileSync(path, 'utf8');
  });
}
