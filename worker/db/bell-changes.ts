// The bell's choke point on the Drizzle side (decision 027): every statement builder that writes
// notification rows (worker/db/queries/notifications.ts, and the barter settle in barters.ts) notes
// the member here, against the request's `db`; after the request succeeds, the bell middleware
// (worker/middleware/bell.ts) pushes once per member through pushNotificationChanges. Writers that
// hold raw D1 statements (cron jobs, trade circles, matches, the rooms' read marks) call
// pushNotificationChanges directly.
import type { Db } from './client';

const pending = new WeakMap<object, Set<number>>();

/** Notes that `userId`'s notification rows change with a statement built on `db`. */
export function noteBellChange(db: Db, userId: number): void {
  let members = pending.get(db);
  if (!members) pending.set(db, (members = new Set()));
  members.add(userId);
}

/** The members noted on `db` so far, who are then forgotten. */
export function takeBellChanges(db: Db): number[] {
  const members = pending.get(db);
  pending.delete(db);
  return members ? [...members] : [];
}

/** Whether `userId` is already noted on `db`. */
export function hasBellChange(db: Db, userId: number): boolean {
  return pending.get(db)?.has(userId) ?? false;
}

/**
 * Forgets a member noted by statements that, once run, changed nothing (a thread read with nothing
 * unread: its settle statements match no row), so the request pushes no bell frame that would only
 * repeat the last one. Only for a member the caller's own statements noted (hasBellChange before).
 */
export function forgetBellChange(db: Db, userId: number): void {
  pending.get(db)?.delete(userId);
}
