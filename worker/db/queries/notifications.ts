// Notifications: one row per (member, subject). A new event on a subject the member has not read
// yet adds to its count; on a subject already read it starts a fresh unread entry. Either way the
// panel shows one line per conversation, barter, review or saved search, never one per event.
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { noteBellChange } from '@worker/db/bell-changes';
import { appNotification, type AppNotification, type NotificationsResponse } from '@/shared/contract/notifications';
import { pickFields } from '../reply-columns';
import * as v from 'valibot';
import type { Db } from '../client';
import { bellReadMarks, notifications, type NotificationRow } from '../schema';
import type { BatchItem } from 'drizzle-orm/batch';
import { nextId } from '../id-reserve';
import { listingOfKeySql, partnerOfKeySql, sideColumnSql } from './conversation-sides';

export type NotificationKind = NotificationRow['kind'];

export interface NotificationEvent {
  userId: number;
  kind: NotificationKind;
  /** What the entry is about; events with the same key share one entry. */
  subjectKey: string;
  /** The entry's line; SQL when part of it is only known in the batch (a listing's title). */
  text: string | SQL;
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

/** The conversation a subject key names, or undefined for other subjects. */
export function conversationOfKey(subjectKey: string): { listingId: number; partnerId: number } | undefined {
  const match = /^message:(\d+):(\d+)$/.exec(subjectKey);
  return match ? { listingId: Number(match[1]), partnerId: Number(match[2]) } : undefined;
}

type CountColumn = 'received_texts' | 'last_text_received_at';

/**
 * A member's side of a conversation (half of the conversation's row, decisions 032, 053),
 * as a scalar expression of one of its columns (key lookups). Its `received_texts` counts the text
 * messages the member received there, ever; an unread conversation entry counts those since its
 * `base` on top of its stored count (decision 029, "Bell entries counted from the summaries").
 */
const sideColumn = (column: CountColumn, userId: number, c: { listingId: number; partnerId: number }) =>
  sql.raw(sideColumnSql(column, String(Number(userId)), String(Number(c.listingId)), String(Number(c.partnerId))));

/** The same for the entry of the `notifications` row `row` (its subject key parsed in SQL). */
const entrySideColumnSql = (column: CountColumn, row: string) =>
  sideColumnSql(column, `${row}.user_id`, listingOfKeySql(`${row}.subject_key`), partnerOfKeySql(`${row}.subject_key`));
const entrySideColumn = (column: CountColumn) => sql.raw(entrySideColumnSql(column, 'notifications'));

/**
 * The upsert statement for one event, unexecuted, so callers can put it in a D1 batch. On a
 * conversation's subject (an offer's notice) it also folds the messages the entry counts from the
 * member's side into `count` and moves `base` (so the stored count is the count shown again).
 * `textsInBatch`: text messages the caller's batch inserted in the conversation before this
 * statement that the entry must not count (an offer's covering message: the notice stands for it).
 */
export function notifyStatement(db: Db, event: NotificationEvent, options: { textsInBatch?: number } = {}) {
  const count = event.count ?? 1;
  const now = new Date().toISOString();
  noteBellChange(db, event.userId);
  // Other subjects have no base: the fold below adds 0 to their count and leaves base NULL.
  const conversation = conversationOfKey(event.subjectKey);
  const received = conversation ? sideColumn('received_texts', event.userId, conversation) : null;
  const skip = options.textsInBatch ?? 0;
  return db
    .insert(notifications)
    .values({
      id: nextId('notifications'),
      userId: event.userId,
      kind: event.kind,
      subjectKey: event.subjectKey,
      text: event.text,
      link: event.link,
      count,
      updatedAt: now,
      base: received,
    })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.subjectKey],
      set: {
        kind: event.kind,
        text: event.text,
        link: event.link,
        // Unread: what it showed before this batch (stored count and the messages since base,
        // less the batch's own), plus this event. An entry without base counted every message.
        count: sql`case when ${notifications.readAt} is null
                        then ${notifications.count} + ${count}
                             + coalesce(excluded.base - ${notifications.base} - ${skip}, 0)
                        else ${count} end`,
        base: sql`excluded.base`,
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
 * each case has a statement of its own, and each matches only its own case, so at most one writes:
 * 1. an unread entry takes a message in (the row and its updated_at entry: 2) only when its line
 *    would change (another kind, text or link) or it has no base yet; otherwise nothing is written:
 *    the receiver's side of the conversation, written by the message's trigger earlier in the
 *    batch, counted the message (received_texts), and the bell adds what it counted since base
 *    (decision 029, "Bell entries counted from the summaries");
 * 2. a read entry restarts as unread with this event's count (the row, its updated_at entry and
 *    its new entry in the partial unread index: 3, no sequence row);
 * 3. a new entry is inserted only when the member has none for the subject: an INSERT … SELECT
 *    whose SELECT yields no row generates no id, so SQLite leaves the sequence row alone.
 * Case 1 as described is messageNotifyStatements' (a conversation's text message); here an unread
 * entry always takes the event in (2), and on a conversation's subject the messages its side
 * counted since base with it, as notifyStatement does. The same result as notifyStatement, in
 * the caller's batch, in this order. `when` (SQL): the entry moves only when it holds (a bell entry
 * from a member in a block with the receiver is not written, decision 035).
 */
