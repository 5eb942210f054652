// The test deployment: under /next/ of the harness's partner origin (e2e/support/next-app.ts proxies it there).
import { resolve } from 'node:path';
import type { NextConfig } from 'next';

const config: NextConfig = {
  basePath: '/next',
  // node_modules are links into the repository's (three levels up from .cache/next-app/<key>): Turbopack reads
  // files only under its root.
  turbopack: { root: resolve('../../..') },
};

export default config;
