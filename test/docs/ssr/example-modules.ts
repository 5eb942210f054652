// A docs example compiled to a module of the scratch folder, its imports pointed at what a partner's server would
// load: the built package, the framework from node_modules, and the partner's own modules as production has them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageEntry } from './token-check';

/** The partner's own modules that the examples import, as on a production server (docs: "nothing in production"). */
const PARTNER_MODULES: Record<string, string> = {
  './signing-config': 'export const signingOptions = {};\n',
  '$lib/signing-config': 'export const signingOptions = {};\n',
  // SvelteKit's modules, as they are while the server renders a page at the site's root.
  '$app/environment': 'export const browser = false;\nexport const dev = false;\nexport const building = false;\n',
  '$app/navigation': 'export const goto = async () => {};\nexport const invalidate = async () => {};\n',
  '$app/paths': `export const base = '';
export const resolve = (route, params = {}) => route.replace(/\\[(\\w+)\\]/g, (_, name) => encodeURIComponent(params[name]));
`,
};

/** Imports left to Node's resolution from the repository: the frameworks themselves. */
const FRAMEWORKS = /^(svelte|vue|react|react-dom|@vue\/[\w-]+)(\/|$)/;

/**
 * `code` with every import specifier resolved: `contracts-sdk/…` to the built entry, a partner module to a file
 * of `dir` holding its production value; a specifier the test does not know fails, naming where to add it.
 */
export function linkImports(code: string, dir: string, where: string, entries: Record<string, string> = {}): string {
  const resolve = (specifier: string): string => {
    if (FRAMEWORKS.test(specifier)) return specifier;
    const entry = /^contracts-sdk(?:\/(\w+))?$/.exec(specifier);
    if (entry) return pathToFileURL(packageEntry(entry[1] ?? 'index')).href;
    if (entries[specifier]) return entries[specifier];
    const source = PARTNER_MODULES[specifier];
    if (source === undefined)
      throw new Error(`${where} imports '${specifier}': add its server-side value to test/docs/ssr/example-modules.ts`);
    const file = join(dir, `${specifier.replace(/[^\w-]/g, '_')}.mjs`);
    writeFileSync(file, source);
    return pathToFileURL(file).href;
  };
  return code.replace(
    /(\bimport\s*(?:[^'"`;]*?\bfrom\s*)?|\bexport\s*[^'"`;]*?\bfrom\s*)(['"])([^'"]+)\2/g,
    (_, head: string, quote: string, specifier: string) => `${head}${quote}${resolve(specifier)}${quote}`,
  );
}
