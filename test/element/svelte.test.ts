// The docs' Svelte example (docs/frameworks.md "svelte-example", SvelteKit's signing component) compiled by Svelte
// 5's compiler and mounted by its runtime in happy-dom with the real element: the token comes from its token-url
// (fetch stubbed), the attributes reach the SDK, `oncontract-completed` / `oncontract-error` run. The real app,
// server-rendered and hydrated, is e2e/scenarios/sveltekit.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'svelte/compiler';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { snippet } from '../../lib/doc-snippets.mjs';
import { APP_URL, FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { created, settled } from './helpers';

type Svelte = {
  mount(component: unknown, options: { target: Element; props: Record<string, unknown> }): Record<string, unknown>;
  unmount(instance: Record<string, unknown>): void;
  flushSync(): void;
};

const REPO_ROOT = join(__dirname, '..', '..');
// lib/repo-paths.mjs finds the root from its file: URL, which this environment (happy-dom) does not give modules.
vi.mock('../../lib/repo-paths.mjs', () => ({ REPO_ROOT: join(__dirname, '..', '..') + '/' }));
let dir: string;
let svelte: Svelte;
let component: unknown;

beforeAll(async () => {
  const { js, warnings } = compile(snippet('docs/frameworks.md', 'svelte-example'), {
    filename: 'SignLoanContract.svelte',
    generate: 'client',
  });
  expect(warnings.map((warning) => warning.message)).toEqual([]);
  // Inside the repository, so that `svelte/internal/client` resolves to the same runtime as `mount` below; the
  // element comes from the sources (this test is about the example's bindings, not the package's files).
  mkdirSync(join(REPO_ROOT, '.cache'), { recursive: true });
  dir = mkdtempSync(join(REPO_ROOT, '.cache', 'svelte-example-'));
  const file = join(dir, 'SignLoanContract.js');
  // The partner's environment module (docs' sveltekit-signing-config reads SvelteKit's $env): the fake app's address.
  writeFileSync(
    join(dir, 'signing-config.js'),
    `export const signingOptions = { cdnUrl: undefined, appUrl: ${JSON.stringify(APP_URL)} };\n`,
  );
  writeFileSync(
    file,
    js.code.replace(
      "import 'contracts-sdk/element';",
      `import ${JSON.stringify(join(REPO_ROOT, 'loader', 'element.ts'))};`,
    ),
  );
  // The browser build of Svelte's runtime (the package's "browser" condition; vitest resolves the server one).
  svelte = await import(pathToFileURL(join(REPO_ROOT, 'node_modules', 'svelte', 'src', 'index-client.js')).href);
  component = (await import(pathToFileURL(file).href)).default;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllGlobals();
});

const TOKEN_URL = '/apply/loan-42/sign/token';

async function mounted(onsigned: () => void = () => {}) {
  const fetch = vi.fn(async (_url: string | URL, _init: RequestInit) =>
    Response.json({ signingToken: TOKEN }, { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  const target = document.createElement('div');
  document.body.append(target);
  const instance = svelte.mount(component, { target, props: { tokenUrl: TOKEN_URL, onsigned } });
  svelte.flushSync();
  const element = target.querySelector('svc-contract-signing')!;
  await settled();
  return { target, instance, element, fetch };
}

describe("the docs' Svelte example", () => {
  it('the token comes from token-url, never an attribute; the attributes are options; contract-completed calls onsigned', async () => {
    let signed = 0;
    const { element, fetch } = await mounted(() => signed++);
    expect(element.getAttribute('token-url')).toBe(TOKEN_URL);
    expect(fetch.mock.calls.map(([url, init]) => [String(url), init.method])).toEqual([
      [new URL(TOKEN_URL, document.baseURI).href, 'POST'],
    ]);
    expect(element.outerHTML).not.toContain(TOKEN);
    expect(created).toHaveLength(1);
    expect(created[0].config).toMatchObject({ contractId: 'loan-42', height: 'auto', appUrl: APP_URL });
    const app = FakeApp.in(element);
    expect(app.handshake().message, 'the init carries the route answer').toMatchObject({ signingToken: TOKEN });
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await app.send(envelope('completed'));
    expect(signed).toBe(1);
  });

  it('contract-error shows the code; unmounting removes the frame', async () => {
    const { target, instance, element } = await mounted();
    const app = FakeApp.in(element);
    app.handshake();
    await app.send(envelope('error', { code: 'not_found' }));
    svelte.flushSync();
    expect(target.querySelector('[role="alert"]')?.textContent).toBe('Signing stopped (not_found).');
    svelte.unmount(instance);
    await settled();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
