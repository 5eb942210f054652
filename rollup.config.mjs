// One entry, one global build, written twice: the pinned `<version>/` path (with its SRI sidecar) and the
// floating `v<major>/` path (no sidecar: its bytes change with every release, so it cannot carry integrity).
// Beside it, the element's CDN file (element.umd.js), written the same two ways. Then the npm package (loader/): ESM + CJS + bundled .d.ts, with the pinned build's integrity baked in, so it
// is built after the global build (rollup runs the configs of this array in order).
import { readFileSync, writeFileSync, copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import dts from 'rollup-plugin-dts';
import ts from 'typescript';
import { sriOf } from './lib/bundle.mjs';
import { buildConstants } from './lib/build-constants.mjs';
import { clearStamp, inputsHash, writeStamp } from './lib/build-stamp.mjs';
import { mangledProperties } from './lib/mangled-properties.mjs';
import { guideFiles, packagedFolders, packagedMarkdown, packagedPath } from './lib/npm-guide.mjs';
import { NPM_ENTRIES, NPM_PACKAGE_DIR, NPM_PEERS, NPM_TYPE_ENTRIES, npmPackageJson } from './lib/npm-package.mjs';
import { shortenPrivateMembers } from './lib/private-members.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const SCRIPT_FILE = 'index.umd.js';
const ELEMENT_FILE = 'element.umd.js';
const { version, description, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const major = version.split('.')[0];
const outBase = process.env.SDK_OUT_DIR || join(root, 'dist');
const outRoot = join(outBase, 'packages', 'contracts-sdk');
const npmDir = join(outBase, NPM_PACKAGE_DIR);
const pinnedDir = join(outRoot, version);
// Throws, naming each, if a name marked `@internal` in src/ is a wire or public name (before any file is written).
const MANGLED_PROPERTIES = mangledProperties();
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

/**
 * The stamp `npm run demo` reads to skip an unneeded build (lib/build-stamp.mjs): removed when the first build
 * starts, written with the inputs' hash as read then, once the last one has written its files.
 */
function buildStamp() {
  let hash;
  return {
    start: {
      name: 'build-stamp-start',
      buildStart() {
        clearStamp(outBase);
        hash = inputsHash(root);
      },
    },
    finish: { name: 'build-stamp-finish', writeBundle: () => writeStamp(outBase, hash) },
  };
}
const stamp = buildStamp();

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

/**
 * Turns the CDN build's `const` declarations (src/ only) into `let` before terser, which can then join and reuse
 * them (1.3.0: 48 B). The same behaviour: TypeScript refuses any reassignment of a const (TS2588) and the build
 * stops on its errors (noEmitOnError), and both are block-scoped with the same temporal dead zone. "let  " has the
 * length of "const", so no code moves and the source map stays exact.
 */
function constAsLet() {
  const src = join(root, 'src', '/');
  return {
    name: 'const-as-let',
    transform(code, id) {
      if (!id.startsWith(src)) return null;
      const starts = [];
      const visit = (node) => {
        if (node.type === 'VariableDeclaration' && node.kind === 'const') starts.push(node.start);
        for (const value of Object.values(node)) {
          for (const child of [value].flat()) if (child && typeof child.type === 'string') visit(child);
        }
      };
      visit(this.parse(code));
      let result = code;
      for (const start of starts) result = `${result.slice(0, start)}let  ${result.slice(start + 5)}`;
      return { code: result, map: null };
    },
  };
}

const output = (dir, extraPlugins) => ({
  dir,
  entryFileNames: SCRIPT_FILE,
  // A classic script whose entry (src/global.ts) defines the SvcSDK global itself, and registers with RequireJS
  // or CommonJS where one loads it: rollup's UMD wrapper left the global undefined on RequireJS pages (#24).
  format: 'iife',
  sourcemap: true,
  banner: `/*! contracts-sdk v${version} */`,
  plugins: [
    terser({
      ecma: 2020,
      // The unsafe transforms below are safe for this code: nothing calls `new` on a function expression or
      // method, nor reads its prototype (arrows, methods), and Object.prototype methods are reached through `{}`;
      // `unsafe` turns String(x) and `${x}` into x + "" (only strings and numbers are converted: a symbol reaches
      // only redact(), whose catch then prints its type tag) and `new Error()` into Error().
      // hoist_funs moves function declarations to the top of their scope, where JavaScript hoists them anyway;
      // inline: 1 inlines only simple functions (the rest stay declared once, which compresses better here);
      // passes: the output stops changing at the ninth pass (1.3.0: 7 B below six passes); 10 leaves a margin.
      // lhs_constants and comparisons off keep comparisons as written (`typeof x === "string"`, not
      // `"string"==typeof x`): the same code, and it compresses better (1.3.0: 23 B); a transform left off is safe.
      compress: {
        passes: 10,
        hoist_funs: true,
        inline: 1,
        lhs_constants: false,
        comparisons: false,
        unsafe: true,
        unsafe_arrows: true,
        unsafe_methods: true,
        unsafe_proto: true,
      },
      format: { comments: /^!/ },
      // Internal property names only: "_x" (private members) and the members src/ marks `@internal`, collected by
      // lib/mangled-properties.mjs, which refuses a marked wire or public name; test/bundle/mangled-names.test.ts
      // runs this very plugin. builtins: the list alone decides what is shortened, not terser's list of DOM names,
      // which also kept the short names ("a", "x") from being handed out (1.3.0: 15 B). The price: a listed name is
      // renamed on every object, so the test checks that src/ reads none on an object it does not declare.
      mangle: { properties: { regex: MANGLED_PROPERTIES, builtins: true } },
    }),
    ...extraPlugins,
  ],
});

/** package.json, README and the partner guide (with the documents it links) of the npm package, beside its code. */
function npmPackageFiles() {
  return {
    name: 'npm-package-files',
    buildStart() {
      // The folder is published as a whole: nothing from an earlier build may linger in it.
      rmSync(npmDir, { recursive: true, force: true });
    },
    writeBundle() {
      const manifest = npmPackageJson({ version, description, license });
      writeFileSync(join(npmDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
      copyFileSync(join(root, 'loader', 'README.md'), join(npmDir, 'README.md'));
      // The partner guide of this exact version, which the package README points to, and what it links.
      const files = guideFiles(root);
      for (const folder of packagedFolders(npmDir, files)) mkdirSync(folder, { recursive: true });
      for (const from of files.keys()) {
        const text = readFileSync(join(root, from), 'utf8');
        const shipped = from.endsWith('.md') ? packagedMarkdown(text, from, files) : text;
        writeFileSync(packagedPath(npmDir, from, files), shipped);
      }
    },
  };
}

/** `<name>.d.ts`, the types of `import`: those of `<name>.d.cts`, re-exported (one declaration of each type). */
function esmDeclarations(name) {
  return {
    name: 'esm-declarations',
    writeBundle() {
      writeFileSync(join(npmDir, `${name}.d.ts`), `export * from './${name}.cjs';\n`);
    },
  };
}

/**
 * TypeScript to JavaScript for the loader, file by file, without a second type-checking program: the global
 * build's typescript plugin above already type-checks loader/ (tsconfig.json includes it, and noEmitOnError
 * fails the build), so this only strips types, which keeps `npm run build` (run by every release) fast.
 */
function transpileTypeScript() {
  const { options } = ts.parseJsonConfigFileContent(
    JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')),
    ts.sys,
    root,
  );
  return {
    name: 'transpile-typescript',
    transform(code, id) {
      if (!id.endsWith('.ts')) return null;
      const { outputText, sourceMapText } = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: { ...options, sourceMap: true, inlineSourceMap: false, inlineSources: true },
      });
      return { code: outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''), map: sourceMapText };
    },
  };
}

/**
 * The element's CDN file: the npm element entry's code (loader/element-class.ts and its session), with
 * loader/global-sdk.ts in place of loader/load.ts, so that it takes the SvcSDK global of index.umd.js instead of
 * adding a script. Minified like the npm entries are measured (lib/npm-size.mjs), private members shortened as
 * the npm build ships them (1.3.0: 27 B), without the SDK's unsafe transforms or its other shortened property
 * names, which are argued for src/ only.
 */
function elementOutput(dir, extraPlugins) {
  return {
    dir,
    entryFileNames: ELEMENT_FILE,
    format: 'iife',
    sourcemap: true,
    banner: `/*! contracts-sdk v${version} <svc-contract-signing> */`,
    plugins: [terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: /^!/ } }), ...extraPlugins],
  };
}

