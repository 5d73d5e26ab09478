// Removes rows whose time has passed: rate-limit windows, password-reset tokens and expired
// sessions (at most SESSION_PRUNE_PER_RUN a day, oldest first, through their expiry index: about 3,000
// rows written at most; expired rows left over are never read as live and go on later days). Then keeps
// the id reserves of messages and notifications ahead (worker/db/id-reserve.ts).
import { keepIdReserves } from '../db/id-reserve';

export const SESSION_PRUNE_PER_RUN = 1_000;

export async function pruneExpiredRows(db: D1Database, now: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?1').bind(now),
    db.prepare('DELETE FROM password_reset_tokens WHERE expires_at <= ?1').bind(new Date(now).toISOString()),
    db
      .prepare('DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)')
      .bind(now, SESSION_PRUNE_PER_RUN),
  ]);
  await keepIdReserves(db);
}
