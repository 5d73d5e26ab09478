declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** An empty database the setup leaves unmigrated (vitest.config.ts): for migration tests. */
    MIGRATION_TEST_DB: D1Database;
    /** Gazetteer answers computed by brute force over the whole package (vitest.config.ts). */
    TEST_GAZETTEER_REFERENCE: import('../support/gazetteer-reference').GazetteerReference;
  }
}