/** The build constants of loader/ (loader/constants.ts). */
function loaderConstants() {
  return {
    ...buildConstants(version),
    // Read when the loader is compiled, i.e. after the global build above has written the pinned file.
    __SDK_INTEGRITY__: () => JSON.stringify(sriOf(readFileSync(join(pinnedDir, SCRIPT_FILE)))),
  };
}

/** Resolves imports of the file `from` to the file `to` instead (both absolute paths). */
function substitute(from, to) {
  return {
    name: 'substitute',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === from ? to : resolved;
    },
  };
}

// A warning is a defect in a library this small: fail the build rather than ship it.
const onwarn = (warning) => {
  throw new Error(`rollup: ${warning.message}`);
};
// The one declaration file of the public types, and how an entry's sources import it (`./types`, resolved or not).
const SHARED_TYPES = 'types';
const isSharedTypes = (id) => id === './types' || id.replace(/\.ts$/, '') === join(root, 'loader', 'types');
const isElementEntry = (id) => id === './element' || id.replace(/\.ts$/, '') === join(root, 'loader', 'element');
const loaderInput = Object.fromEntries(NPM_ENTRIES.map((name) => [name, join(root, 'loader', `${name}.ts`)]));
// The partner's own React (and any other peer) is imported, never bundled.
const external = (id) => Object.keys(NPM_PEERS).some((peer) => id === peer || id.startsWith(`${peer}/`));
const loaderOutput = (format, extension) => ({
  dir: npmDir,
  format,
  entryFileNames: `[name].${extension}`,
  chunkFileNames: `shared.${extension}`,
  // One chunk for the code entries share (the loader, and the session both bindings run): a second one would be
  // another file for partners' static servers and the release check to know about.
  manualChunks: { shared: [join(root, 'loader', 'session.ts')] },
  sourcemap: true,
  // The React entry is a client component: Server Components frameworks (Next.js App Router) render it from a
  // server component only if its file starts with 'use client'. Rollup drops module-level directives of the
  // sources (with a warning, which fails this build), so the directive is added to that output file here.
  banner: (chunk) =>
    `${chunk.isEntry && chunk.name === 'react' ? "'use client';\n" : ''}/*! contracts-sdk v${version} (npm loader) */`,
});

