// What the npm loader adds to a partner's bundle: one entry bundled on its own and minified as a partner's build
// would (terser), then gzip -9 (and brotli 11, reported beside it). Used by the bundle test, which enforces the
// budget and prints the figures.
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { ELEMENT_BUDGET_GZIP_BYTES, sizesOf } from './bundle.mjs';
import { NPM_PEERS } from './npm-package.mjs';

/**
 * Failing limit per entry, min+gzip: the loader entries 2 KB; the React entry is the loader plus the component
 * and the session it shares with the element (loader/session.ts; about 790 B together, `hidden` included),
 * 2,688 B; the element entry is the loader plus the element (about 1.6 KB: attributes, events, lifecycle), 3,968 B
 * (appearance in both: docs/decisions.md #30), the ceiling of the element's CDN file too (lib/bundle.mjs).
 * The SDK's integrity hash is in every entry and changes with every CDN build: a few bytes either way.
 */
export const NPM_BUDGET_GZIP_BYTES = Object.freeze({
  index: 2048,
  pure: 2048,
  react: 2688,
  element: ELEMENT_BUDGET_GZIP_BYTES,
});

/**
 * `{ minified, gzip, brotli }` byte counts of the ESM entry file `file` with its chunks (the partner's React not
 * counted).
 */
export async function npmEntrySize(file) {
  const external = (id) => Object.hasOwn(NPM_PEERS, id);
  const bundle = await rollup({
    input: file,
    external,
    onwarn: (warning) => {
      // The React entry's 'use client' is for Server Components frameworks; a plain bundle drops it, as here.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /"use client"/.test(warning.message)) return;
      throw new Error(warning.message);
    },
  });
  const { output } = await bundle.generate({
    format: 'es',
    plugins: [terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } })],
  });
  await bundle.close();
  return sizesOf(output[0].code);
}
