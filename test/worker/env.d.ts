declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** Gazetteer answers computed by brute force over the whole package (vitest.config.ts). */
    TEST_GAZETTEER_REFERENCE: import('../support/gazetteer-reference').GazetteerReference;
  }
}
