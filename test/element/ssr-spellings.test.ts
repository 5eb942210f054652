// @vitest-environment node
// What each framework's own server renderer writes for a property binding of the token on a custom element (it
// cannot set a property on a server, so it writes an attribute): every such attribute name must be one the element
// refuses (loader/element-attributes.ts). A framework that starts writing another spelling fails here. Angular's
// renderApplication writes nothing for [signingToken] and `signing-token` for [attr.signing-token]; Lit's SSR
// package is not installed here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'svelte/compiler';
import { render } from 'svelte/server';
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { afterAll, describe, expect, it } from 'vitest';
import { isTokenAttribute } from '../../loader/element-attributes';

const TOKEN = 'sbx_ssr_tok-4e1d0b7a-SECRET';
const REPO_ROOT = join(__dirname, '..', '..');
mkdirSync(join(REPO_ROOT, '.cache'), { recursive: true });
// Inside the repository, so that the compiled component's `svelte/internal/server` resolves.
const dir = mkdtempSync(join(REPO_ROOT, '.cache', 'svelte-ssr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The names of the attributes of `html` whose value holds the token (or a function's source naming it). */
function tokenAttributes(html: string, value = TOKEN): string[] {
  return [...html.matchAll(/\s([^\s=>]+)="([^"]*)"/g)]
    .filter(([, , text]) => text.includes(value))
    .map(([, name]) => name);
}

async function svelteSsr(binding: string): Promise<string> {
  const source = `<script>let { signingToken } = $props();</script>\n<svc-contract-signing ${binding}></svc-contract-signing>`;
  const { js } = compile(source, { generate: 'server', filename: 'Ssr.svelte' });
  const file = join(dir, `ssr-${Math.abs(hash(binding))}.js`);
  writeFileSync(file, js.code);
  const component = (await import(pathToFileURL(file).href)).default;
  return render(component, { props: { signingToken: TOKEN } }).body;
}

async function vueSsr(template: string): Promise<string> {
  const app = createSSRApp({ data: () => ({ token: TOKEN }), template });
  // The docs' Vue setting: svc-* tags are custom elements.
  app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('svc-');
  return renderToString(app);
}

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) | 0, 7);

describe('every spelling a server renderer writes for the token is refused', () => {
  it.each([
    '{signingToken}',
    'signingToken={signingToken}',
    'signing-token={signingToken}',
    'signing_token={signingToken}',
  ])('Svelte 5 SSR, %s', async (binding) => {
    const names = tokenAttributes(await svelteSsr(binding));
    expect(names).toHaveLength(1);
    expect(names.filter((name) => !isTokenAttribute(name))).toEqual([]);
  });

  it('Svelte 5 SSR writes a token function as its source code: refused by name, never read', async () => {
    const names = tokenAttributes(await svelteSsr('signingToken={() => signingToken}'), 'signingToken');
    expect(names).toEqual(['signingtoken']);
    expect(isTokenAttribute(names[0])).toBe(true);
  });

  it.each([
    '<svc-contract-signing .signingToken="token" />',
    '<svc-contract-signing :signingToken="token" />',
    '<svc-contract-signing :signingToken.prop="token" />',
    '<svc-contract-signing :signing-token="token" />',
    '<svc-contract-signing v-bind:signing_token="token" />',
  ])('Vue (@vue/server-renderer), %s', async (template) => {
    const names = tokenAttributes(await vueSsr(template));
    expect(names).toHaveLength(1);
    expect(names.filter((name) => !isTokenAttribute(name))).toEqual([]);
  });
});
