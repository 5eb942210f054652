// One entry, one global build, written twice: the pinned `<version>/` path (with its SRI sidecar) and the
// floating `v<major>/` path (no sidecar: its bytes change with every release, so it cannot carry integrity).
import { readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { sriOf } from './scripts/lib/bundle.mjs';
import { buildConstants } from './scripts/lib/build-constants.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const major = version.split('.')[0];
const outRoot = join(process.env.SDK_OUT_DIR || join(root, 'dist'), 'packages', 'contracts-sdk');
const pinnedDir = join(outRoot, version);
const floatingDir = join(outRoot, `v${major}`);

/** Writes the SRI sidecar from the bytes on disk (banner, code and sourceMappingURL comment included). */
function integritySidecar() {
  return {
    name: 'integrity-sidecar',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.js')) continue;
        const file = join(options.dir, fileName);
        writeFileSync(`${file}.integrity`, sriOf(readFileSync(file)) + '\n');
      }
    },
  };
}

/** Ships the script-tag type declarations beside the pinned build. */
function globalTypes() {
  return {
    name: 'global-types',
    writeBundle() {
      mkdirSync(pinnedDir, { recursive: true });
      copyFileSync(join(root, 'types', 'svc-sdk.d.ts'), join(pinnedDir, 'index.d.ts'));
    },
  };
}

const output = (dir, extraPlugins) => ({
  dir,
  entryFileNames: 'index.umd.js',
  format: 'umd',
  name: 'SvcSDK',
  exports: 'named',
  sourcemap: true,
  banner: `/*! contracts-sdk v${version} */`,
    // Private members are named `_x` in src/ so they can be shortened; nothing public starts with "_".
  plugins: [
    terser({
      ecma: 2020,
      compress: { passes: 2 },
      format: { comments: /^!/ },
      // Internal names only: private members ("_x"), the channel's callbacks and internal settings fields.
      mangle: { properties: { regex: /^(_|on[A-Z]|canGreet$|frameWindow$|autoHeight$|embedUrl$|cleanup$)/ } },
    }),
    ...extraPlugins,
  ],
});

export default {
  input: join(root, 'src', 'index.ts'),
  output: [output(pinnedDir, [integritySidecar(), globalTypes()]), output(floatingDir, [])],
  plugins: [
    replace({ preventAssignment: true, values: buildConstants(version) }),
    nodeResolve(),
    typescript({ tsconfig: join(root, 'tsconfig.json'), noEmitOnError: true }),
  ],
  onwarn(warning) {
    // A warning is a defect in a 200-line library: fail the build rather than ship it.
    throw new Error(`rollup: ${warning.message}`);
  },
};
