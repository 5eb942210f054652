// Renders the docs' Angular example (docs/frameworks.md "angular-example") with @angular/platform-server's
// renderApplication, as an Angular SSR server does, and prints the pages as JSON on the last line of its output: `{ "string": html, "function": html }`
// for the token of SSR_TOKEN given to its `signingToken` input as a string, then as a function. Run by
// angular.test.ts in its own Node process: Angular comes from the e2e/apps/angular workspace (Angular 21), compiled
// just in time (@angular/compiler), the example's TypeScript through Angular's JIT transform (signal inputs).
// Client hydration is on (`provideClientHydration()`, as `ng new --ssr` sets it), so the page carries its
// hydration data (`ngh` attributes, the `ng-state` script) too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { snippet } from '../../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../../lib/repo-paths.mjs';

const WORKSPACE = join(REPO_ROOT, 'e2e', 'apps', 'angular');
const require = createRequire(join(WORKSPACE, 'package.json'));
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
const ELEMENT = pathToFileURL(join(REPO_ROOT, 'dist', 'npm', 'contracts-sdk', 'element.mjs')).href;

const SOURCES = {
  'sign-loan-contract.ts': snippet('docs/frameworks.md', 'angular-example'),
  // The partner's environment module as in production: no sandbox addresses.
  'signing-config.ts': 'export const signingOptions: { cdnUrl?: string; appUrl?: string } = {};\n',
  // The partner's page: the example with the signer's token, from the server's request (here SSR_TOKEN).
  'root.ts': `import { Component } from '@angular/core';
import { SignLoanContract } from './sign-loan-contract';
@Component({
  selector: 'app-root',
  imports: [SignLoanContract],
  template: '<main><app-sign-loan-contract [signingToken]="token" /></main>',
})
export class Root {
  protected readonly token = (globalThis as { signingTokenForTest?: unknown }).signingTokenForTest as string;
}
`,
};

/** The sources compiled as the Angular CLI's JIT build compiles them, written as ES modules into `dir`. */
function compile(dir) {
  const ts = require('typescript');
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    experimentalDecorators: true,
    useDefineForClassFields: false,
    skipLibCheck: true,
    noEmitOnError: false,
  };
  for (const [name, code] of Object.entries(SOURCES)) writeFileSync(join(dir, name), code);
  const program = ts.createProgram(
    Object.keys(SOURCES).map((name) => join(dir, name)),
    options,
  );
  return { ts, program };
}

async function emit(dir) {
  const { angularJitApplicationTransform } = await load('@angular/compiler-cli');
  const { program } = compile(dir);
  const link = (code) =>
    code
      .replace(/(['"])contracts-sdk\/element\1/g, `'${ELEMENT}'`)
      .replace(/(from\s+['"])(\.\/[\w-]+)(['"])/g, '$1$2.mjs$3');
  program.emit(undefined, (file, text) => writeFileSync(file.replace(/\.js$/, '.mjs'), link(text)), undefined, false, {
    before: [angularJitApplicationTransform(program)],
  });
}

async function render(Root, token) {
  const { provideZonelessChangeDetection } = await load('@angular/core');
  const { bootstrapApplication, provideClientHydration } = await load('@angular/platform-browser');
  const { provideServerRendering, renderApplication } = await load('@angular/platform-server');
  globalThis.signingTokenForTest = token;
  const providers = [provideZonelessChangeDetection(), provideServerRendering(), provideClientHydration()];
  return renderApplication((context) => bootstrapApplication(Root, { providers }, context), {
    document:
      '<!doctype html><html lang="en"><head><title>Sign</title></head><body><app-root></app-root></body></html>',
    url: '/apply/loan-42/sign',
  });
}

mkdirSync(join(WORKSPACE, '.cache'), { recursive: true });
const dir = mkdtempSync(join(WORKSPACE, '.cache', 'angular-ssr-'));
try {
  await load('@angular/compiler'); // just-in-time compilation of the components
  await emit(dir);
  const { Root } = await import(pathToFileURL(join(dir, 'root.mjs')).href);
  const token = process.env.SSR_TOKEN;
  const pages = { string: await render(Root, token), function: await render(Root, async () => token) };
  process.stdout.write(`\n${JSON.stringify(pages)}\n`); // the last line: Angular prints a line of its own before
} finally {
  rmSync(dir, { recursive: true, force: true });
}
