// A partner's React app, for real: contracts-sdk from the registry (support/framework-apps.ts), React 19 or 18
// beside it, the README's React example as its signing component, built by Vite with @vitejs/plugin-react into
// .cache/react-apps/<key>.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { snippet } from '../../lib/doc-snippets.mjs';
import { buildKey, cachedProject, ROOT_MODULES, viteBuild } from './framework-apps';

const APP_SOURCE = join(REPO_ROOT, 'e2e', 'apps', 'react-app');

/** Where each React major comes from: the root's devDependencies (19) and the react-18 workspace. */
const REACT_MODULES = {
  19: ROOT_MODULES,
  18: join(REPO_ROOT, 'e2e', 'apps', 'react-18', 'node_modules'),
} as const;
export type ReactMajor = keyof typeof REACT_MODULES;

// The partner's environment module: here it reads the sandbox's addresses from the page's query, which the test
// sets (a partner's would hold its own fixed values; the README shows the sandbox's). The app's present() adds
// locale and appearance to it, as the README example spreads it into <ContractSigning> at each render.
const SIGNING_CONFIG = `import type { SessionOptions } from 'contracts-sdk/react';

const query = new URLSearchParams(location.search);
export const signingOptions: Partial<SessionOptions> = { cdnUrl: query.get('cdnUrl')!, appUrl: query.get('appUrl')! };
`;

export interface ReactApp {
  /** The project: node_modules with contracts-sdk from the registry and this React, src/ with the README example. */
  projectDir: string;
  /** The production build (vite build), made for base `/react-<major>/`. */
  buildDir: string;
}

/** React and react-dom of `major`, with the scheduler that react-dom resolves, copied into the project. */
function addReact(dir: string, major: ReactMajor): void {
  const from = REACT_MODULES[major];
  for (const name of ['react', 'react-dom'])
    cpSync(join(from, name), join(dir, 'node_modules', name), { recursive: true, dereference: true });
  const nested = join(from, 'react-dom', 'node_modules', 'scheduler');
  cpSync(existsSync(nested) ? nested : join(from, 'scheduler'), join(dir, 'node_modules', 'scheduler'), {
    recursive: true,
    dereference: true,
  });
}

/** The app for React `major`, built once per key: the package, the app, the example, React's version, Vite's. */
export async function reactApp(major: ReactMajor): Promise<ReactApp> {
  const example = snippet('README.md', 'react-example');
  const modules: [string, string[]][] = [
    [REACT_MODULES[major], ['react', 'react-dom']],
    [ROOT_MODULES, ['vite']],
  ];
  const key = buildKey(`react-${major}`, { sources: APP_SOURCE, texts: [example], modules });
  const prepare = (dir: string) => {
    addReact(dir, major);
    cpSync(APP_SOURCE, dir, { recursive: true });
    writeFileSync(join(dir, 'src', 'SignLoanContract.tsx'), example);
    writeFileSync(join(dir, 'src', 'signing-config.ts'), SIGNING_CONFIG);
  };
  const done = await cachedProject(
    'react-apps',
    key,
    [],
    prepare,
    async (dir) => {
      const { default: react } = await import('@vitejs/plugin-react');
      await viteBuild({
        root: dir,
        configFile: false,
        base: `/react-${major}/`,
        logLevel: 'warn',
        plugins: [react()],
        cacheDir: join(dir, '.vite-cache'),
        build: { outDir: join(dir, 'build'), emptyOutDir: true },
      });
    },
    { builtFile: join('build', 'index.html') },
  );
  return { projectDir: done, buildDir: join(done, 'build') };
}

/** Vite's dev server for the project, as connect middleware under `base` (no HMR socket: nothing edits files). */
export async function devServer(app: ReactApp, base: string, partnerOrigin: string) {
  const { createServer } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const cacheDir = mkdtempSync(join(tmpdir(), 'contracts-sdk-vite-cache-'));
  const server = await createServer({
    root: app.projectDir,
    configFile: false,
    base,
    logLevel: 'warn',
    plugins: [react()],
    // Each worker its own cache: two dev servers on one project must not write the same files.
    cacheDir,
    appType: 'spa',
    // The partner's test host name (Vite answers only localhost by default, against DNS rebinding).
    server: { middlewareMode: true, hmr: false, ws: false, allowedHosts: [new URL(partnerOrigin).hostname] },
  });
  return {
    middlewares: server.middlewares,
    async close() {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
