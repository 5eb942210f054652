// Type-checks documentation snippets as a partner's strict TypeScript project would: `contracts-sdk` is the BUILT
// package (dist/npm/contracts-sdk, linked into a node_modules beside the snippets, so its package.json
// "exports" decide what resolves), the script tag's global is types/svc-sdk.d.ts (copied beside them as
// ./svc-sdk.d.ts, the name the README tells partners to save it under), React comes from the repository's
// node_modules. Needs `npm run build` first; `npm test` runs it before the unit tests.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';

export const BUILT_PACKAGE = join(REPO_ROOT, 'dist', 'npm', 'contracts-sdk');

export interface SourceFile {
  /** File name in the work folder: its extension (.ts, .tsx, .js) decides how it is checked. */
  name: string;
  code: string;
}

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Every snippet is its own module, so two snippets may both declare `const contracts`.
  moduleDetection: ts.ModuleDetectionKind.Force,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  allowJs: true,
  checkJs: true,
  // Node's types for the server-side snippets (process.env); the browser ones use the DOM's.
  types: ['node'],
  noFallthroughCasesInSwitch: true,
  // The declarations themselves are checked where they are built (npm run typecheck, test/types).
  skipLibCheck: true,
  // The package stays a node_modules package (its .mjs are never read as sources to check), as when installed.
  preserveSymlinks: true,
};

// Parsed declaration files (the DOM, Node's and React's types, the package's), shared by every program of the
// run: parsing them is most of a check's time, and they do not change while the tests run.
const sharedSources = new Map<string, ts.SourceFile>();

function compilerHost(options: ts.CompilerOptions, workDir: string): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName.startsWith(workDir)) return read(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!sharedSources.has(key)) {
      const source = read(fileName, languageVersion, onError, shouldCreate);
      if (!source) return source;
      sharedSources.set(key, source);
    }
    return sharedSources.get(key);
  };
  return host;
}

/**
 * Checks `files` (all .js, or all .ts/.tsx) together with a global `prelude` (declarations of what the surrounding page or server would
 * supply) and returns the diagnostics of each file, by name, formatted `line:column message` (1-based lines of
 * that file). Errors of the prelude, or of any file outside the snippets, are reported under 'prelude.d.ts'.
 */
export function typeCheck(files: SourceFile[], prelude: string): Map<string, string[]> {
  if (!existsSync(join(BUILT_PACKAGE, 'package.json')))
    throw new Error(`${BUILT_PACKAGE} is missing: run npm run build first`);
  // Inside the repository, so that module resolution walks up to its node_modules (react, @types/*).
  const cache = join(REPO_ROOT, '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'doc-snippets-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(BUILT_PACKAGE, join(dir, 'node_modules', 'contracts-sdk'), 'dir');
    copyFileSync(join(REPO_ROOT, 'types', 'svc-sdk.d.ts'), join(dir, 'svc-sdk.d.ts'));
    writeFileSync(join(dir, 'prelude.d.ts'), prelude);
    for (const file of files) writeFileSync(join(dir, file.name), file.code);
    const roots = ['svc-sdk.d.ts', 'prelude.d.ts', ...files.map((file) => file.name)].map((name) => join(dir, name));
    // JavaScript is checked as a partner's JS project would be (checkJs): no annotations required, but a
    // possibly-null value, a wrong member or a wrong argument is still an error.
    const javascript = files.length > 0 && files.every((file) => file.name.endsWith('.js'));
    const options = javascript ? { ...OPTIONS, noImplicitAny: false } : OPTIONS;
    const program = ts.createProgram(roots, options, compilerHost(options, dir));
    const byFile = new Map<string, string[]>(
      ['prelude.d.ts', ...files.map((file) => file.name)].map((name) => [name, []]),
    );
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const fileName = diagnostic.file?.fileName;
      const name =
        fileName === undefined
          ? 'prelude.d.ts'
          : fileName.startsWith(dir)
            ? fileName.slice(dir.length + 1)
            : relative(REPO_ROOT, fileName);
      const where =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
          : undefined;
      const text = `${where ? `${where.line + 1}:${where.character + 1} ` : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      (byFile.get(name) ?? byFile.get('prelude.d.ts')!).push(
        diagnostic.file && !byFile.has(name) ? `${name} ${text}` : text,
      );
    }
    return byFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
