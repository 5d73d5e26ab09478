// Unread-message emails (every 15 minutes). A member gets one email for a conversation (listing,
// partner) when its newest unread message is over 10 minutes old (they have not opened the
// conversation since), their address is verified and email notifications are on, and they were
// not emailed about it in the last hour nor about that same last message already. Each email is
// recorded in message_email_notices in the same batch as its outbox row.
//
// Only recent messages are read: the first message id of the lookback window is found by a
// binary search on the primary key (about 20 one-row reads), then unread messages from that id
// on are grouped per conversation. A conversation stays in the window for hours after its last
// message, longer than the one-hour pause, so none is missed between runs.
import type { BatchItem } from 'drizzle-orm/batch';
import { createDb } from '../db/client';
import { conversationLink } from '../db/queries/messages';
import { messageEmailNotices } from '../db/schema';
import { excerpt, messageNoticeEmail, queueEmail } from '../lib/email';
import { DAY, HOUR, MINUTE } from '../lib/time';
import { previousRunTime, runOnce } from './ledger';
import { appOrigin } from './origin';

export const MESSAGE_NOTICE_JOB = 'message-email-notices';
/** A conversation is "unseen" once its newest unread message is this old. */
export const UNSEEN_AFTER = 10 * MINUTE;
/** At most one email per conversation this often. */
export const NOTICE_PAUSE = HOUR;
/** Messages older than this (before the previous run) are not looked at. */
export const LOOKBACK = 3 * HOUR;
const MAX_LOOKBACK = DAY;
/** Emails per run; the rest go on the next run. */
export const MAX_NOTICES = 200;
const WRITE_CHUNK = 50;

const iso = (ms: number) => new Date(ms).toISOString();

export interface NoticeRun {
  conversations: number;
  emails: number;
}

interface DueRow {
  receiver_id: number;
  listing_id: number;
  sender_id: number;
  unread: number;
  last_id: number;
  content: string;
  sender_name: string;
  listing_title: string;
  email: string;
  receiver_name: string;
}

export function runMessageEmailNotices(env: Env, scheduledTime: number): Promise<NoticeRun | null> {
  return runOnce(env.DB, MESSAGE_NOTICE_JOB, scheduledTime, async () => {
    const previous = (await previousRunTime(env.DB, MESSAGE_NOTICE_JOB, scheduledTime)) ?? scheduledTime;
    const since = Math.max(previous - LOOKBACK, scheduledTime - MAX_LOOKBACK);
    return sendMessageNotices(env, scheduledTime, since);
  });
}

/** The smallest message id created at or after `at` (ids grow with time), or null if none. */
export async function firstMessageIdSince(d1: D1Database, at: string): Promise<number | null> {
  const bounds = await d1.prepare('SELECT min(id) AS lo, max(id) AS hi FROM messages').first<{ lo: number | null; hi: number | null }>();
  if (!bounds || bounds.hi === null || bounds.lo === null) return null;
  let lo = bounds.lo;
  let hi = bounds.hi + 1;
  const probe = d1.prepare('SELECT id, created_at FROM messages WHERE id >= ?1 ORDER BY id LIMIT 1');
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const row = await probe.bind(mid).first<{ id: number; created_at: string }>();
    if (!row) break;
    if (row.created_at >= at) hi = mid;
    else lo = row.id + 1;
  }
  return lo > bounds.hi ? null : lo;
}

export async function sendMessageNotices(env: Env, now: number, since: number): Promise<NoticeRun> {
  const d1 = env.DB;
  const run: NoticeRun = { conversations: 0, emails: 0 };
  const fromId = await firstMessageIdSince(d1, iso(since));
  if (fromId === null) return run;

  const { results: due } = await d1
    .prepare(
      `SELECT c.receiver_id, c.listing_id, c.sender_id, c.unread, c.last_id, m.content,
              s.display_name AS sender_name, l.title AS listing_title, u.email, u.display_name AS receiver_name
         FROM (SELECT receiver_id, listing_id, sender_id, count(*) AS unread, max(id) AS last_id
                 FROM messages WHERE id >= ?1 AND read = 0
                GROUP BY receiver_id, listing_id, sender_id) AS c
         CROSS JOIN messages AS m ON m.id = c.last_id
         CROSS JOIN users AS u ON u.id = c.receiver_id
         CROSS JOIN users AS s ON s.id = c.sender_id
         CROSS JOIN listings AS l ON l.id = c.listing_id
         LEFT JOIN message_email_notices AS n ON n.user_id = c.receiver_id AND n.listing_id = c.listing_id AND n.partner_id = c.sender_id
        WHERE m.created_at <= ?2 AND u.email_verified = 1 AND u.email_notifications = 1
          AND (n.user_id IS NULL OR (n.last_message_id < c.last_id AND n.last_sent_at <= ?3))
        ORDER BY c.last_id LIMIT ?4`,
    )
    .bind(fromId, iso(now - UNSEEN_AFTER), iso(now - NOTICE_PAUSE), MAX_NOTICES)
    .all<DueRow>();
  run.conversations = due.length;
  if (due.length === 0) return run;

  const db = createDb(d1);
  const origin = appOrigin(env);
  const sentAt = iso(now);
  const writes: BatchItem<'sqlite'>[] = [];
  for (const row of due) {
    writes.push(
      db
        .insert(messageEmailNotices)
        .values({ userId: row.receiver_id, listingId: row.listing_id, partnerId: row.sender_id, lastSentAt: sentAt, lastMessageId: row.last_id })
        .onConflictDoUpdate({
          target: [messageEmailNotices.userId, messageEmailNotices.listingId, messageEmailNotices.partnerId],
          set: { lastSentAt: sentAt, lastMessageId: row.last_id },
        }),
      queueEmail(
        db,
        messageNoticeEmail(origin, row.email, row.receiver_name, {
          senderName: row.sender_name,
          listingTitle: row.listing_title,
          excerpt: excerpt(row.content),
          unread: row.unread,
          link: conversationLink(row.listing_id, row.sender_id, row.receiver_id),
        }),
      ),
    );
    run.emails++;
  }
  for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
    await db.batch(writes.slice(i, i + WRITE_CHUNK) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  }
  return run;
}
