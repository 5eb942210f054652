// Facts about a built bundle, shared by the bundle tests, the release pipeline and the benchmark:
// the SRI string of its exact bytes, its gzip size, and what it defines when evaluated in a fresh global.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';

/**
 * Budget for the minified + gzip -9 bundle (the failing limit), for all of 1.3.0's features together and every 1.x
 * feature to come (8 KiB, issue #40; docs/decisions.md #30): 1.2.0 measured 5616 B this way (of its 5632 B
 * budget), 1.1.0 5016 B (docs/decisions.md #21).
 */
export const BUDGET_GZIP_BYTES = 8192;

/**
 * Budget for the element's CDN file (element.umd.js), min+gzip -9: the same code as the npm element entry, so the
 * same ceiling (lib/npm-size.mjs), fixed for every 1.x.
 */
export const ELEMENT_BUDGET_GZIP_BYTES = 3968;

/** `sha384-<base64>` of the exact bytes, as browsers compute Subresource Integrity. */
export function sriOf(bytes) {
  return 'sha384-' + createHash('sha384').update(bytes).digest('base64');
}

/**
 * Size after `gzip -9 -n`, the command the budget is stated in (Node's zlib at level 9 compresses the same bytes
 * about 20 B smaller, which would hide that much of an overrun).
 */
export function gzipSizeOf(bytes) {
  return execFileSync('gzip', ['-9', '-n', '-c'], { input: bytes, maxBuffer: 64 * 1024 * 1024 }).length;
}

/**
 * Evaluates the UMD bundle as a classic script in a fresh global (no module system, like a script tag) and
 * returns what it put on `SvcSDK`, plus every global name it added. `globals` are there before it runs (a
 * `define`, a `module`, a `document` with its `currentScript`), as a module system would provide them.
 */
export function evaluateUmd(code, globals = {}) {
  const sandbox = { ...globals };
  sandbox.window = sandbox;
  sandbox.self = sandbox;
  const context = vm.createContext(sandbox);
  const before = new Set(Object.getOwnPropertyNames(vm.runInContext('globalThis', context)));
  vm.runInContext(String(code), context, { filename: 'index.umd.js' });
  const globalObject = vm.runInContext('globalThis', context);
  const added = Object.getOwnPropertyNames(globalObject).filter((name) => !before.has(name));
  return { SvcSDK: globalObject.SvcSDK, addedGlobals: added };
}
