// Notifications: one row per (member, subject). A new event on a subject the member has not read
// yet adds to its count; on a subject already read it starts a fresh unread entry. Either way the
// panel shows one line per conversation, barter, review or saved search, never one per event.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { noteBellChange } from '../../lib/bell-changes';
import type { AppNotification, NotificationsResponse } from '../../../src/shared/api-types';
import type { Db } from '../client';
import { notifications, type NotificationRow } from '../schema';

export type NotificationKind = NotificationRow['kind'];

export interface NotificationEvent {
  userId: number;
  kind: NotificationKind;
  /** What the entry is about; events with the same key share one entry. */
  subjectKey: string;
  text: string;
  link: string;
  /** How many events this adds (a saved-search run may bring several listings at once). */
  count?: number;
}

/** Subject keys, in one place so producers and readers agree. */
export const subjectKeys = {
  conversation: (listingId: number, partnerId: number) => `message:${listingId}:${partnerId}`,
  barter: (barterId: number) => `barter:${barterId}`,
  /** The review a member received for a barter (one per barter: the other member's). */
  review: (barterId: number) => `review:${barterId}`,
  savedSearch: (searchId: number) => `search:${searchId}`,
};

/** The upsert statement for one event, unexecuted, so callers can put it in a D1 batch. */
export function notifyStatement(db: Db, event: NotificationEvent) {
  const count = event.count ?? 1;
  const now = new Date().toISOString();
  noteBellChange(db, event.userId);
  return db
    .insert(notifications)
    .values({ userId: event.userId, kind: event.kind, subjectKey: event.subjectKey, text: event.text, link: event.link, count, updatedAt: now })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.subjectKey],
      set: {
        kind: event.kind,
        text: event.text,
        link: event.link,
        count: sql`case when ${notifications.readAt} is null then ${notifications.count} + ${count} else ${count} end`,
        readAt: null,
        updatedAt: now,
      },
    });
}

/**
 * The same upsert as three statements, for subjects that get event after event (a conversation's
 * messages). D1 counts every row and index entry written: the single upsert writes four when it
 * bumps an unread entry (the row, the updated_at and read_at index entries it sets, and the
 * AUTOINCREMENT sequence its attempted insert bumps), and four when it restarts a read one. Here
 * each case has a statement of its own, and each matches only its own case, so exactly one writes:
 * 1. an unread entry is bumped in place (the row and its updated_at entry: 2);
 * 2. a read entry restarts as unread with this event's count (the row, its updated_at entry and
 *    its new entry in the partial unread index: 3, no sequence row);
 * 3. a new entry is inserted only when the member has none for the subject: an INSERT … SELECT
 *    whose SELECT yields no row generates no id, so SQLite leaves the sequence row alone.
 * Same result as notifyStatement, in the caller's batch, in this order. Decision 029.
 */
export function notifyStatements(db: Db, event: NotificationEvent) {
  const count = event.count ?? 1;
  const now = new Date().toISOString();
  noteBellChange(db, event.userId);
  const entry = and(eq(notifications.userId, event.userId), eq(notifications.subjectKey, event.subjectKey));
  return [
    db
      .update(notifications)
      .set({ kind: event.kind, text: event.text, link: event.link, count: sql`${notifications.count} + ${count}`, updatedAt: now })
      .where(and(entry, isNull(notifications.readAt))),
    db
      .update(notifications)
      .set({ kind: event.kind, text: event.text, link: event.link, count, readAt: null, updatedAt: now })
      .where(and(entry, isNotNull(notifications.readAt))),
    // Every column in the table's order (drizzle inserts a SELECT into all of them); no FROM
    // clause, so the WHERE cannot be read as a join constraint. D1 runs a batch as one
    // transaction, one at a time, so no other batch can insert the entry in between.
    db
      .insert(notifications)
      .select(
        sql`SELECT NULL, ${event.userId}, ${event.kind}, ${event.subjectKey}, ${event.text}, ${event.link}, ${count}, NULL, ${now}, ${now}
             WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE user_id = ${event.userId} AND subject_key = ${event.subjectKey})`,
      ),
  ] as const;
}

export async function notify(db: Db, event: NotificationEvent): Promise<void> {
  await db.batch(notifyStatements(db, event));
}


/** The member's most recent entries, newest activity first. */
export function listNotifications(db: Db, userId: number, limit = 30): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the given entries (or all of them) read; only the member's own rows are touched. */
export async function markNotificationsRead(db: Db, userId: number, ids?: number[]): Promise<void> {
  const now = new Date().toISOString();
  noteBellChange(db, userId);
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
}

/** Reading a conversation also settles its notification (a statement, for the reader's batch). */
export function settleSubjectStatement(db: Db, userId: number, subjectKey: string) {
  noteBellChange(db, userId);
  return db
    .update(notifications)
    .set({ readAt: new Date().toISOString() })
    .where(and(eq(notifications.userId, userId), eq(notifications.subjectKey, subjectKey), isNull(notifications.readAt)));
}

const shape = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  link: row.link,
  count: row.count,
  read: row.readAt !== null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The bell as GET /api/notifications answers it (the route, and the frames MemberSockets pushes). */
export async function readBell(db: Db, userId: number): Promise<NotificationsResponse> {
  const [rows, unreadCount] = await Promise.all([listNotifications(db, userId), countUnread(db, userId)]);
  return { unreadCount, notifications: rows.map(shape) };
}
