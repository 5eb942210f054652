// Bundle sizes read from the packages themselves at run time: the file a partner would load by script tag,
// its bytes as shipped (every one of these builds is already minified) and gzip -9 of those bytes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { gzipSizeOf } from '../../lib/bundle.mjs';
import { BENCH_DIST_DIR } from './environment.mjs';

/**
 * The browser build of each package, and why that file: none of them declares `browser`/`unpkg`, so each
 * choice comes from reading its package.json and dist/.
 */
export const BROWSER_BUILDS = [
  {
    name: 'contracts-sdk',
    dir: '.',
    file: (version) => `packages/contracts-sdk/${version}/index.umd.js`,
    why: 'our UMD, as the CDN serves it',
  },
  {
    name: 'penpal',
    file: () => 'dist/penpal.min.js',
    why: 'the minified IIFE (global `Penpal`); `exports` lists only ESM/CJS',
  },
  {
    name: 'pandadoc-signing',
    file: () => 'dist/signing.umd.cjs',
    why: 'the minified UMD (`exports.require`); `dist/signing.js` is the unminified ESM',
  },
  {
    name: 'hellosign-embedded',
    file: () => 'umd/embedded.production.min.js',
    why: 'the production UMD; `main` points at the development build',
  },
  { name: 'persona', file: () => 'dist/persona.js', why: 'the minified UMD (`main`, global `Persona`)' },
];

/** One row per package: version, file, bytes and gzip -9 bytes, all from the files on disk now. */
export function bundleSizes() {
  return BROWSER_BUILDS.map(({ name, dir, file, why }) => {
    const root = dir === '.' ? REPO_ROOT : join(REPO_ROOT, 'node_modules', name);
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    // Ours from the build being measured (dist/, or SDK_OUT_DIR), named as it sits in the build output.
    const outDir = dir === '.' ? BENCH_DIST_DIR : root;
    const relative = (dir === '.' ? (process.env.SDK_OUT_DIR ? '$SDK_OUT_DIR/' : 'dist/') : '') + file(version);
    const path = join(outDir, file(version));
    if (!existsSync(path))
      throw new Error(`${name}@${version}: ${relative} not found (did the package layout change?)`);
    const bytes = readFileSync(path);
    return { name, version, file: relative, why, minBytes: bytes.length, gzipBytes: gzipSizeOf(bytes) };
  });
}
