// Removes rows whose time has passed: rate-limit windows, password-reset tokens and expired
// sessions (oldest first, through their expiry index), a page a call
// (decision 042, "Bounded prunes"): the daily trigger calls it again while a page comes back full,
// within the trigger's rows-written cap (TRIGGER_ROWS_WRITTEN), and the rest waits for the next
// night. Then keeps the id reserves of messages and notifications ahead (worker/db/id-reserve.ts).
import { keepIdReserves } from '../db/id-reserve';
import { pruneExpiredStatements } from '../db/queries/prune-expired';

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
  const [windows, tokens, sessions] = await db.batch(
    pruneExpiredStatements(db, now, {
      windows: PRUNE_EXPIRED_PAGE,
      tokens: PRUNE_TOKENS_PAGE,
      sessions: SESSION_PRUNE_PER_RUN,
    }),
  );
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
