// @vitest-environment node
// One type identity across the npm package's entries (issue #28): a partner's project mixing the entries as the
// docs show (types from `contracts-sdk`, values from `/pure`, `/react`, `/element`; ESM and CJS) type-checks under
// moduleResolution bundler, node16 and nodenext with skipLibCheck false. Against the built package (run
// `npm run build` first), linked into a temporary project's node_modules as npm would install it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const TSC = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// ESM, every resolution: the types of the main entry hold what the other entries give.
const MIXES = `import type { ContractErrorPayload, SvcContracts, SvcContractsConfig, SvcSDKNamespace } from 'contracts-sdk';
import { loadSvcSDK as loadMain } from 'contracts-sdk';
import { loadSvcSDK } from 'contracts-sdk/pure';
import { ContractSigning, type ContractSigningProps } from 'contracts-sdk/react';
import { ELEMENT_TAG_NAME, type SvcContracts as ElementSvcContracts } from 'contracts-sdk/element';
import { createElement } from 'react';

export async function pureValueMainType(container: HTMLElement): Promise<SvcContracts | undefined> {
  const sdk = await loadSvcSDK();
  if (!sdk) return undefined;
  const contract: SvcContracts = new sdk.SvcContracts(container, { signingToken: 't' });
  const namespace: SvcSDKNamespace | null = await loadMain();
  const fromElement: ElementSvcContracts = contract;
  void namespace;
  return fromElement;
}

export function reactWithMainTypes(onError: (payload: ContractErrorPayload) => void, config: SvcContractsConfig) {
  const props: ContractSigningProps = { signingToken: config.signingToken, onError, hidden: true };
  return createElement(ContractSigning, props);
}

export function elementWithMainTypes(onError: (payload: ContractErrorPayload) => void) {
  const element = document.querySelector(ELEMENT_TAG_NAME);
  element?.addEventListener('contract-error', (event) => onError(event.detail));
  if (element) element.tokenUrl = '/api/signing-token';
  const tokenUrl: string | null | undefined = element?.tokenUrl;
  // @ts-expect-error: a URL is text
  if (element) element.tokenUrl = new URL('https://partner.example/api/signing-token');
  return tokenUrl;
}

export function appearanceInBothBindings(config: SvcContractsConfig, element: HTMLElementTagNameMap['svc-contract-signing']) {
  element.appearance = config.appearance;
  element.appearance = { theme: 'dark', variables: { colorPrimary: '#0b5cad' } };
  element.appearance = null;
  // @ts-expect-error: a theme the SDK does not have
  element.appearance = { theme: 'blue' };
  const props: ContractSigningProps = { signingToken: 't', appearance: element.appearance, dir: 'rtl', locale: 'de' };
  // @ts-expect-error: dir is "ltr" or "rtl"
  const wrong: ContractSigningProps = { signingToken: 't', dir: 'up' };
  return [createElement(ContractSigning, props), wrong];
}
`;

// ESM importing the CommonJS declarations' types, and CommonJS importing the ESM ones (node16, nodenext).
const ESM_WITH_CJS_TYPES = `import type { SvcContracts } from 'contracts-sdk' with { 'resolution-mode': 'require' };
import { loadSvcSDK } from 'contracts-sdk/pure';

export async function esmValueCjsType(container: HTMLElement): Promise<SvcContracts | undefined> {
  const sdk = await loadSvcSDK();
  return sdk ? new sdk.SvcContracts(container, { signingToken: 't' }) : undefined;
}
`;
const CJS_WITH_ESM_TYPES = `import pure = require('contracts-sdk/pure');
import element = require('contracts-sdk/element');
import type { SvcContracts, SvcSDKNamespace } from 'contracts-sdk' with { 'resolution-mode': 'import' };

export async function cjsValueEsmType(container: HTMLElement): Promise<SvcContracts | undefined> {
  const sdk: SvcSDKNamespace | null = await pure.loadSvcSDK();
  const contract: element.SvcContracts | undefined = sdk ? new sdk.SvcContracts(container, { signingToken: 't' }) : undefined;
  return contract;
}
`;

