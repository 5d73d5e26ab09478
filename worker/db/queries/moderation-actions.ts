// The statements of an admin's action on a report (docs/api/moderation.md, "Actions"): the report
// and what the action needs, read in one statement beside the member's held messages, and the
// notice and outbox rows the action's batch ends with. The action itself, which runs them and then
// tells the sockets, rooms and bells, is worker/services/moderation/actions.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { ReportReason, ReportTargetType } from '@/shared/contract/moderation';
import { outboxValues, type Email } from '@worker/lib/email';
import { nextIdSql } from '../id-reserve';
import { blockedEitherWayText } from './blocks';
import { DELETED_STATUS } from './listing-deletion';

/** A report and what its action needs, read in one statement. */
export interface ReportContext {
  id: number;
  status: 'open' | 'resolved';
  target_type: ReportTargetType;
  target_id: number;
  target_user_id: number | null;
  reason: ReportReason;
  guard: string | null;
  label: string;
  /** The member responsible, when the account still exists. */
  user_id: number | null;
  username: string | null;
  display_name: string | null;
  email: string | null;
  target_exists: number;
  listing_hidden_reason: string | null;
  /** A message target's conversation: JSON { listingId, senderId, receiverId }. */
  message_ref: string | null;
  circle_id: number | null;
  /** An open link-burst guard report stands on the same target (held messages wait). */
  link_burst: number;
}

export const reportContextStatement = (d1: D1Database, reportId: number) =>
  d1
    .prepare(
      `SELECT r.id, r.status, r.target_type, r.target_id, r.target_user_id, r.reason, r.guard,
              coalesce(json_extract(r.snapshot, '$.label'), '') AS label,
              u.id AS user_id, u.username, u.display_name, u.email,
              CASE r.target_type
                WHEN 'listing' THEN EXISTS (SELECT 1 FROM listings WHERE id = r.target_id AND status <> '${DELETED_STATUS}')
                WHEN 'user' THEN EXISTS (SELECT 1 FROM users WHERE id = r.target_id)
                WHEN 'message' THEN EXISTS (SELECT 1 FROM messages WHERE id = r.target_id)
                WHEN 'offer' THEN EXISTS (SELECT 1 FROM offers WHERE id = r.target_id)
                WHEN 'circle_message' THEN EXISTS (SELECT 1 FROM trade_circle_messages WHERE id = r.target_id)
              END AS target_exists,
              CASE WHEN r.target_type = 'listing' THEN (SELECT hidden_reason FROM listings WHERE id = r.target_id AND status = 'hidden') END AS listing_hidden_reason,
              CASE WHEN r.target_type = 'message' THEN (SELECT json_object('listingId', listing_id, 'senderId', sender_id, 'receiverId', receiver_id) FROM messages WHERE id = r.target_id) END AS message_ref,
              CASE WHEN r.target_type = 'circle_message' THEN (SELECT circle_id FROM trade_circle_messages WHERE id = r.target_id) END AS circle_id,
              EXISTS (SELECT 1 FROM reports g WHERE g.target_type = r.target_type AND g.target_id = r.target_id AND g.status = 'open' AND g.guard = 'link_burst') AS link_burst
         FROM reports r LEFT JOIN users u ON u.id = r.target_user_id
        WHERE r.id = ?1`,
    )
    .bind(reportId);

/** The held messages of the report's member (read beside the report, used by dismiss). */
export const heldOfReportStatement = (d1: D1Database, reportId: number) =>
  d1
    .prepare(
      `SELECT h.id, h.receiver_id, h.listing_id,
              ${blockedEitherWayText('h.sender_id', 'h.receiver_id')} AS blocked
         FROM held_messages h WHERE h.sender_id = (SELECT target_user_id FROM reports WHERE id = ?1) ORDER BY h.id`,
    )
    .bind(reportId);

/** The member's notice (the bell, kind 'moderation') as a statement. */
export function moderationNoticeSql(userId: number, subjectKey: string, text: string, link: string, at: string): SQL {
  return sql`INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
    SELECT ${sql.raw(nextIdSql('notifications'))}, ${userId}, 'moderation', ${subjectKey}, ${text.slice(0, 500)}, ${link}, 1, ${at}
     WHERE EXISTS (SELECT 1 FROM users WHERE id = ${userId})
    ON CONFLICT (user_id, subject_key) DO UPDATE SET
      kind = excluded.kind, text = excluded.text, link = excluded.link,
      count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + 1 ELSE 1 END,
      read_at = NULL, updated_at = excluded.updated_at`;
}

/** The outbox row, as queueEmail writes a notice. */
export function outboxRowSql(email: Email): SQL {
  const row = outboxValues(email);
  return sql`INSERT INTO email_outbox (to_address, subject, text_body, html_body, priority, kind, expires_at)
    VALUES (${row.to}, ${row.subject}, ${row.text}, ${row.html}, ${row.priority}, ${row.kind}, ${row.expiresAt})`;
}
