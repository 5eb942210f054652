// The npm package's private class members ("_x") shortened by the build, as the CDN build does for src/ (terser's
// mangle.properties): a partner's minifier keeps property names, so these are bytes in every partner's bundle
// (1.3.0, the element entry: 31 B min+gzip). Readable otherwise: only these names change, nothing is minified.
import MagicString from 'magic-string';

const PRIVATE = /^_/;
const SHORT_NAMES = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The identifier nodes that write a "_x" name: a class member's key, `this._x` or `super._x`; anywhere else stops the build. */
function privatePlaces(ast) {
  const places = [];
  const visit = (node) => {
    const key = node.type === 'MethodDefinition' || node.type === 'PropertyDefinition' ? node.key : null;
    if (key?.type === 'Identifier' && !node.computed && PRIVATE.test(key.name)) places.push(key);
    if (node.type === 'MemberExpression' && !node.computed && PRIVATE.test(node.property.name)) {
      // Renamed wherever it is written: safe only on a class's own instance (this, or super in a subclass's
      // override), never a foreign object's "_x".
      if (node.object.type !== 'ThisExpression' && node.object.type !== 'Super')
        throw new Error(`private-members: ${node.property.name} read on another object`);
      places.push(node.property);
    }
    if (node.type === 'Property' && !node.computed && PRIVATE.test(node.key.name ?? ''))
      throw new Error(`private-members: ${node.key.name} is an object literal's key`);
    for (const value of Object.values(node)) {
      for (const child of [value].flat()) if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(ast);
  return places;
}

/**
 * A rollup plugin. One name for each "_x" of the whole build (a class and its subclass may be in two chunks): the
 * shortest, the most used first (then by name), "_" kept (no DOM or public name starts with it).
 */
export function shortenPrivateMembers() {
  let short = new Map();
  return {
    name: 'shorten-private-members',
    renderStart() {
      const uses = new Map();
      for (const id of this.getModuleIds()) {
        const { ast } = this.getModuleInfo(id);
        for (const { name } of ast ? privatePlaces(ast) : []) uses.set(name, (uses.get(name) ?? 0) + 1);
      }
      if (uses.size > SHORT_NAMES.length) throw new Error('private-members: more members than short names');
      const byUse = [...uses.keys()].sort((a, b) => uses.get(b) - uses.get(a) || (a < b ? -1 : 1));
      short = new Map(byUse.map((name, index) => [name, `_${SHORT_NAMES[index]}`]));
    },
    renderChunk(code) {
      const places = privatePlaces(this.parse(code));
      if (places.length === 0) return null;
      const result = new MagicString(code);
      for (const { start, end, name } of places) {
        if (!short.has(name)) throw new Error(`private-members: ${name} is in no module of the build`);
        result.overwrite(start, end, short.get(name));
      }
      return { code: result.toString(), map: result.generateMap({ hires: true }) };
    },
  };
}
