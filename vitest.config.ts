import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: plain ESM helper without type declarations
import { buildConstants } from './scripts/lib/build-constants.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig({
  define: buildConstants(version, {}),
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: { settings: { disableIframePageLoading: true, disableJavaScriptFileLoading: true } },
    },
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ['test/setup-happy-dom.ts'],
  },
});
