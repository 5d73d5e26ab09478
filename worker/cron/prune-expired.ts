// Removes rows whose time has passed: rate-limit windows, password-reset tokens and expired
// sessions (oldest first, through their expiry index), a page a call
// (decision 042, "Bounded prunes"): the daily trigger calls it again while a page comes back full,
// within the trigger's rows-written cap (TRIGGER_ROWS_WRITTEN), and the rest waits for the next
// night. Then keeps the id reserves of messages and notifications ahead (worker/db/id-reserve.ts).
import { keepIdReserves } from '../db/id-reserve';

/** Expired rate-limit windows deleted per call: one written row each (WITHOUT ROWID, no other index). */
export const PRUNE_EXPIRED_PAGE = 2_000;
/** Expired reset tokens deleted per call (a token row and its user index entry each). */
export const PRUNE_TOKENS_PAGE = 100;

/** Expired sessions deleted per call (a session row and its two index entries each). */
export const SESSION_PRUNE_PER_RUN = 300;

export interface PruneRun {
  windows: number;
  tokens: number;
  sessions: number;
  /** A page came back full: a rerun goes on. */
  more: boolean;
}

export async function pruneExpiredRows(db: D1Database, now: number): Promise<PruneRun> {
  // The table has no index on reset_at (each hit rewrites it: a written row per hit), so the page
  // is found by a scan that stops at the page's last expired row.
  const [windows, tokens, sessions] = await db.batch([
    db
      .prepare('DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE reset_at <= ?1 LIMIT ?2)')
      .bind(now, PRUNE_EXPIRED_PAGE),
    db
      .prepare(
        'DELETE FROM password_reset_tokens WHERE token_hash IN (SELECT token_hash FROM password_reset_tokens WHERE expires_at <= ?1 LIMIT ?2)',
      )
      .bind(new Date(now).toISOString(), PRUNE_TOKENS_PAGE),
    db
      .prepare(
        'DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)',
      )
      .bind(now, SESSION_PRUNE_PER_RUN),
  ]);
  await keepIdReserves(db);
  const run = {
    windows: windows!.meta.changes ?? 0,
    tokens: tokens!.meta.changes ?? 0,
    sessions: sessions!.meta.changes ?? 0,
  };
  return {
    ...run,
    more: run.windows >= PRUNE_EXPIRED_PAGE || run.tokens >= PRUNE_TOKENS_PAGE || run.sessions >= SESSION_PRUNE_PER_RUN,
  };
}
