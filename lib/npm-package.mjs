// The npm package (`contracts-sdk` on npm): where the build writes it and what its package.json says. Shared by
// rollup.config.mjs (which writes it), the release pipeline (which verifies and publishes it) and the tests.
import { join } from 'node:path';

export const NPM_PACKAGE_NAME = 'contracts-sdk';

/** The package folder, relative to the build output root (dist/ or SDK_OUT_DIR). */
export const NPM_PACKAGE_DIR = join('npm', NPM_PACKAGE_NAME);

/**
 * Its entries: the main one (adds a preconnect at import), `/pure` (does nothing until called), `/react` (the
 * `<ContractSigning>` component; React is an optional peer dependency) and `/element` (defines the
 * `<svc-contract-signing>` custom element at import; no peer).
 */
export const NPM_ENTRIES = Object.freeze(['index', 'pure', 'react', 'element']);

/**
 * Entries of types only, no code: `/svelte` types `<svc-contract-signing>` in Svelte templates (an augmentation of
 * `svelte/elements`, which needs Svelte: a separate entry, so that a project without Svelte never reads it).
 */
export const NPM_TYPE_ENTRIES = Object.freeze(['svelte']);

/** Packages an entry imports but the package does not bundle: the partner's own copy is used. */
export const NPM_PEERS = Object.freeze({ react: '^18.0.0 || ^19.0.0', svelte: '^5.0.0' });

// Types per condition: `require()` under `module: node16`/`nodenext` needs CommonJS-flavoured declarations
// (.d.cts); the .d.ts files are ESM (the package is "type": "module").
const entry = (name) => ({
  import: { types: `./${name}.d.ts`, default: `./${name}.mjs` },
  require: { types: `./${name}.d.cts`, default: `./${name}.cjs` },
});

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
      './react': entry('react'),
      './element': entry('element'),
      './svelte': { types: './svelte.d.ts' },
      './package.json': './package.json',
    },
    // Only the main entry (the preconnect) and /element (defines the element) do something at import: a bundler
    // drops any other import that is not used, and would drop `import 'contracts-sdk/element'` were it not listed.
    sideEffects: ['./index.mjs', './index.cjs', './element.mjs', './element.cjs'],
    peerDependencies: NPM_PEERS,
    // Only partners of the React entry need React (of the Svelte types, Svelte): npm must not install them for
    // everyone else.
    peerDependenciesMeta: Object.fromEntries(Object.keys(NPM_PEERS).map((name) => [name, { optional: true }])),
    engines: { node: '>=20' },
  };
}
