// Tests that run in Node against the app as `npm start` serves it: the smoke test over HTTP
// and the browser tests in Debian's Chromium. One server for all (global setup); files run one
// at a time, as Chromium and workerd share the machine's two cores.
import { defineConfig } from 'vitest/config';
import { pathAliases } from './scripts/lib/path-aliases.mjs';

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    include: ['test/smoke/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
