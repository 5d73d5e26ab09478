// The unread-message emails' statements (worker/cron/message-email-notices.ts): the first message
// id of the lookback window (a binary search on the primary key in one recursive statement), the
// conversations due a notice, and the notice rows written set-based beside their emails.
import { REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import { chunks, ROWS_PER_STATEMENT } from './bulk';
import { DELETED_STATUS } from './listing-deletion';

export interface DueRow {
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
  /** The receiver's language (users.language): the email's. */
  language: string;
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

/**
 * The conversations (receiver, listing, sender) with unread messages from `fromId` on whose newest
 * one was written at or before `seenBefore`, to a verified member with email notifications on, not
 * yet noticed about that message nor since `pausedBefore`; oldest last message first
 * (`.all<DueRow>()`). The unread messages are grouped through a range scan of the primary key.
 */
export const dueNoticesStatement = (
  d1: D1Database,
  {
    fromId,
    seenBefore,
    pausedBefore,
    limit,
  }: { fromId: number; seenBefore: string; pausedBefore: string; limit: number },
) =>
  d1
    .prepare(
      `SELECT c.receiver_id, c.listing_id, c.sender_id, c.unread, c.last_id, CASE WHEN m.hidden_at IS NULL THEN m.content ELSE ?5 END AS content,
              s.display_name AS sender_name, l.title AS listing_title, u.email, u.display_name AS receiver_name, u.language
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
    .bind(fromId, seenBefore, pausedBefore, limit, REMOVED_MESSAGE_TEXT);

/** The notice rows of the conversations emailed at `sentAt`, one statement per ROWS_PER_STATEMENT. */
export const noticeRowsStatements = (d1: D1Database, due: DueRow[], sentAt: string): D1PreparedStatement[] =>
  chunks(due, ROWS_PER_STATEMENT).map((part) =>
    d1
      .prepare(
        `INSERT INTO message_email_notices (user_id, listing_id, partner_id, last_sent_at, last_message_id)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ?2, json_extract(value, '$[3]')
           FROM json_each(?1) WHERE true
         ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET last_sent_at = excluded.last_sent_at, last_message_id = excluded.last_message_id`,
      )
      .bind(JSON.stringify(part.map((r) => [r.receiver_id, r.listing_id, r.sender_id, r.last_id])), sentAt),
  );
