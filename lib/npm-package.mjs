// The npm package (`contracts-sdk` on npm): where the build writes it and what its package.json says. Shared by
// rollup.config.mjs (which writes it), the release pipeline (which verifies and publishes it) and the tests.
import { join } from 'node:path';

export const NPM_PACKAGE_NAME = 'contracts-sdk';

/** The package folder, relative to the build output root (dist/ or SDK_OUT_DIR). */
export const NPM_PACKAGE_DIR = join('npm', NPM_PACKAGE_NAME);

/** Its two entries: the main one (adds a preconnect at import) and `/pure` (does nothing until called). */
export const NPM_ENTRIES = Object.freeze(['index', 'pure']);

const entry = (name) => ({ types: `./${name}.d.ts`, import: `./${name}.mjs`, require: `./${name}.cjs` });

/** package.json of the npm package: same version as the CDN file it pins. */
export function npmPackageJson({ version, description, license }) {
  return {
    name: NPM_PACKAGE_NAME,
    version,
    description,
    license,
    type: 'module',
    main: './index.cjs',
    module: './index.mjs',
    types: './index.d.ts',
    exports: {
      '.': entry('index'),
      './pure': entry('pure'),
      './package.json': './package.json',
    },
    // Only the main entry does something at import (the preconnect); /pure and the types may be dropped.
    sideEffects: ['./index.mjs', './index.cjs'],
    engines: { node: '>=18' },
  };
}
