// A partner's frontend project in a temporary directory: installs contracts-sdk from a registry with npm, bundles
// a tiny app with rollup (as a bundler-based frontend would), and type-checks code written against the package.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';

const run = promisify(execFile);
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

// The app: the partner's code. `signContract` is what a "Sign" button would call; the test drives it with the
// token, as a partner page gets it from its own backend (never from the URL).
const APP = (entry: string) => `import { loadSvcSDK } from '${entry}';

async function signContract({ cdnUrl, nonce, appUrl, signingToken, container }) {
  const sdk = await loadSvcSDK({ cdnUrl, nonce });
  const contract = new sdk.SvcContracts(container, { signingToken, appUrl });
  const outcome = new Promise((resolve) => {
    contract.once('contract.ready', (payload) => resolve({ event: 'contract.ready', payload }));
    contract.once('contract.error', (payload) => resolve({ event: 'contract.error', payload }));
  });
  await contract.open();
  return outcome;
}

window.partnerApp = { loadSvcSDK, signContract };
`;

// Written against the installed package's .d.ts: valid uses must compile, each @ts-expect-error line must not.
const TYPE_TESTS = `import { loadSvcSDK, SDK_INTEGRITY, SDK_VERSION, TRUSTED_TYPES_POLICY } from 'contracts-sdk';
import { loadSvcSDK as loadPure } from 'contracts-sdk/pure';
import type { ContractErrorPayload, ContractEventMap, LoadSvcSDKOptions, SvcContracts, SvcContractsConfig, SvcSDKNamespace } from 'contracts-sdk';

async function valid(container: HTMLElement): Promise<void> {
  const options: LoadSvcSDKOptions = { cdnUrl: 'https://cdn.example.com', nonce: 'abc' };
  const sdk: SvcSDKNamespace | null = await loadSvcSDK(options);
  if (!sdk) return; // server-side rendering
  const config: SvcContractsConfig = { signingToken: 't', contractId: 'c-1', height: 600 };
  const contract: SvcContracts = new sdk.SvcContracts(container, config);
  contract.on('contract.error', (payload: ContractErrorPayload) => payload.code.toUpperCase());
  contract.once('contract.ready', ({ contractId }) => contractId?.length);
  const ready: ContractEventMap['contract.ready'] = { contractId: undefined, attemptId: '00', sessionId: 's' };
  const codes: string = sdk.KNOWN_ERROR_CODES.NOT_FOUND + sdk.SDK_VERSION + SDK_VERSION + SDK_INTEGRITY + TRUSTED_TYPES_POLICY;
  void ready; void codes;
  await contract.open();
  contract.destroy();
  await loadPure();
}
void valid;

async function invalid(container: HTMLElement): Promise<void> {
  // @ts-expect-error: cdnUrl is a string
  await loadSvcSDK({ cdnUrl: new URL('https://cdn.example.com') });
  // @ts-expect-error: not an option
  await loadSvcSDK({ version: '1.0.0' });
  const sdk = await loadSvcSDK();
  // @ts-expect-error: resolves null on a server: check before use
  new sdk.SvcContracts(container, { signingToken: 't' });
  if (!sdk) return;
  // @ts-expect-error: signingToken is required
  new sdk.SvcContracts(container, {});
  // @ts-expect-error: unknown event name
  new sdk.SvcContracts(container, { signingToken: 't' }).on('contract.done', () => {});
  // @ts-expect-error: SvcContracts is a type here: the class comes from the CDN (sdk.SvcContracts)
  const { SvcContracts: notAValue } = await import('contracts-sdk');
  void notAValue;
}
void invalid;
`;

// CommonJS code (a .cts file under module node16) requiring the package: its types must resolve through the
// `require` condition to CommonJS declarations (.d.cts), or TypeScript refuses to require an ES module's types.
const REQUIRE_TYPE_TESTS = `import sdk = require('contracts-sdk');
import pure = require('contracts-sdk/pure');
import type { SvcContractsConfig } from 'contracts-sdk';

async function valid(container: HTMLElement): Promise<void> {
  const loaded = await sdk.loadSvcSDK({ cdnUrl: 'https://cdn.example.com' });
  if (!loaded) return;
  const config: SvcContractsConfig = { signingToken: () => Promise.resolve('t') };
  new loaded.SvcContracts(container, config).on('contract.completed', ({ contractId }) => contractId);
  const version: string = pure.SDK_VERSION;
  void version;
  // @ts-expect-error: not an option
  await pure.loadSvcSDK({ version: '1' });
}
void valid;
`;

export interface ConsumerProject {
  dir: string;
  /** Bundled app (IIFE) importing `contracts-sdk`, and the same app importing `contracts-sdk/pure`. */
  bundles: { main: string; pure: string };
  typeCheck(): Promise<{ code: number; output: string }>;
  node(script: string): Promise<string>;
}

export async function createConsumerProject({
  registry,
  version,
  env,
}: {
  registry: string;
  version: string;
  env: NodeJS.ProcessEnv;
}): Promise<ConsumerProject> {
  const dir = mkdtempSync(join(tmpdir(), 'contracts-sdk-partner-app-'));
  const compilerOptions = { target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, types: [] };
  const tsconfig = (options: object, file: string) =>
    JSON.stringify({ compilerOptions: { ...compilerOptions, ...options }, files: [file] });
  const files = {
    'package.json': JSON.stringify({ name: 'partner-app', version: '1.0.0', private: true, type: 'module' }, null, 2),
    'app-main.js': APP('contracts-sdk'),
    'app-pure.js': APP('contracts-sdk/pure'),
    'types-check.ts': TYPE_TESTS,
    'require-check.cts': REQUIRE_TYPE_TESTS,
    'tsconfig.json': tsconfig(
      { module: 'ESNext', moduleResolution: 'Bundler', skipDefaultLibCheck: true },
      'types-check.ts',
    ),
    'tsconfig.require.json': tsconfig({ module: 'node16', moduleResolution: 'node16' }, 'require-check.cts'),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  // A throwaway npm cache: the package must come from this registry, never from an earlier run's cache.
  const cache = join(dir, '.npm-cache');
  const flags = ['--registry', registry, '--cache', cache, '--no-audit', '--no-fund', '--ignore-scripts'];
  await run('npm', ['install', `contracts-sdk@${version}`, ...flags], { cwd: dir, env });

  const bundles = { main: '', pure: '' };
  for (const name of ['main', 'pure'] as const) {
    const bundle = await rollup({
      input: join(dir, `app-${name}.js`),
      plugins: [nodeResolve({ rootDir: dir, browser: true })],
    });
    const { output } = await bundle.generate({ format: 'iife' });
    await bundle.close();
    bundles[name] = output[0].code;
  }
  return {
    dir,
    bundles,
    /** tsc over the ESM type tests (bundler resolution), then the CommonJS ones (node16): the first failure. */
    async typeCheck() {
      for (const config of ['tsconfig.json', 'tsconfig.require.json']) {
        try {
          await run(process.execPath, [TSC, '-p', join(dir, config)], { cwd: dir });
        } catch (error) {
          const failed = error as { code: number; stdout: string };
          return { code: failed.code, output: `${config}: ${failed.stdout}` };
        }
      }
      return { code: 0, output: '' };
    },
    async node(script: string) {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env });
      return stdout.trim();
    },
  };
}
