// A partner page that runs the real RequireJS before our script, for every test server that serves one (the
// harness's host page, the npm package's partner app): the tags for its <head> and the files they load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';

/** RequireJS, then amd-errors.js (records what RequireJS reports in window.amdErrors); before the SDK or app. */
export const REQUIREJS_TAGS = '<script src="/require.js"></script>\n<script src="/amd-errors.js"></script>\n';

const FILES = new Map([
  ['/require.js', join(REPO_ROOT, 'node_modules', 'requirejs', 'require.js')],
  ['/amd-errors.js', new URL('./pages/amd-errors.js', import.meta.url).pathname],
]);

/** The script a path of REQUIREJS_TAGS names, or undefined for any other path. */
export function requireJsFile(pathname) {
  const file = FILES.get(pathname);
  return file && readFileSync(file, 'utf8');
}