export function notifyStatements(db: Db, event: NotificationEvent, when?: SQL) {
  return upsertStatements(db, event, false, when);
}

/**
 * notifyStatements for a conversation's text message, placed after the message's INSERT in the
 * batch. `when`: the condition the message's INSERT had, so the entry moves only with a message.
 */
export function messageNotifyStatements(db: Db, event: NotificationEvent, when?: SQL) {
  if (!conversationOfKey(event.subjectKey) || (event.count ?? 1) !== 1)
    throw new Error('messageNotifyStatements: one message of a conversation');
  return upsertStatements(db, event, true, when);
}

function upsertStatements(db: Db, event: NotificationEvent, textMessage: boolean, when: SQL = sql`1`) {
  const count = event.count ?? 1;
  const now = new Date().toISOString();
  noteBellChange(db, event.userId);
  const entry = and(eq(notifications.userId, event.userId), eq(notifications.subjectKey, event.subjectKey));
  const conversation = conversationOfKey(event.subjectKey);
  // A conversation's entry takes in every message its side counted: its new base.
  const received = conversation ? sideColumn('received_texts', event.userId, conversation) : sql`NULL`;
  const bump = textMessage
    ? db
        .update(notifications)
        .set({
          kind: event.kind,
          text: event.text,
          link: event.link,
          // With a base: the messages since it, this one included; without: this one (count was exact).
          count: sql`${notifications.count} + case when ${notifications.base} is null then 1 else ${received} - ${notifications.base} end`,
          base: received,
          updatedAt: now,
        })
        .where(
          and(
            entry,
            isNull(notifications.readAt),
            sql`(${notifications.base} is null or ${notifications.kind} <> ${event.kind} or ${notifications.text} <> ${event.text} or ${notifications.link} <> ${event.link})`,
            when,
          ),
        )
    : db
        .update(notifications)
        .set({
          kind: event.kind,
          text: event.text,
          link: event.link,
          count: conversation
            ? sql`${notifications.count} + ${count} + coalesce(${received} - ${notifications.base}, 0)`
            : sql`${notifications.count} + ${count}`,
          ...(conversation ? { base: received } : {}),
          updatedAt: now,
        })
        .where(and(entry, isNull(notifications.readAt), when));
  return [
    bump,
    db
      .update(notifications)
      .set({
        kind: event.kind,
        text: event.text,
        link: event.link,
        count,
        readAt: null,
        updatedAt: now,
        base: received,
      })
      .where(and(entry, isNotNull(notifications.readAt), when)),
    // Every column in the table's order (drizzle inserts a SELECT into all of them); no FROM
    // clause, so the WHERE cannot be read as a join constraint. D1 runs a batch as one
    // transaction, one at a time, so no other batch can insert the entry in between.
    db.insert(notifications).select(
      sql`SELECT ${nextId('notifications')}, ${event.userId}, ${event.kind}, ${event.subjectKey}, ${event.text}, ${event.link}, ${count}, NULL, ${now}, ${now}, ${received}
             WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE user_id = ${event.userId} AND subject_key = ${event.subjectKey}) AND ${when}`,
    ),
  ] as const;
}

/** Writes the event's entry; `when` (SQL) must hold for anything to be written (e.g. no block between the two members). */
export async function notify(db: Db, event: NotificationEvent, when?: SQL): Promise<void> {
  await db.batch(notifyStatements(db, event, when));
}

/** A conversation entry's count and time as the bell shows them: with the messages its side counted since base. */
interface BellRow {
  id: number;
  user_id: number;
  kind: NotificationRow['kind'];
  subject_key: string;
  text: string;
  link: string;
  count: number;
  read_at: string | null;
  created_at: string;
  updated_at: string;
  base: number | null;
}