export default [
  {
    input: join(root, 'src', 'global.ts'),
    output: [output(pinnedDir, [integritySidecar(), globalTypes()]), output(floatingDir, [])],
    plugins: [
      replace({ preventAssignment: true, values: buildConstants(version) }),
      nodeResolve(),
      typescript({ tsconfig: join(root, 'tsconfig.json'), noEmitOnError: true }),
      constAsLet(),
      stamp.start,
    ],
    onwarn,
  },
  {
    input: join(root, 'loader', 'cdn-element.ts'),
    output: [elementOutput(pinnedDir, [integritySidecar()]), elementOutput(floatingDir, [])],
    plugins: [
      replace({ preventAssignment: true, values: loaderConstants() }),
      substitute(join(root, 'loader', 'load.ts'), join(root, 'loader', 'global-sdk.ts')),
      nodeResolve({ extensions: ['.ts'] }),
      transpileTypeScript(),
      shortenPrivateMembers(),
    ],
    onwarn,
  },
  {
    input: loaderInput,
    external,
    output: [loaderOutput('es', 'mjs'), loaderOutput('cjs', 'cjs')],
    plugins: [
      replace({ preventAssignment: true, values: loaderConstants() }),
      nodeResolve({ extensions: ['.ts'] }),
      transpileTypeScript(),
      shortenPrivateMembers(),
      npmPackageFiles(),
    ],
    onwarn,
  },
  // Types only, derived from src/ (the same declarations the SDK is compiled from), declared once each so that
  // any mix of entries, ESM and CJS, sees one type identity (a copy per entry and format made SvcContracts from two
  // entries unrelated types, TS2719, as its private members differ; and <svc-contract-signing> declared twice).
  // The public types (loader/types.ts: the SvcContracts class, options, payloads, the SvcSDK namespace) are in
  // types.d.cts, which every entry imports; each entry is declared in its .d.cts (for require()), and its .d.ts
  // (for import) re-exports that. CommonJS declarations, because an ES module may import CommonJS types but
  // not the other way round.
  {
    input: join(root, 'loader', 'types.ts'),
    output: { file: join(npmDir, `${SHARED_TYPES}.d.cts`), format: 'es' },
    plugins: [dts({ tsconfig: join(root, 'tsconfig.json') })],
    onwarn,
  },
  // The types-only entries (ESM .d.ts): the element's class and events come from its entry, never a copy of them.
  ...NPM_TYPE_ENTRIES.map((name) => ({
    input: join(root, 'loader', `${name}.ts`),
    external: (id) => external(id) || isElementEntry(id),
    output: {
      file: join(npmDir, `${name}.d.ts`),
      format: 'es',
      paths: (id) => (isElementEntry(id) ? './element.js' : id),
    },
    plugins: [dts({ tsconfig: join(root, 'tsconfig.json') })],
    onwarn,
  })),
  ...NPM_ENTRIES.map((name) => ({
    input: loaderInput[name],
    external: (id) => external(id) || isSharedTypes(id),
    output: {
      file: join(npmDir, `${name}.d.cts`),
      format: 'es',
      paths: (id) => (isSharedTypes(id) ? `./${SHARED_TYPES}.cjs` : id),
    },
    // The last config rollup runs: the stamp says the whole build is on disk.
    plugins: [
      dts({ tsconfig: join(root, 'tsconfig.json') }),
      esmDeclarations(name),
      ...(name === NPM_ENTRIES.at(-1) ? [stamp.finish] : []),
    ],
    onwarn,
  })),
];
