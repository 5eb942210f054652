// contracts-sdk/pure: importing it does nothing; the page is touched only when loadSvcSDK() is called.
export { loadSvcSDK } from './load';
export { SDK_INTEGRITY, SDK_VERSION, TRUSTED_TYPES_POLICY } from './constants';
export type * from './types';
