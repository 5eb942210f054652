// Replaced at build time from package.json (rollup.config.mjs, vitest.config.ts).
declare const __SDK_VERSION__: string;

/** The version of this build ("major.minor.patch"). */
export const SDK_VERSION: string = __SDK_VERSION__;