// contracts-sdk/svelte (types only): Svelte templates type the element from SvelteHTMLElements (what svelte-check
// reads for `<svc-contract-signing oncontract-error={(event) => …}>`), not from the DOM's maps.
const SVELTE_TEMPLATES = `import 'contracts-sdk/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { ContractErrorPayload } from 'contracts-sdk/element';

type Attributes = SvelteHTMLElements['svc-contract-signing'];

export const attributes: Attributes = {
  'contract-id': 'loan-42',
  'cdn-url': undefined,
  height: 'auto',
  'min-height': 320,
  debug: true,
  hidden: false,
  appearance: { theme: 'dark' },
  'oncontract-error': (event) => {
    const payload: ContractErrorPayload = event.detail;
    event.currentTarget.open();
    return payload.code;
  },
  'oncontract-completed': (event) => event.detail.contractId,
};
// @ts-expect-error: the token is never in a template (Svelte writes it into the page's HTML)
export const token: Attributes = { signingToken: 't' };
// @ts-expect-error: the payload of contract-error has no such field
export const wrongPayload: Attributes = { 'oncontract-error': (event) => event.detail.signingToken };
// @ts-expect-error: an attribute the element does not have
export const unknown: Attributes = { 'contract-idd': 'loan-42' };
`;

let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'contracts-sdk-types-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'partner', private: true, type: 'module' }));
  mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
  symlinkSync(join(root, 'dist', 'npm', 'contracts-sdk'), join(project, 'node_modules', 'contracts-sdk'));
  symlinkSync(join(root, 'node_modules', 'react'), join(project, 'node_modules', 'react'));
  symlinkSync(join(root, 'node_modules', '@types', 'react'), join(project, 'node_modules', '@types', 'react'));
  symlinkSync(join(root, 'node_modules', 'svelte'), join(project, 'node_modules', 'svelte'));
  writeFileSync(join(project, 'mixes.ts'), MIXES);
  writeFileSync(join(project, 'svelte-templates.ts'), SVELTE_TEMPLATES);
  writeFileSync(join(project, 'esm-with-cjs-types.ts'), ESM_WITH_CJS_TYPES);
  writeFileSync(join(project, 'cjs-with-esm-types.cts'), CJS_WITH_ESM_TYPES);
});

const MODULE_OF = { bundler: 'preserve', node16: 'node16', nodenext: 'nodenext' } as const;

describe('npm package types: one identity for every entry, ESM and CJS', () => {
  it('declares the public types once (types.d.cts), imported by every entry; each entry once (.d.cts)', () => {
    const dir = join(root, 'dist', 'npm', 'contracts-sdk');
    for (const name of ['index', 'pure', 'react', 'element']) {
      const declarations = readFileSync(join(dir, `${name}.d.cts`), 'utf8');
      expect(declarations, name).toMatch(/from '\.\/types\.cjs';/);
      expect(declarations, `${name}: no copy of the class`).not.toMatch(/declare class SvcContracts\b/);
      expect(readFileSync(join(dir, `${name}.d.ts`), 'utf8'), `${name}.d.ts re-exports ${name}.d.cts`).toBe(
        `export * from './${name}.cjs';\n`,
      );
    }
  });

  it.each(Object.keys(MODULE_OF) as (keyof typeof MODULE_OF)[])(
    'every mix of entries the docs show, and the Svelte template types, type-check under moduleResolution %s, skipLibCheck false',
    async (resolution) => {
      const config = `tsconfig.${resolution}.json`;
      const esm = ['mixes.ts', 'svelte-templates.ts'];
      const files = resolution === 'bundler' ? esm : [...esm, 'esm-with-cjs-types.ts', 'cjs-with-esm-types.cts'];
      writeFileSync(
        join(project, config),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: MODULE_OF[resolution],
            moduleResolution: resolution,
            lib: ['ES2022', 'DOM'],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: [],
          },
          files,
        }),
      );
      const result = await run(process.execPath, [TSC, '-p', join(project, config)], { cwd: project }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
      expect(result).toBe('');
    },
    60_000,
  );
});
