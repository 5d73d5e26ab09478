// The bell's choke point on the Drizzle side (decision 027): every statement builder that writes
// notification rows (worker/db/queries/notifications.ts, and the barter settle in barters.ts) notes
// the member here, against the request's `db`; after the request succeeds, the bell middleware
// (worker/middleware/bell.ts) pushes once per member through pushNotificationChanges. Writers that
// hold raw D1 statements (cron jobs, trade circles, matches, the rooms' read marks) call
// pushNotificationChanges directly.
import type { Db } from '../db/client';

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
