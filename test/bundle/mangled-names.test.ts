// @vitest-environment node
// The build shortens internal property names: "_x" and the members src/ marks `@internal`, collected by
// lib/mangled-properties.mjs (terser's mangle.properties in rollup.config.mjs). Checks the markers, then runs the
// build's own terser plugin (taken from rollup.config.mjs, so an edit of its options is seen too) on every wire,
// public and internal name, then the built file (run `npm run build` first; `npm test` does): no internal name
// survives in it, every public name does, and src/ reads no shortened name on an object it does not own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateUmd } from '../../lib/bundle.mjs';
import {
  internalNames,
  markingProblems,
  memberDeclarations,
  propertyPattern,
  publicNames,
  wireNames,
} from '../../lib/mangled-properties.mjs';
import { declaredNames, foreignReads, libraryNames } from './src-names';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = join(root, 'dist', 'packages', 'contracts-sdk', version, 'index.umd.js');

/** The names marked `@internal` in src/ (the "_x" ones aside). */
const INTERNAL: string[] = internalNames();
/**
 * The pattern of "_x" and those names, as mangledProperties() makes it for rollup.config.mjs, without its stop on a
 * wrong marker: that stops rollup.config.mjs, which only the terser test imports, so a wrong marker fails that test
 * and the markers' test, naming it, not this whole file.
 */
const MANGLED_PROPERTIES: RegExp = propertyPattern(INTERNAL);
/** The wire format (src/protocol-table.ts) and the public API (types/svc-sdk.d.ts, src/types.ts). */
const WIRE: string[] = wireNames();
const PUBLIC: string[] = publicNames();

const srcDir = join(root, 'src');
const srcNames = readdirSync(srcDir)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) => declaredNames(join(srcDir, file)));
const mangledInSrc = [...new Set(srcNames.filter(({ name }) => MANGLED_PROPERTIES.test(name)).map(({ name }) => name))];

/** The src/ files the CDN build holds, as its source map names them ("src/x.ts"). */
function bundledFiles(): Set<string> {
  const { sources } = JSON.parse(readFileSync(`${pinned}.map`, 'utf8')) as { sources: string[] };
  return new Set(sources.map((source) => source.replace(/^(\.\.\/)+/, '')));
}

type Plugin = { name: string; renderChunk: (code: string, chunk: object, options: object) => Promise<string> };
/** The CDN build's terser plugin, options and all, as rollup.config.mjs hands it to rollup. */
async function buildTerser(): Promise<Plugin> {
  const { default: config } = await import('../../rollup.config.mjs');
  const [cdn] = config as unknown as Array<{ output: Array<{ plugins: Plugin[] }> }>;
  const plugin = cdn.output[0].plugins.find(({ name }) => name === 'terser');
  if (!plugin) throw new Error('rollup.config.mjs: no terser plugin in the CDN output');
  return plugin;
}

/**
 * The names of `names` the build's terser leaves as they are, given code that writes each as a key and reads it
 * on a parameter (a message, the options, a DOM object), as src/ does.
 */
async function keptByTheBuild(names: string[]): Promise<string[]> {
  const identifiers = names.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const code =
    `sink({ ${identifiers.map((name, i) => `${name}: ${i}`).join(', ')} });\n` +
    `(function (received) { sink(${identifiers.map((name) => `received.${name}`).join(', ')}); })(source);\n`;
  const minified = await (await buildTerser()).renderChunk(code, {}, { format: 'iife', sourcemap: false });
  return identifiers.filter((name) => asProperty(minified, name));
}
/** Every member name of the script-tag API (types/svc-sdk.d.ts): methods, options, events, payload fields, constants. */
const publicTyped = [...new Set(declaredNames(join(root, 'types', 'svc-sdk.d.ts')).map(({ name }) => name))];

/**
 * Whether `name` occurs in `code` as a property, as minified code writes one: read after "." (also "?."), a key
 * or method after "{", "," or "}". Not as a string or a word of a message: createElement("iframe") is not the
 * property `iframe`, nor "the container is not in the document" the property `container`.
 */
function asProperty(code: string, name: string): boolean {
  return new RegExp(`(?<=[.{,}])${name.replace(/\$/g, '\\$')}(?![\\w$"'\`])`).test(code);
}

