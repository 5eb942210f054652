// Where the build writes a CDN file, and the check every CDN file passes: pinned and floating, integrity on the
// pinned path only (bundle.test.ts for index.umd.js, element-file.test.ts for element.umd.js).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

const root = join(__dirname, '..', '..');
export const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const packageDir = join(root, 'dist', 'packages', 'contracts-sdk');

/** The pinned `<version>/` and floating `v<major>/` paths of one CDN file. */
export function cdnPaths(fileName: string): { pinned: string; floating: string } {
  return {
    pinned: join(packageDir, version, fileName),
    floating: join(packageDir, `v${version.split('.')[0]}`, fileName),
  };
}

/** Both paths exist with their maps and the same bytes; only the pinned one carries an .integrity sidecar. */
export function expectPinnedAndFloating(fileName: string): void {
  const { pinned, floating } = cdnPaths(fileName);
  expect(existsSync(pinned), `${pinned} is missing: run npm run build`).toBe(true);
  expect(existsSync(`${pinned}.map`)).toBe(true);
  expect(existsSync(floating)).toBe(true);
  expect(existsSync(`${floating}.map`)).toBe(true);
  expect(existsSync(`${floating}.integrity`), 'the floating path must not carry integrity').toBe(false);
  expect(readFileSync(floating)).toEqual(readFileSync(pinned));
}
