// The shipped script-tag declarations (types/svc-sdk.d.ts) must describe exactly what src/ builds.
import type * as Src from '../../src';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <T extends true>(): T => true as T;

same<Equal<SvcSDK.SvcContractsConfig, Src.SvcContractsConfig>>();
same<Equal<SvcSDK.SvcContractsUpdate, Src.SvcContractsUpdate>>();
same<Equal<Parameters<SvcSDK.SvcContracts['update']>, Parameters<Src.SvcContracts['update']>>>();
same<Equal<SvcSDK.ContractEventMap, Src.ContractEventMap>>();
same<Equal<SvcSDK.ErrorCode, Src.ErrorCode>>();
same<Equal<SvcSDK.KnownErrorCode, Src.KnownErrorCode>>();
same<Equal<typeof SvcSDK.KNOWN_ERROR_CODES, typeof Src.KNOWN_ERROR_CODES>>();
same<Equal<ConstructorParameters<typeof SvcSDK.SvcContracts>, ConstructorParameters<typeof Src.SvcContracts>>>();
same<Equal<keyof SvcSDK.SvcContracts, keyof Src.SvcContracts>>();
same<Equal<ReturnType<SvcSDK.SvcContracts['open']>, ReturnType<Src.SvcContracts['open']>>>();

// A script-tag user's code, written against the global only.
const viaGlobal = new SvcSDK.SvcContracts('signing', { signingToken: 't' });
viaGlobal.on('contract.error', ({ code }) => code.toUpperCase()).open();
const version: string = SvcSDK.SDK_VERSION;
void version;
// @ts-expect-error: wrong event name through the global too
viaGlobal.on('contract.done', () => {});
