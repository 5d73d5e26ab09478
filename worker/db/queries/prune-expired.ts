// The nightly prune's statements (worker/cron/prune-expired.ts; decision 042, "Bounded prunes"):
// one page each of expired rate-limit windows, password-reset tokens and sessions, run by the job
// as one batch.

/** The three deletes, each at most its page of rows (`pages`), in the order the job reads them. */
export function pruneExpiredStatements(
  d1: D1Database,
  now: number,
  pages: { windows: number; tokens: number; sessions: number },
): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  return [
    // The table has no index on reset_at (each hit rewrites it: a written row per hit), so the
    // page is found by a scan that stops at the page's last expired row.
    d1
      .prepare('DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE reset_at <= ?1 LIMIT ?2)')
      .bind(now, pages.windows),
    d1
      .prepare(
        'DELETE FROM password_reset_tokens WHERE token_hash IN (SELECT token_hash FROM password_reset_tokens WHERE expires_at <= ?1 LIMIT ?2)',
      )
      .bind(new Date(now).toISOString(), pages.tokens),
    d1
      .prepare(
        'DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)',
      )
      .bind(now, pages.sessions),
  ];
}
