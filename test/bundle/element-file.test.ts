// @vitest-environment node
// The element's CDN file (element.umd.js) exactly as partners get it (run `npm run build` first; `npm test` does):
// pinned with its integrity and floating, the npm element entry's code taking the SvcSDK global, within its budget.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cdnPaths, expectPinnedAndFloating, version } from './cdn-files';
import { ELEMENT_BUDGET_GZIP_BYTES, budgetLine, sizesOf, sriOf } from '../../lib/bundle.mjs';

const { pinned } = cdnPaths('element.umd.js');

/**
 * Runs the file as a classic script in a fresh global with the few browser names it reads at load: the tags it
 * defines, and every global name it added.
 */
function evaluateElementFile(code: string) {
  const defined = new Map<string, unknown>();
  const sandbox: Record<string, unknown> = {
    HTMLElement: class {},
    customElements: {
      get: (name: string) => defined.get(name),
      define: (name: string, c: unknown) => defined.set(name, c),
    },
    document: { currentScript: { src: `https://cdn.test/packages/contracts-sdk/${version}/element.umd.js` } },
    location: { href: 'https://partner.test/' },
    URL,
  };
  sandbox.window = sandbox;
  const context = vm.createContext(sandbox);
  const before = new Set(Object.getOwnPropertyNames(vm.runInContext('globalThis', context)));
  vm.runInContext(code, context, { filename: 'element.umd.js' });
  const after = Object.getOwnPropertyNames(vm.runInContext('globalThis', context));
  return { defined, addedGlobals: after.filter((name) => !before.has(name)) };
}

describe('the element CDN file (element.umd.js)', () => {
  it('exists at the pinned and the floating major path; only the pinned one carries integrity', () => {
    expectPinnedAndFloating('element.umd.js');
  });

  it('has an .integrity sidecar equal to the SHA-384 of the exact bytes', () => {
    const sidecar = readFileSync(`${pinned}.integrity`, 'utf8').trim();
    expect(sidecar).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(sidecar).toBe(sriOf(readFileSync(pinned)));
  });

  it('starts with a banner naming the version and ends with its source map, built from the npm entry code', () => {
    const code = readFileSync(pinned, 'utf8');
    expect(code.split('\n')[0]).toBe(`/*! contracts-sdk v${version} <svc-contract-signing> */`);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=element.umd.js.map')).toBe(true);
    const { sources } = JSON.parse(readFileSync(`${pinned}.map`, 'utf8')) as { sources: string[] };
    const names = sources.map((source) => source.replace(/^.*\/(loader|src)\//, '$1/'));
    expect(names).toEqual(
      expect.arrayContaining(['loader/element-class.ts', 'loader/session.ts', 'loader/global-sdk.ts']),
    );
    // It never loads a script: the page's own tag of index.umd.js did.
    expect(names).not.toContain('loader/load.ts');
    expect(names).not.toContain('loader/inject.ts');
  });

  it('defines <svc-contract-signing> and no global; it adds no script, HTML or code', () => {
    const code = readFileSync(pinned, 'utf8');
    const { defined, addedGlobals } = evaluateElementFile(code);
    expect([...defined.keys()]).toEqual(['svc-contract-signing']);
    expect(addedGlobals).toEqual([]);
    expect(code).not.toMatch(/trustedTypes|createPolicy|innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
    // Only the error state's nodes (loader/error-state.ts), each named by a literal: never a script or a frame.
    const created = [...code.matchAll(/createElement\(([^)]*)\)/g)].map(([, tag]) => tag);
    expect(new Set(created)).toEqual(new Set(['"div"', '"p"', '"button"']));
  });

  it(`is at most ${ELEMENT_BUDGET_GZIP_BYTES} bytes min+gzip (brotli printed beside it)`, () => {
    const sizes = sizesOf(readFileSync(pinned));
    console.log(budgetLine('element.umd.js', sizes, ELEMENT_BUDGET_GZIP_BYTES));
    expect(sizes.gzip).toBeLessThanOrEqual(ELEMENT_BUDGET_GZIP_BYTES);
  });
});
