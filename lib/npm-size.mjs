// What the npm loader adds to a partner's bundle: one entry bundled on its own and minified as a partner's build
// would (terser), then gzip -9. Used by the bundle test, which enforces the budget and prints the figure.
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { gzipSizeOf } from './bundle.mjs';

/** Failing limit for one entry, min+gzip. */
export const NPM_BUDGET_GZIP_BYTES = 2 * 1024;

/** `{ minified, gzip }` byte counts of the ESM entry file `file` with its chunks. */
export async function npmEntrySize(file) {
  const bundle = await rollup({ input: file, onwarn: (warning) => { throw new Error(warning.message); } });
  const { output } = await bundle.generate({ format: 'es', plugins: [terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } })] });
  await bundle.close();
  const { code } = output[0];
  return { minified: Buffer.byteLength(code), gzip: gzipSizeOf(code) };
}
