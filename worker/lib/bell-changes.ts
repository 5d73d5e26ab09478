// The bell's choke point on the Drizzle side (decision 027): every statement builder that writes
// notification rows (worker/db/queries/notifications.ts, and the barter settle in barters.ts) notes
// the member here, against the request's `db`; after the request succeeds, the bell middleware
// (worker/middleware/bell.ts) pushes once per member through pushNotificationChanges. Writers that
// hold raw D1 statements (cron jobs, trade circles, matches) call pushNotificationChanges directly.
import type { Db } from '../db/client';

interface Changes {
  /** Members whose rows another member's action changed: every bell socket of theirs is told. */
  others: Set<number>;
  /** Members who changed their own rows (read, marked read): their other sessions are told. */
  self: Set<number>;
}

const pending = new WeakMap<object, Changes>();

/** Notes that `userId`'s notification rows change with a statement built on `db`. */
export function noteBellChange(db: Db, userId: number, { self = false }: { self?: boolean } = {}): void {
  let changes = pending.get(db);
  if (!changes) pending.set(db, (changes = { others: new Set(), self: new Set() }));
  (self ? changes.self : changes.others).add(userId);
}

/** The changes noted on `db` so far, which are then forgotten. */
export function takeBellChanges(db: Db): { others: number[]; self: number[] } {
  const changes = pending.get(db);
  pending.delete(db);
  if (!changes) return { others: [], self: [] };
  return { others: [...changes.others], self: [...changes.self].filter((id) => !changes.others.has(id)) };
}
