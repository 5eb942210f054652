import type { Environment } from './types';

// Fixed at build time (rollup.config.mjs); a release build may override them with the env vars
// SVC_APP_URL_PRODUCTION and SVC_APP_URL_QA.
declare const __SVC_APP_URL_PRODUCTION__: string;
declare const __SVC_APP_URL_QA__: string;

/** The signing app's address for each environment. */
export const SIGNING_APP_URLS: Readonly<Record<Environment, string>> = {
  production: __SVC_APP_URL_PRODUCTION__,
  qa: __SVC_APP_URL_QA__,
};