/** Entries the bell shows. */
export const BELL_PAGE = 30;
/**
 * The member's most recently active conversations whose unread entries the bell looks at beyond
 * its page by stored time (decision 042): an unread conversation entry's time moves with its
 * messages without a write, so its newest message may put it on the page; the candidates are the
 * entries of the member's BELL_CONVERSATIONS most recently active conversations, read newest first
 * through the two recency indexes of conversations, instead of every unread entry (a member
 * whose listing has 1,000 conversations read 6,063 rows).
 */
export const BELL_CONVERSATIONS = 40;
/**
 * unreadCount counts unread entries up to this many (decision 042): counting 1,000 unread entries
 * read 1,000 index entries on every bell read, and the badge shows "99+" from 100 on.
 */
export const BELL_UNREAD_COUNT_CAP = 100;

/**
 * The member's most recent entries, newest activity first, with the counts and times the bell
 * shows. An unread conversation entry with a base counts the messages received since (its side's
 * received_texts - base) on top of its stored count, and its time is its newest message's
 * when that is later than its stored one (decision 029, "Bell entries counted from the
 * summaries"). Only such entries can move up, so the page is the newest `limit` by stored time
 * (notifications_user_updated_idx) with the unread entries of the member's BELL_CONVERSATIONS most
 * recently active conversations merged in (by key: notifications_user_subject_idx), each unread
 * conversation entry's side read by key (conversation-sides.ts): a few hundred rows at most,
 * whatever the number of unread entries. An unread entry whose conversation is not among those
 * (the member was active in 40 newer conversations since) keeps its stored time on the bell until
 * it is read or bumped (decision 042).
 */
