// @vitest-environment node
// Checks the built files exactly as partners get them (run `npm run build` first; `npm test` does).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { cdnPaths, expectPinnedAndFloating, version } from './cdn-files';
import { BUDGET_GZIP_BYTES, budgetLine, evaluateUmd, sizesOf, sriOf } from '../../lib/bundle.mjs';

const { pinned } = cdnPaths('index.umd.js');

describe('built bundle', () => {
  it('exists at the pinned and the floating major path', () => {
    expectPinnedAndFloating('index.umd.js');
  });

  it('evaluates in a fresh global to SvcSDK with exactly its three members, and no other global', () => {
    const { SvcSDK, addedGlobals } = evaluateUmd(readFileSync(pinned, 'utf8'));
    expect(addedGlobals).toEqual(['SvcSDK']);
    expect(Object.keys(SvcSDK).sort()).toEqual(['KNOWN_ERROR_CODES', 'SDK_VERSION', 'SvcContracts']);
    expect(SvcSDK.SDK_VERSION).toBe(version);
    expect(typeof SvcSDK.SvcContracts).toBe('function');
    expect(Object.isFrozen(SvcSDK.KNOWN_ERROR_CODES)).toBe(true);
    expect(Object.values(SvcSDK.KNOWN_ERROR_CODES).sort()).toEqual([
      'app_unresponsive',
      'loading_error',
      'not_found',
      'popup_blocked',
      'session_expired',
      'unknown',
      'verification_limit_exceeded',
      'verification_required',
    ]);
  });

  describe('on pages and in tools with a module system (src/global.ts)', () => {
    const code = () => readFileSync(pinned, 'utf8');
    /** The calls of the `define` below, emptied before each test. */
    const calls: unknown[][] = [];
    /** A `define` as AMD loaders provide it, recording its calls. */
    const amdDefine = () => Object.assign((...args: unknown[]) => void calls.push(args), { amd: {} });
    const scriptElement = (attributes: string[]) => ({
      currentScript: { hasAttribute: (name: string) => attributes.includes(name) },
    });
    beforeEach(() => void (calls.length = 0));

    it('a script tag on a page with an AMD loader defines SvcSDK and calls no define()', () => {
      const { SvcSDK, addedGlobals } = evaluateUmd(code(), { define: amdDefine(), document: scriptElement(['src']) });
      expect(addedGlobals).toEqual(['SvcSDK']);
      expect(SvcSDK.SDK_VERSION).toBe(version);
      expect(calls).toEqual([]);
    });

    it('loaded by RequireJS (data-requiremodule), it defines SvcSDK and hands the same namespace to define()', () => {
      const { SvcSDK } = evaluateUmd(code(), {
        define: amdDefine(),
        document: scriptElement(['src', 'data-requiremodule']),
      });
      expect(calls).toHaveLength(1);
      const [factory] = calls[0] as [() => unknown];
      expect(factory()).toBe(SvcSDK);
    });

    it('evaluated as CommonJS, module.exports is the namespace, and SvcSDK is defined too', () => {
      const module = { exports: {} };
      const { SvcSDK } = evaluateUmd(code(), { module, define: undefined });
      expect(module.exports).toBe(SvcSDK);
      expect(Object.keys(SvcSDK).sort()).toEqual(['KNOWN_ERROR_CODES', 'SDK_VERSION', 'SvcContracts']);
    });
  });

  it('starts with a one-line banner naming the version and ends with its source map comment', () => {
    const code = readFileSync(pinned, 'utf8');
    expect(code.split('\n')[0]).toMatch(new RegExp(`^/\\*! contracts-sdk v${version.replace(/\./g, '\\.')} `));
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.umd.js.map')).toBe(true);
    const map = JSON.parse(readFileSync(`${pinned}.map`, 'utf8'));
    expect(map.sources.some((source: string) => source.endsWith('svc-contracts.ts'))).toBe(true);
    expect(map.sourcesContent.length).toBe(map.sources.length);
  });

  it('bundles mitt instead of expecting a global', () => {
    const code = readFileSync(pinned, 'utf8');
    expect(code).not.toMatch(/require\(["']mitt["']\)|\.mitt\b/);
  });

  it('has an .integrity sidecar equal to the SHA-384 of the exact bytes', () => {
    const sidecar = readFileSync(`${pinned}.integrity`, 'utf8').trim();
    expect(sidecar).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(sidecar).toBe(sriOf(readFileSync(pinned)));
  });

  it('contains no HTML or code sinks and never posts to "*"', () => {
    const code = readFileSync(pinned, 'utf8');
    expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|new Function|\beval\(/);
    expect(code).not.toMatch(/setAttribute\(["']style["']/);
    // Every postMessage call's whole argument list (nested calls included) names no "*" target.
    const calls = postMessageArguments(code);
    expect(calls.length).toBeGreaterThanOrEqual(2); // init to the frame, focus over the port
    for (const args of calls) expect(args).not.toMatch(/["'`]\*["'`]/);
  });

  it('the postMessage check itself sees a "*" behind nested calls', () => {
    expect(postMessageArguments('w.postMessage(f(a,(b)),"*",[p])')).toEqual(['f(a,(b)),"*",[p]']);
  });

  it(`is at most ${BUDGET_GZIP_BYTES} bytes min+gzip (brotli printed beside it)`, () => {
    const sizes = sizesOf(readFileSync(pinned));
    console.log(budgetLine('index.umd.js', sizes, BUDGET_GZIP_BYTES));
    expect(sizes.gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

/** The argument text of every `postMessage(...)` call in `code`, up to its balanced closing parenthesis. */
function postMessageArguments(code: string): string[] {
  const found: string[] = [];
  for (let start = code.indexOf('postMessage('); start !== -1; start = code.indexOf('postMessage(', start + 1)) {
    let depth = 0;
    let end = start + 'postMessage('.length;
    for (; end < code.length; end++) {
      const character = code[end];
      if (character === '(') depth++;
      else if (character === ')' && depth-- === 0) break;
    }
    found.push(code.slice(start + 'postMessage('.length, end));
  }
  return found;
}
