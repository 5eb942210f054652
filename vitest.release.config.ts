// The release pipeline's tests: real builds into temporary directories, a real S3 (radosgw, started by the
// tests), nginx -t. Slow by nature, so `npm test` runs them as a step of their own after the fast unit suite.
import { defineConfig } from 'vitest/config';
import unit from './vitest.config.ts';

export default defineConfig({
  ...unit,
  test: { ...unit.test, include: ['test/release/**/*.test.ts'], exclude: ['**/node_modules/**'] },
});