export async function listNotifications(db: Db, userId: number, limit = BELL_PAGE): Promise<NotificationRow[]> {
  const rows = await db.all<BellRow>(sql`
    WITH recent AS (
      SELECT listing_id, partner_id FROM (
        SELECT * FROM (SELECT listing_id, b_id AS partner_id, last_message_time FROM conversations WHERE a_id = ${userId} ORDER BY last_message_time DESC LIMIT ${BELL_CONVERSATIONS})
        UNION ALL
        SELECT * FROM (SELECT listing_id, a_id, last_message_time FROM conversations WHERE b_id = ${userId} ORDER BY last_message_time DESC LIMIT ${BELL_CONVERSATIONS})
      ) ORDER BY last_message_time DESC LIMIT ${BELL_CONVERSATIONS}
    ),
    page AS (
      SELECT * FROM (SELECT * FROM notifications WHERE user_id = ${userId} ORDER BY updated_at DESC, id DESC LIMIT ${limit})
      UNION
      -- Each conversation's entry by its key (CROSS JOIN keeps the conversations outside: SQLite
      -- otherwise walked every unread entry through the partial index once per conversation).
      SELECT n.* FROM recent r CROSS JOIN notifications n INDEXED BY notifications_user_subject_idx
       WHERE n.user_id = ${userId} AND n.subject_key = 'message:' || r.listing_id || ':' || r.partner_id AND n.read_at IS NULL AND n.base IS NOT NULL
    ),
    -- Each entry's side looked up once (the columns below use them twice).
    counted AS MATERIALIZED (
      SELECT p.*,
             CASE WHEN p.read_at IS NULL AND p.base IS NOT NULL THEN ${sql.raw(entrySideColumnSql('received_texts', 'p'))} END AS received,
             CASE WHEN p.read_at IS NULL AND p.base IS NOT NULL THEN ${sql.raw(entrySideColumnSql('last_text_received_at', 'p'))} END AS last_text
        FROM page p
    )
    SELECT id, user_id, kind, subject_key, text, link,
           count + CASE WHEN received > base THEN received - base ELSE 0 END AS count,
           read_at, created_at,
           CASE WHEN received > base AND last_text > updated_at THEN last_text ELSE updated_at END AS updated_at,
           base
      FROM counted
     ORDER BY 10 DESC, 1 DESC
     LIMIT ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    kind: r.kind,
    subjectKey: r.subject_key,
    text: r.text,
    link: r.link,
    count: Number(r.count),
    readAt: r.read_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    base: r.base === null ? null : Number(r.base),
  }));
}

/** The member's unread entries, counted up to BELL_UNREAD_COUNT_CAP (through the partial unread index): a statement for a batch. */
function unreadCountQuery(db: Db, userId: number) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(
      sql`(SELECT 1 FROM notifications WHERE user_id = ${userId} AND read_at IS NULL LIMIT ${BELL_UNREAD_COUNT_CAP})`,
    );
}

const unreadCountOf = (rows: { n: number }[] | undefined) => Number(rows?.[0]?.n ?? 0);

export async function countUnread(db: Db, userId: number): Promise<number> {
  return unreadCountOf(await unreadCountQuery(db, userId));
}

/** What a bell frame and GET /api/notifications count: the unread entries and the unread conversations. */
export interface BellCounts {
  unreadCount: number;
  /** Conversations with messages the member has not seen (the Messages link's count, decision 061). */
  unreadConversations: number;
}

/**
 * The member's unread entries, and of them the conversations' (kind 'message': a conversation with
 * messages the member has neither read there nor marked read in the bell), in one scan of the
 * partial unread index capped at BELL_UNREAD_COUNT_CAP: it reads only what is unread, nothing for a
 * member who has read everything, and writes nothing anywhere (decision 061).
 */
export async function countBell(db: Db, userId: number): Promise<BellCounts> {
  const [row] = await db.all<{ n: number; m: number }>(sql`
    SELECT count(*) AS n, coalesce(sum(kind = 'message'), 0) AS m
      FROM (SELECT kind FROM notifications WHERE user_id = ${userId} AND read_at IS NULL LIMIT ${BELL_UNREAD_COUNT_CAP})`);
  return { unreadCount: Number(row?.n ?? 0), unreadConversations: Number(row?.m ?? 0) };
}

/**
 * Folds into an unread conversation entry the messages its side counted since its base:
 * `count` and `updated_at` become what the bell showed, `base` moves up, and the entry is marked
 * read at `readAt`. Matches only entries with such messages (the others are marked read by the
 * plain statement after it, which leaves updated_at and its index entry alone).
 */
function foldReadStatement(db: Db, where: SQL, readAt: string) {
  const received = entrySideColumn('received_texts');
  const lastText = entrySideColumn('last_text_received_at');
  return db
    .update(notifications)
    .set({
      count: sql`count + ${received} - base`,
      updatedAt: sql`CASE WHEN ${lastText} > updated_at THEN ${lastText} ELSE updated_at END`,
      base: received,
      readAt,
    })
    .where(sql`${where} AND read_at IS NULL AND base IS NOT NULL AND ${received} > base`);
}

/**
 * Entries one "mark all read" marks besides the bell's page (decision 042); the member's other
 * unread entries are left to the cron (bell_read_marks, worker/cron/bell-read-marks.ts). A member
 * whose listing has 1,000 conversations wrote 2,000 rows in one request.
 */
export const MARK_ALL_PER_REQUEST = 100;

/** The fold and the plain mark of the given entries of the member's (two statements, for a batch). */
function markIdsStatements(db: Db, userId: number, ids: number[], readAt: string) {
  // By id (the + keeps SQLite from walking all the member's unread entries by user_id instead).
  const which = sql`id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND +user_id = ${userId}`;
  return [
    foldReadStatement(db, which, readAt),
    db
      .update(notifications)
      .set({ readAt })
      .where(sql`${which} AND read_at IS NULL`),
  ] as const;
}

/**
 * Marks the given entries (at most 100, by the request's schema) or all of them read; only the
 * member's own rows are touched. "All" marks the bell's page (what the member sees) and up to
 * MARK_ALL_PER_REQUEST other unread entries at once; when more are unread, a bell_read_marks row
 * in the same batch asks the cron to mark the rest (those unread at this instant) in bounded steps.
 * Returns the member's unread count after the marks, read in the same batch.
 */
export async function markNotificationsRead(db: Db, userId: number, ids?: number[], now = new Date()): Promise<number> {
  const at = now.toISOString();
  noteBellChange(db, userId);
  if (ids) return markAndCount(db, userId, ids.length ? [...markIdsStatements(db, userId, ids, at)] : []);
  const [page, unread] = await Promise.all([
    listNotifications(db, userId),
    db.all<{ id: number }>(
      sql`SELECT id FROM notifications WHERE user_id = ${userId} AND read_at IS NULL ORDER BY id DESC LIMIT ${MARK_ALL_PER_REQUEST + 1}`,
    ),
  ]);
  const chosen = [
    ...new Set([
      ...page.filter((n) => n.readAt === null).map((n) => n.id),
      ...unread.slice(0, MARK_ALL_PER_REQUEST).map((r) => Number(r.id)),
    ]),
  ];
  if (chosen.length === 0) return markAndCount(db, userId, []);
  const statements: BatchItem<'sqlite'>[] = [...markIdsStatements(db, userId, chosen, at)];
  if (unread.length > MARK_ALL_PER_REQUEST) {
    statements.push(
      db
        .insert(bellReadMarks)
        .values({ userId, through: at, createdAt: at })
        .onConflictDoUpdate({ target: bellReadMarks.userId, set: { through: at } }),
    );
  }
  return markAndCount(db, userId, statements);
}

/** The marks and the unread count after them, in one batch: the reply's count costs no round trip of its own. */
async function markAndCount(db: Db, userId: number, statements: BatchItem<'sqlite'>[]): Promise<number> {
  const items: BatchItem<'sqlite'>[] = [...statements, unreadCountQuery(db, userId)];
  const results = await db.batch(items as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return unreadCountOf(results.at(-1) as { n: number }[]);
}

/** Entries one cron step marks for one member's pending "mark all read". */
export const MARK_ALL_PER_STEP = 250;

/**
 * One step of a pending "mark all read" (bell_read_marks): marks up to MARK_ALL_PER_STEP of the
 * member's entries that were unread at `through` (stored time not later; a conversation entry
 * with a text message received after it stays unread: the member has not seen that message), and
 * drops the mark in the same batch when none are left (unless a newer "mark all" moved it on).
 * Returns whether the mark is done. Three statements at most.
 */
export async function markAllReadStep(db: Db, userId: number, through: string, readAt: string): Promise<boolean> {
  const received = entrySideColumnSql('received_texts', 'n');
  const lastText = entrySideColumnSql('last_text_received_at', 'n');
  const rows = await db.all<{ id: number }>(sql`
    SELECT id FROM notifications n
     WHERE user_id = ${userId} AND read_at IS NULL AND updated_at <= ${through}
       AND NOT (base IS NOT NULL AND coalesce(${sql.raw(lastText)} > ${through}, 0) AND coalesce(${sql.raw(received)} > base, 0))
     LIMIT ${MARK_ALL_PER_STEP + 1}`);
  const ids = rows.slice(0, MARK_ALL_PER_STEP).map((r) => Number(r.id));
  const done = rows.length <= MARK_ALL_PER_STEP;
  const statements: BatchItem<'sqlite'>[] = ids.length ? [...markIdsStatements(db, userId, ids, readAt)] : [];
  if (done)
    statements.push(
      db.delete(bellReadMarks).where(and(eq(bellReadMarks.userId, userId), eq(bellReadMarks.through, through))),
    );
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return done;
}

/** Reading a conversation also settles its notification (a statement, for the reader's batch). */
export function settleSubjectStatement(db: Db, userId: number, subjectKey: string) {
  noteBellChange(db, userId);
  return db
    .update(notifications)
    .set({ readAt: new Date().toISOString() })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.subjectKey, subjectKey), isNull(notifications.readAt)),
    );
}

/** A member's bell entry for the subject marked read at `at` (one statement, run here). */
export async function settleSubject(d1: D1Database, userId: number, subjectKey: string, at: string): Promise<void> {
  await d1
    .prepare('UPDATE notifications SET read_at = ?3 WHERE user_id = ?1 AND subject_key = ?2 AND read_at IS NULL')
    .bind(userId, subjectKey, at)
    .run();
}

/**
 * Settles a conversation's entry when its thread is read: the messages its side counted
 * since base folded in (when there are any), then marked read. Two statements, for the reader's batch.
 */
export function settleConversationStatements(db: Db, userId: number, listingId: number, partnerId: number) {
  const subjectKey = subjectKeys.conversation(listingId, partnerId);
  const now = new Date().toISOString();
  return [
    foldReadStatement(db, sql`user_id = ${userId} AND subject_key = ${subjectKey}`, now),
    settleSubjectStatement(db, userId, subjectKey),
  ] as const;
}

/** The declared fields are the row's columns, but `read`, which is whether it has a read time. */
const stored = v.omit(appNotification, ['read']);
const shape = (row: NotificationRow): AppNotification => ({ ...pickFields(stored, row), read: row.readAt !== null });

/** The bell as GET /api/notifications answers it (MemberSockets' frames carry only countUnread's count: decision 050). */
export async function readBell(db: Db, userId: number): Promise<NotificationsResponse> {
  const [rows, counts] = await Promise.all([listNotifications(db, userId), countBell(db, userId)]);
  return { ...counts, notifications: rows.map(shape) };
}

/** A bell read mark the cron applies: the member's entries read through `through`. */
export interface BellReadMark {
  user_id: number;
  through: string;
}

/** The oldest `limit` bell read marks waiting for the cron (worker/cron/bell-read-marks.ts). */
export const bellReadMarksStatement = (d1: D1Database, limit: number) =>
  d1.prepare('SELECT user_id, through FROM bell_read_marks ORDER BY through LIMIT ?1').bind(limit);
