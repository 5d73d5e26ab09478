declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** INSERT statements of real places (vitest.config.ts); setup.ts runs them. */
    TEST_PLACES_SQL: string[];
  }
}
