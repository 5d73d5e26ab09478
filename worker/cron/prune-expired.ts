// Removes rows whose time has passed: rate-limit windows and password-reset tokens. Then keeps
// the id reserves of messages and notifications ahead (worker/db/id-reserve.ts).
import { keepIdReserves } from '../db/id-reserve';

export async function pruneExpiredRows(db: D1Database, now: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?1').bind(now),
    db.prepare('DELETE FROM password_reset_tokens WHERE expires_at <= ?1').bind(new Date(now).toISOString()),
  ]);
  await keepIdReserves(db);
}