/** Whether `name` occurs in `code` as a whole word at all (property, identifier or string). */
function asWord(code: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.-])${name.replace(/[.$]/g, '\\$&')}(?![\\w$-])`).test(code);
}

// TypeScript programs with the DOM library and terser's workers: seconds on a busy machine.
describe('the names the build shortens, from the @internal markers', { timeout: 60_000 }, () => {
  it('the sources were read: the marked names, the wire format, the public API', () => {
    for (const name of ['onAppMessage', 'settings', 'spare', 'owner', 'promise'])
      expect(INTERNAL, name).toContain(name);
    for (const name of ['hello', 'init', 'wait', 'features', 'sessionId', 'signingToken', 'protocol', 'height']) {
      expect(WIRE, name).toContain(name);
    }
    for (const name of ['open', 'prepare', 'signingToken', 'appUrl', 'attemptId', 'sessionId', 'SvcContracts']) {
      expect(PUBLIC, name).toContain(name);
    }
  });

  it('no marked name is a wire or public name, and every declaration of a marked name is marked', () => {
    expect(markingProblems()).toEqual([]);
  });

  it("the build's terser keeps every wire and public name and shortens every internal one", async () => {
    const kept = await keptByTheBuild([...WIRE, ...PUBLIC, ...INTERNAL, '_private']);
    expect(
      [...new Set([...WIRE, ...PUBLIC])].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !kept.includes(name)),
      'wire or public names the build renames',
    ).toEqual([]);
    expect(
      kept.filter((name) => INTERNAL.includes(name) || name === '_private'),
      'internal names the build keeps',
    ).toEqual([]);
  });

  it('every member the bundled src/ declares is marked @internal, or a wire, public or DOM/ES name', () => {
    const bundled = bundledFiles();
    expect(bundled.size, 'src/ files in the source map').toBeGreaterThan(30);
    const kept = new Set([...WIRE, ...PUBLIC, ...INTERNAL, ...libraryNames()]);
    const unmarked = memberDeclarations()
      .filter(({ marked, ambient, name }) => !marked && !ambient && !name.startsWith('_') && !kept.has(name))
      .filter(({ where }) => bundled.has(where.replace(/:\d+$/, '')))
      .map(({ name, where }) => `${where} ${name}`);
    expect(unmarked, 'mark each @internal (docs/development.md, "Build")').toEqual([]);
  });
});

describe('name mangling in the built file', { timeout: 60_000 }, () => {
  const code = readFileSync(pinned, 'utf8');

  it('the private "_x" members are there to be found (a src/ without them would make the next test vacuous)', () => {
    expect(mangledInSrc.filter((name) => name.startsWith('_')).length).toBeGreaterThan(10);
  });

  it('no internal name survives', () => {
    const names = [...new Set([...mangledInSrc, ...INTERNAL])];
    const survivors = names.filter((name) => asProperty(code, name));
    expect(survivors, 'internal names left unshortened in the bundle').toEqual([]);
  });

  it('src/ reads no shortened name on an object it does not declare (a DOM object, a message, the options)', () => {
    expect(foreignReads(MANGLED_PROPERTIES)).toEqual([]);
  });

  it('every public name survives: methods, options, events, payload fields, constants, the wire format', () => {
    // The typed API must have been read (a parse that found nothing would pass vacuously).
    for (const name of ['open', 'prepare', 'close', 'destroy', 'on', 'once', 'off', 'focus']) {
      expect(publicTyped, name).toContain(name);
    }
    for (const name of ['signingToken', 'appUrl', 'loadTimeout', 'contract.ready', 'contract.step', 'elapsedMs']) {
      expect(publicTyped, name).toContain(name);
    }
    // KNOWN_ERROR_CODES' keys are built from its values at run time: its keys are checked on the evaluated build.
    const knownCodes = new Set([
      'NOT_FOUND',
      'VERIFICATION_REQUIRED',
      'VERIFICATION_LIMIT_EXCEEDED',
      'LOADING_ERROR',
      'POPUP_BLOCKED',
      'SESSION_EXPIRED',
      'APP_UNRESPONSIVE',
    ]);
    const expected = [...publicTyped.filter((name) => !knownCodes.has(name) && name !== 'UNKNOWN'), ...WIRE];
    expect(
      expected.filter((name) => !asWord(code, name)),
      'public names missing from the bundle',
    ).toEqual([]);
  });

  it('the evaluated build exposes the public names: members, methods, KNOWN_ERROR_CODES keys', () => {
    const { SvcSDK } = evaluateUmd(code);
    expect(Object.keys(SvcSDK).sort()).toEqual(['KNOWN_ERROR_CODES', 'SDK_VERSION', 'SvcContracts']);
    expect(Object.keys(SvcSDK.KNOWN_ERROR_CODES).sort()).toEqual([
      'APP_UNRESPONSIVE',
      'LOADING_ERROR',
      'NOT_FOUND',
      'POPUP_BLOCKED',
      'SESSION_EXPIRED',
      'UNKNOWN',
      'VERIFICATION_LIMIT_EXCEEDED',
      'VERIFICATION_REQUIRED',
    ]);
    const methods = Object.getOwnPropertyNames(SvcSDK.SvcContracts.prototype);
    for (const name of ['open', 'prepare', 'close', 'destroy', 'on', 'once', 'off', 'focus']) {
      expect(methods, name).toContain(name);
    }
    // Anything else on the prototype is a private method under its short name (which may be "_" itself).
    expect(methods.filter((name) => mangledInSrc.includes(name))).toEqual([]);
  });

  it('the survivor check itself sees a property and ignores a string', () => {
    expect(asProperty('a.heard()', 'heard')).toBe(true);
    expect(asProperty('{heard:1}', 'heard')).toBe(true);
    expect(asProperty('createElement("iframe")', 'iframe')).toBe(false);
    expect(asProperty('a?.send(t)', 'send')).toBe(true);
    expect(asProperty('class{a(){}heard(){}}', 'heard')).toBe(true);
    expect(asProperty('k(t+"(): the container is not in the document")', 'container')).toBe(false);
    expect(asProperty('$(`container must be an element`)', 'container')).toBe(false);
    expect(asWord('e.on("contract.ready",f)', 'contract.ready')).toBe(true);
    expect(asWord('"contract.ready-x"', 'contract.ready')).toBe(false);
  });
});
