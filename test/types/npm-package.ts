// Type tests of the npm package's public types (loader/, compiled from the same declarations as src/): valid
// uses compile; each @ts-expect-error line must fail to compile. The installed package's bundled .d.ts is
// checked the same way by e2e/npm-package.spec.ts.
import type * as Src from '../../src';
import { loadSvcSDK, SDK_INTEGRITY, SDK_VERSION, TRUSTED_TYPES_POLICY } from '../../loader/index';
import type { loadSvcSDK as loadPure } from '../../loader/pure';
import type {
  ContractEventMap,
  LoadSvcSDKOptions,
  SvcContracts,
  SvcContractsConfig,
  SvcSDKNamespace,
} from '../../loader/index';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <T extends true>(): T => true as T;

// Derived, not copied: the package's types are the SDK's, so new options and events flow through.
same<Equal<SvcSDKNamespace, typeof Src>>();
same<Equal<SvcContractsConfig, Src.SvcContractsConfig>>();
same<Equal<ContractEventMap, Src.ContractEventMap>>();
same<Equal<SvcContracts, Src.SvcContracts>>();
same<Equal<typeof loadPure, typeof loadSvcSDK>>();

async function valid(container: HTMLElement) {
  const options: LoadSvcSDKOptions = { cdnUrl: 'https://cdn.example.com', nonce: 'n' };
  const sdk = await loadSvcSDK(options);
  if (sdk === null) return; // server-side rendering
  const contract: SvcContracts = new sdk.SvcContracts(container, { signingToken: 't' });
  contract
    .on('contract.error', ({ code }) => code.toUpperCase())
    .once('contract.ready', ({ contractId }) => contractId);
  const text: string =
    sdk.SDK_VERSION + SDK_VERSION + SDK_INTEGRITY + TRUSTED_TYPES_POLICY + sdk.KNOWN_ERROR_CODES.UNKNOWN;
  await contract.open();
  return text;
}
void valid;

async function invalid(container: HTMLElement) {
  // @ts-expect-error: not an option of loadSvcSDK
  await loadSvcSDK({ appUrl: 'https://sign.example' });
  // @ts-expect-error: nonce is a string
  await loadSvcSDK({ nonce: 1 });
  const sdk = await loadSvcSDK();
  // @ts-expect-error: null on a server: check before use
  sdk.SDK_VERSION;
  if (!sdk) return;
  // @ts-expect-error: signingToken is required
  new sdk.SvcContracts(container, {});
  // @ts-expect-error: unknown event
  new sdk.SvcContracts(container, { signingToken: 't' }).on('contract.done', () => {});
  // @ts-expect-error: KNOWN_ERROR_CODES is read-only
  sdk.KNOWN_ERROR_CODES.NOT_FOUND = 'x';
}
void invalid;
