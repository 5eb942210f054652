// @vitest-environment node
// Every Vue component of the docs (each `vue` block not marked illustrative), compiled for the server with the
// docs' `isCustomElement` setting (Vite's vite.config.ts, and Nuxt's nuxt.config.ts: Nuxt compiles with the same
// plugin and these options and renders with the same @vue/server-renderer; the real Nuxt app is e2e/nuxt.spec.ts's) and
// rendered by renderToString() with a real sandbox token as the `signingToken` prop (a string, then a function):
// no 12-character piece of the token, and no attribute spelled like the token property, is in the HTML or in the
// hydration data Nuxt would serialise (its data helpers emulated: nuxt-payload.ts). The server renderer writes a
// property binding (`.signingToken`) on a custom element as an attribute. Reads the built package (`npm run build`).
import { createSSRApp, defineComponent, h, type Component } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSnippets, ILLUSTRATIVE } from '../../../lib/doc-snippets.mjs';
import { nuxtServer } from './nuxt-payload';
import { sandboxToken, scratchFolder, tokenLeaks } from './token-check';
import { nuxtIsCustomElement, serverComponent, viteIsCustomElement, type IsCustomElement } from './vue-compile';

const blocks = allSnippets().filter((block) => block.lang === 'vue' && block.marker !== ILLUSTRATIVE);
const scratch = scratchFolder('vue-ssr');
const settings: Record<string, IsCustomElement> = {};
// Compiling and importing Vite, the plugin and each example: well under a second alone, longer in a loaded full run.
const SLOW_MS = 60_000;

beforeAll(async () => {
  settings['vite.config.ts'] = await viteIsCustomElement(scratch.dir);
  settings['nuxt.config.ts'] = await nuxtIsCustomElement(scratch.dir);
}, SLOW_MS);
afterAll(scratch.remove);

/** The component rendered on the server inside a parent that passes `props`: the HTML and the hydration data. */
async function renderedOnServer(component: Component, props: Record<string, unknown>, token: string) {
  const server = nuxtServer(token);
  const app = createSSRApp(defineComponent({ render: () => h(component, props) }));
  const context = {};
  const html = await renderToString(app, context);
  return { html, hydrationData: server.hydrationData(), tokenRequests: server.tokenRequests() };
}

describe("the docs' Vue components rendered on the server", () => {
  it('are found, and both settings make svc-* tags custom elements', () => {
    expect(blocks.filter((block) => block.file === 'docs/frameworks.md').length).toBeGreaterThan(0);
    for (const [name, isCustomElement] of Object.entries(settings))
      expect([isCustomElement('svc-contract-signing'), isCustomElement('section')], name).toEqual([true, false]);
  });

  for (const block of blocks) {
    for (const setting of ['vite.config.ts', 'nuxt.config.ts']) {
      it(
        `${block.file}:${block.line}${block.marker ? ` (${block.marker})` : ''} with ${setting}'s isCustomElement: no piece of the token in the HTML or the hydration data`,
        async () => {
          const name = `L${block.line}-${block.file.replace(/\W/g, '_')}`;
          const component = await serverComponent(block.code, name, scratch.dir, settings[setting]!);
          const token = sandboxToken();
          for (const signingToken of [token, async () => token]) {
            // A page (the Nuxt one) declares no `signingToken`: passed anyway, it would fall through onto its root.
            const props = 'signingToken' in ((component as { props?: object }).props ?? {}) ? { signingToken } : {};
            const { html, hydrationData, tokenRequests } = await renderedOnServer(component, props, token);
            expect(html, 'the element is rendered').toContain('<svc-contract-signing');
            expect(tokenRequests, 'the server never asked the token route (fetch, $fetch, useFetch)').toBe(0);
            expect(tokenLeaks(html, token), `HTML, ${typeof signingToken}`).toEqual([]);
            expect(tokenLeaks(hydrationData, token), `hydration data, ${typeof signingToken}`).toEqual([]);
          }
        },
        SLOW_MS,
      );
    }
  }

  it(
    'the check sees a token that useFetch got on the server: it is in the hydration data, never in the HTML',
    async () => {
      // What the docs tell partners not to do: fetch the token with Nuxt's data helpers.
      const source = `<script setup lang="ts">
import { useTemplateRef, watchPostEffect } from 'vue';
declare const useFetch: (url: string, options: object) => Promise<{ data: { value: { signingToken: string } } }>;
const { data } = await useFetch('/api/signing-token', { method: 'POST' });
const signing = useTemplateRef<{ signingToken: string }>('signing');
watchPostEffect(() => { if (signing.value) signing.value.signingToken = data.value.signingToken; });
</script>
<template><svc-contract-signing ref="signing" contract-id="loan-42"></svc-contract-signing></template>
`;
      const component = await serverComponent(source, 'UseFetchToken', scratch.dir, settings['nuxt.config.ts']!);
      const token = sandboxToken();
      const { html, hydrationData, tokenRequests } = await renderedOnServer(component, {}, token);
      expect(tokenRequests, 'the server asked the token route').toBe(1);
      expect(tokenLeaks(html, token)).toEqual([]);
      expect(tokenLeaks(hydrationData, token)).toHaveLength(1);
    },
    SLOW_MS,
  );
});
