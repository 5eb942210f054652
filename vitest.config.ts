import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: plain ESM helper without type declarations
import { buildConstants } from './lib/build-constants.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig({
  // The loader's baked integrity is only compared, never verified by happy-dom: any well-formed value will do.
  define: { ...buildConstants(version, {}), __SDK_INTEGRITY__: JSON.stringify('sha384-unit-test-integrity') },
  test: {
    // The release tests build the project several times (minutes): they run as their own step,
    // `npm run test:release` (vitest.release.config.ts), so this suite stays a few seconds.
    include: ['test/**/*.test.ts'],
    exclude: ['test/release/**', '**/node_modules/**'],
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: { settings: { disableIframePageLoading: true, disableJavaScriptFileLoading: true } },
    },
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ['test/setup-happy-dom.ts'],
  },
});
