// What the server-rendering tests of the docs' framework examples share (test/docs/ssr/): a real sandbox token, the
// check that no piece of it is in a server's output, and a folder for the compiled examples.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createTokenStore } from '../../../demo/server/service/token-store.mjs';
import { REPO_ROOT } from '../../../lib/repo-paths.mjs';

/** The length of the shortest piece of a token that must not appear: 12 characters (72 random bits at most). */
export const PIECE_LENGTH = 12;

/** A built entry of the npm package (`npm run build`): `contracts-sdk/element` is 'element'. */
export const packageEntry = (name: string) => join(REPO_ROOT, 'dist', 'npm', 'contracts-sdk', `${name}.mjs`);

/** A token as the sandbox's contracts endpoint issues it (`sbx_complete_` and 24 random characters). */
export function sandboxToken(): string {
  return createTokenStore().issue({ scenario: 'complete', applicationId: randomUUID() }).token;
}

/**
 * What a server's output gives away of `token`: each piece of PIECE_LENGTH characters found, with the text around
 * it, and any attribute spelled like the token property (`signingtoken=`, `signing-token=`, any case), which
 * carries a token function's source when the token is one. Empty: nothing.
 */
export function tokenLeaks(output: string, token: string): string[] {
  const leaks: string[] = [];
  for (let start = 0; start + PIECE_LENGTH <= token.length; start++) {
    const at = output.indexOf(token.slice(start, start + PIECE_LENGTH));
    if (at >= 0) leaks.push(`token piece at ${at}: …${output.slice(Math.max(0, at - 40), at + 40)}…`);
    if (at >= 0) break; // one is enough to fail; the context shows where
  }
  for (const match of output.matchAll(/[\s"'<]signing-?token\s*=/gi))
    leaks.push(`token attribute: …${output.slice(match.index, match.index + 60)}…`);
  return leaks;
}

/** A fresh folder under the repository's .cache/ (so that bare imports resolve to its node_modules), and its removal. */
export function scratchFolder(name: string, root = REPO_ROOT): { dir: string; remove: () => void } {
  mkdirSync(join(root, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, '.cache', `${name}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
