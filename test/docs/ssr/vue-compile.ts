// A docs Vue component compiled for the server as @vitejs/plugin-vue compiles it for an SSR build (Vite's, and Nuxt's,
// which hands its `vue.compilerOptions` to the same plugin), and the `isCustomElement` settings the docs give.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { Component } from 'vue';
import { compileScript, parse } from 'vue/compiler-sfc';
import { snippet } from '../../../lib/doc-snippets.mjs';
import { linkImports } from './example-modules';

export type IsCustomElement = (tag: string) => boolean;

const toJs = (code: string) =>
  ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;

async function importModule(dir: string, name: string, code: string): Promise<Record<string, unknown>> {
  const file = join(dir, name);
  writeFileSync(file, code);
  return import(pathToFileURL(file).href);
}

/** The component of a `.vue` source, compiled for the server (template inlined, `ssr: true`) and imported. */
export async function serverComponent(
  source: string,
  name: string,
  dir: string,
  isCustomElement: IsCustomElement,
): Promise<Component> {
  // As the plugin does: the template parser, too, must know which tags are custom elements.
  const { descriptor, errors } = parse(source, { filename: `${name}.vue`, templateParseOptions: { isCustomElement } });
  if (errors.length > 0) throw new Error(`${name}: ${errors.map(String).join('; ')}`);
  const script = compileScript(descriptor, {
    id: name,
    inlineTemplate: true,
    templateOptions: { ssr: true, compilerOptions: { isCustomElement } },
  });
  const code = linkImports(toJs(script.content), dir, name);
  return (await importModule(dir, `${name}-${Math.random().toString(36).slice(2)}.mjs`, code)).default as Component;
}

/** `isCustomElement` of the docs' vite.config.ts (block "vue-vite-config"), read from the real plugin it configures. */
export async function viteIsCustomElement(dir: string): Promise<IsCustomElement> {
  const config = await importModule(dir, 'vite.config.mjs', toJs(snippet('docs/frameworks.md', 'vue-vite-config')));
  const plugins = [(config.default as { plugins: unknown[] }).plugins].flat(2) as { name: string; api?: any }[];
  return plugins.find((plugin) => plugin.name === 'vite:vue')!.api.options.template.compilerOptions.isCustomElement;
}

/** `isCustomElement` of the docs' nuxt.config.ts (block "nuxt-config"), with Nuxt's auto-imported defineNuxtConfig. */
export async function nuxtIsCustomElement(dir: string): Promise<IsCustomElement> {
  const source = `const defineNuxtConfig = (config) => config;\n${toJs(snippet('docs/frameworks.md', 'nuxt-config'))}`;
  const config = (await importModule(dir, 'nuxt.config.mjs', source)).default as any;
  return config.vue.compilerOptions.isCustomElement;
}
