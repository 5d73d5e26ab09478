import { applyD1Migrations, env } from 'cloudflare:test';

// Applied once per test file's storage; migrations already applied are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
