// The project's D1 migrations: the numbered files in migrations/ (wrangler.toml's migrations_pattern
// and vitest.config.ts name the same ones), in the order they apply. migrations/schema.sql, written
// by `npm run schema`, is the schema they add up to, never a migration itself.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const MIGRATIONS_DIR = 'migrations';
/** A migration's file name: four digits, an underscore, a name (drizzle-kit's numbering). */
export const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** The same files as a glob, for wrangler (migrations_pattern) and the Worker tests' loader. */
export const MIGRATIONS_PATTERN = `${MIGRATIONS_DIR}/[0-9][0-9][0-9][0-9]_*.sql`;

/** The migration files, oldest first, as paths from the project's root. */
export function migrationFiles() {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()
    .map((name) => join(MIGRATIONS_DIR, name));
}
