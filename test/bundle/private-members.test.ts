// @vitest-environment node
// The npm build and element.umd.js's shorten the loader's private class members (lib/private-members.mjs): only a
// class's own members on `this` (or `super`), one name for each in the whole build, and the build stops on a "_x" name anywhere else. And the built package
// has no long private name left (run `npm run build` first; `npm test` does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { shortenPrivateMembers } from '../../lib/private-members.mjs';

const dir = join(__dirname, '..', '..', 'dist', 'npm', 'contracts-sdk');
const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));

/** The plugin on one module that is also its chunk: the names of the build, then the chunk renamed. */
function shorten(code: string): string | null {
  const plugin = shortenPrivateMembers();
  plugin.renderStart.call({
    getModuleIds: () => ['module.js'][Symbol.iterator](),
    getModuleInfo: () => ({ ast: parseAst(code) }),
  });
  const result = plugin.renderChunk.call({ parse: (text: string) => parseAst(text) }, code);
  return result ? result.code : null;
}

describe('the private members of the npm package', () => {
  it('are renamed where declared and read on this, the most used first (then by name), everything else as written', () => {
    const code = [
      'class A extends HTMLElement {',
      '  _once() { return this._twice() + this._twice(); }',
      '  _twice() { return this.title; }',
      '  _field = 1;',
      '  constructor() { super(); this._assigned = 2; }',
      '  handle() { const other = { title: 1 }; return this._once() + this._field + other.title; }',
      '}',
    ].join('\n');
    expect(shorten(code)).toBe(
      [
        'class A extends HTMLElement {',
        '  _c() { return this._a() + this._a(); }',
        '  _a() { return this.title; }',
        '  _b = 1;',
        '  constructor() { super(); this._d = 2; }',
        '  handle() { const other = { title: 1 }; return this._c() + this._b + other.title; }',
        '}',
      ].join('\n'),
    );
    expect(shorten('const a = { title: 1 }; a.title;')).toBeNull();
  });

  it("renames a subclass's override and its super call (element.umd.js's element)", () => {
    expect(shorten('class B extends A { _go() { return super._go() && this._go; } }')).toBe(
      'class B extends A { _a() { return super._a() && this._a; } }',
    );
  });

  it.each([
    ['read on another object', 'class A { _x() {} m(o) { return o._x(); } }', /_x read on another object/],
    ["an object literal's key", 'class A { _x() {} } const o = { _x: 1 };', /_x is an object literal's key/],
  ])('stop the build when a "_x" name is %s', (_case, code, error) => {
    expect(() => shorten(code)).toThrow(error);
  });

  it.each([
    join(dir, 'element.mjs'),
    join(dir, 'element.cjs'),
    join(__dirname, '..', '..', 'dist', 'packages', 'contracts-sdk', version, 'element.umd.js'),
  ])('%s keeps no long private name (the element class)', (file) => {
    const code = readFileSync(file, 'utf8');
    expect(code).toMatch(/\bthis\._[a-zA-Z]\(/);
    // Read (`._check`) or declared (`_check(`, at a line's start or after minified code).
    expect(code).not.toMatch(/\._[a-zA-Z][\w$]+\b|(?<![\w$.])_[a-zA-Z][\w$]+\(/);
  });
});
