// Unread-message emails (every 15 minutes). A member gets one email for a conversation (listing,
// partner) when its newest unread message is over 10 minutes old (they have not opened the
// conversation since), their address is verified and email notifications are on, and they were
// not emailed about it in the last hour nor about that same last message already. Each email is
// recorded in message_email_notices in the same batch as its outbox row.
//
// Only recent messages are read: the first message id of the lookback window is found by a
// binary search on the primary key, done by one recursive statement (about 40 one-row reads)
// that starts from the job's watermark (cron_state: the first id of the previous window, which
// the new window never starts before); then unread messages from that id on are grouped per
// conversation through a range scan of the primary key. A conversation stays in the window for
// hours after its last message, longer than the one-hour pause, so none is missed between runs.
// The writes are set-based: one statement records the notices and one queues the emails (per
// chunk), so a run costs a handful of statements whatever it sends.
import { DELETED_STATUS } from '../db/queries/listing-deletion';
import { conversationLink } from '../db/queries/messages';
import { excerpt, messageNoticeEmail, type Email } from '../lib/email';
import { REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import { DAY, HOUR, MINUTE } from '../lib/time';
import { unlimited, type Budget } from '@worker/lib/cron-budget';
import { chunks, queueEmailsStatements, ROWS_PER_STATEMENT } from './bulk';
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
/**
 * Emails per run; the rest go on the next run (oldest last message first). 200 built and wrote
 * about 850 rows in one invocation, 7.9 ms of Worker CPU on a loaded machine against the 8 ms per
 * call (decision 049); 50 a run is 200 an hour, twice the provider's 100 mails a day, and a due
 * conversation stays in the window for the three hours of LOOKBACK.
 */
export const MAX_NOTICES = 50;
/** Statements of a run with nothing to send: claim, previous run, watermark read and write, search, due list. */
export const NOTICE_IDLE_COST = 6;

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

export function runMessageEmailNotices(
  env: Env,
  scheduledTime: number,
  budget: Budget = unlimited,
): Promise<NoticeRun | null> {
  return runOnce(env.DB, MESSAGE_NOTICE_JOB, scheduledTime, async () => {
    const previous = (await previousRunTime(env.DB, MESSAGE_NOTICE_JOB, scheduledTime)) ?? scheduledTime;
    const since = Math.max(previous - LOOKBACK, scheduledTime - MAX_LOOKBACK);
    return sendMessageNotices(env, scheduledTime, since, budget);
  });
}

/**
 * The smallest message id created at or after `at` (ids grow with time), or null if none: a
 * binary search over the primary key in one recursive statement, each step one indexed row.
 * `from`, when given, is an id known to be at or before the answer (the watermark).
 */
export async function firstMessageIdSince(d1: D1Database, at: string, from?: number): Promise<number | null> {
  const row = await d1
    .prepare(
      `WITH RECURSIVE
         bounds(lo, hi) AS (
           SELECT coalesce(?2, (SELECT min(id) FROM messages)), (SELECT max(id) FROM messages) + 1),
         probe(lo, hi) AS (
           SELECT lo, hi FROM bounds WHERE lo IS NOT NULL AND hi IS NOT NULL
           UNION ALL
           SELECT CASE WHEN m.created_at >= ?1 THEN p.lo ELSE m.id + 1 END,
                  CASE WHEN m.created_at >= ?1 THEN (p.lo + p.hi) / 2 ELSE p.hi END
             FROM probe AS p
             JOIN messages AS m ON m.id = (SELECT id FROM messages WHERE id >= (p.lo + p.hi) / 2 ORDER BY id LIMIT 1)
            WHERE p.lo < p.hi)
       SELECT (SELECT lo FROM probe WHERE lo >= hi LIMIT 1) AS first, (SELECT hi FROM bounds) AS top`,
    )
    .bind(at, from ?? null)
    .first<{ first: number | null; top: number | null }>();
  if (!row || row.first === null || row.top === null) return null;
  return row.first >= row.top ? null : row.first;
}

/** The job's watermark: the first message id of the previous window and that window's start. */
async function readWatermark(d1: D1Database): Promise<{ cursor: number; at: string } | null> {
  return d1
    .prepare('SELECT cursor, at FROM cron_state WHERE job = ?1')
    .bind(MESSAGE_NOTICE_JOB)
    .first<{ cursor: number; at: string }>();
}

export async function sendMessageNotices(
  env: Env,
  now: number,
  since: number,
  budget: Budget = unlimited,
): Promise<NoticeRun> {
  const d1 = env.DB;
  const run: NoticeRun = { conversations: 0, emails: 0 };
  // The previous window started at or before this one: its first id is a lower bound for the search.
  const mark = await readWatermark(d1);
  const sinceIso = iso(since);
  const fromId = await firstMessageIdSince(d1, sinceIso, mark && mark.at <= sinceIso ? mark.cursor : undefined);
  if (fromId === null) return run;
  if (!mark || mark.at < sinceIso) {
    await d1
      .prepare(
        'INSERT INTO cron_state (job, cursor, at, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, at = excluded.at, updated_at = excluded.updated_at',
      )
      .bind(MESSAGE_NOTICE_JOB, fromId, sinceIso, iso(now))
      .run();
  }
  // The rest costs three statements whatever it sends (MAX_NOTICES fits one chunk of each write):
  // the due list, the notice rows and the emails. Without them, the next run sends these.
  if (budget.left() < 3) return run;
  const limit = MAX_NOTICES;

  const { results: due } = await d1
    .prepare(
      `SELECT c.receiver_id, c.listing_id, c.sender_id, c.unread, c.last_id, CASE WHEN m.hidden_at IS NULL THEN m.content ELSE ?5 END AS content,
              s.display_name AS sender_name, l.title AS listing_title, u.email, u.display_name AS receiver_name
         FROM (SELECT receiver_id, listing_id, sender_id, count(*) AS unread, max(id) AS last_id
                 FROM messages NOT INDEXED WHERE id >= ?1 AND read = 0
                GROUP BY receiver_id, listing_id, sender_id) AS c
         CROSS JOIN messages AS m ON m.id = c.last_id
         CROSS JOIN users AS u ON u.id = c.receiver_id
         CROSS JOIN users AS s ON s.id = c.sender_id
         CROSS JOIN listings AS l ON l.id = c.listing_id
         LEFT JOIN message_email_notices AS n ON n.user_id = c.receiver_id AND n.listing_id = c.listing_id AND n.partner_id = c.sender_id
        WHERE m.created_at <= ?2 AND u.email_verified = 1 AND u.email_notifications = 1 AND l.status <> '${DELETED_STATUS}'
          AND (n.user_id IS NULL OR (n.last_message_id < c.last_id AND n.last_sent_at <= ?3))
        ORDER BY c.last_id LIMIT ?4`,
    )
    .bind(fromId, iso(now - UNSEEN_AFTER), iso(now - NOTICE_PAUSE), limit, REMOVED_MESSAGE_TEXT)
    .all<DueRow>();
  run.conversations = due.length;
  if (due.length === 0) return run;

  const origin = appOrigin(env);
  const sentAt = iso(now);
  const emails: Email[] = due.map((row) =>
    messageNoticeEmail(origin, row.email, row.receiver_name, {
      senderName: row.sender_name,
      listingTitle: row.listing_title,
      excerpt: excerpt(row.content),
      unread: row.unread,
      link: conversationLink(row.listing_id, row.sender_id, row.receiver_id),
    }),
  );
  // One batch (one transaction): every notice row with its email.
  const notices = chunks(due, ROWS_PER_STATEMENT).map((part) =>
    d1
      .prepare(
        `INSERT INTO message_email_notices (user_id, listing_id, partner_id, last_sent_at, last_message_id)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ?2, json_extract(value, '$[3]')
           FROM json_each(?1) WHERE true
         ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET last_sent_at = excluded.last_sent_at, last_message_id = excluded.last_message_id`,
      )
      .bind(JSON.stringify(part.map((r) => [r.receiver_id, r.listing_id, r.sender_id, r.last_id])), sentAt),
  );
  await d1.batch([...notices, ...queueEmailsStatements(d1, emails)]);
  run.emails = emails.length;
  return run;
}
