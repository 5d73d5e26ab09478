// Worker tests run inside workerd with the real bindings (local D1, KV, R2, Durable Objects).
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ES module script without type declarations.
import { placesSql, readPlaces } from './scripts/load-places.mjs';

// Real gazetteer rows for the tests, from the same package and SQL as `npm start` loads: the places
// of 15,000 people or more (about 24,000 rows; every town the tests name is among them). setup.ts
// inserts them into each test file's database.
const TEST_PLACES_MIN_POPULATION = 15_000;
const testPlacesSql: string[] = placesSql(readPlaces({ minPopulation: TEST_PLACES_MIN_POPULATION }))
  .split(/;\n(?=INSERT)/)
  .map((statement: string) => statement.replace(/;\s*$/, ''));

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'test',
          SIGNING_SECRET: 'test-signing-secret-0123456789abcdef',
          PASSWORD_PEPPER: 'test-password-pepper-0123456789abcdef-0123456789',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          TEST_PLACES_SQL: testPlacesSql,
        },
      },
    })),
  ],
  test: {
    include: ['test/worker/**/*.test.ts'],
    setupFiles: ['./test/worker/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
