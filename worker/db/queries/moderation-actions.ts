// The statements of an admin's action on a report (docs/api/moderation.md, "Actions"): the report
// and what the action needs, read in one statement beside the member's held messages; the action
// batch's gate, its changes to the target and the reports resolved; the notice and outbox rows the
// batch ends with; and the rows the work after the reply reads. The action itself, which runs them
// and then tells the sockets, rooms and bells, is worker/services/moderation/actions.ts.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import type { ModerationAction, ReportReason, ReportTargetType } from '@/shared/contract/moderation';
import type { Db } from '../client';
import { barters, offers, type BarterRow, type OfferRow } from '../schema';
import { outboxValues, type Email } from '@worker/lib/email';
import { nextIdSql } from '../id-reserve';
import { blockedEitherWayText } from './blocks';
import { DELETED_STATUS, listingGone } from './listing-deletion';

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
  /** The member's language (users.language): the notice email's and push's. */
  language: string | null;
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
              u.id AS user_id, u.username, u.display_name, u.email, u.language,
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
/** The acting admin's id and name (the audit row's actor), read in the action's first batch. */
export const actingAdminStatement = (d1: D1Database, userId: number) =>
  d1.prepare('SELECT id, username FROM users WHERE id = ?').bind(userId);

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

/**
 * The action's gate, first in its batch: it fails (SQLite's json() on text that is not JSON),
 * rolling the batch back, unless the report is still open when the batch runs.
 */
export const reportOpenGateStatement = (d1: D1Database, reportId: number) =>
  d1
    .prepare(
      `SELECT json(CASE WHEN EXISTS (SELECT 1 FROM reports WHERE id = ?1 AND status = 'open') THEN 'null' ELSE 'report resolved' END) AS gate`,
    )
    .bind(reportId);

/** The report's status, read after a failed batch to tell the gate from another error. */
export const reportStatusStatement = (d1: D1Database, reportId: number) =>
  d1.prepare('SELECT status FROM reports WHERE id = ?').bind(reportId);

/** A listing the report threshold hid comes back as it was. */
export const listingBackSql = (listingId: number): SQL =>
  sql`UPDATE listings SET status = coalesce(held_status, 'active'), held_status = NULL, hidden_reason = NULL
                          WHERE id = ${listingId} AND status = 'hidden' AND hidden_reason = 'reports'`;

/** A listing hidden by a moderator (its status before kept in held_status), unless it is gone. */
export const hideListingSql = (listingId: number): SQL =>
  sql`UPDATE listings SET held_status = CASE WHEN status = 'hidden' THEN held_status ELSE status END, status = 'hidden', hidden_reason = 'moderation' WHERE id = ${listingId} AND NOT ${listingGone('listings')}`;

/** A message hidden, and the conversation list's preview when it is this message. */
export function hideMessageSqls(
  messageId: number,
  ref: { listingId: number; senderId: number; receiverId: number },
  at: string,
): [SQL, SQL] {
  const [a, b] = [Math.min(ref.senderId, ref.receiverId), Math.max(ref.senderId, ref.receiverId)];
  return [
    sql`UPDATE messages SET hidden_at = ${at} WHERE id = ${messageId} AND hidden_at IS NULL`,
    sql`UPDATE conversations SET last_message = ${REMOVED_MESSAGE_TEXT} WHERE listing_id = ${ref.listingId} AND a_id = ${a} AND b_id = ${b} AND last_message_id = ${messageId}`,
  ];
}

/** A trade-circle chat line hidden. */
export const hideCircleMessageSql = (messageId: number, at: string): SQL =>
  sql`UPDATE trade_circle_messages SET hidden_at = ${at} WHERE id = ${messageId} AND hidden_at IS NULL`;

/**
 * A listing the threshold hid stays hidden, now by the admin's decision (not the suspension's, so
 * reinstating does not bring it back).
 */
export const keepListingHiddenSql = (listingId: number): SQL =>
  sql`UPDATE listings SET hidden_reason = 'moderation' WHERE id = ${listingId} AND status = 'hidden' AND hidden_reason = 'reports'`;

/** Every open report on the target resolved by this action. */
export const resolveReportsSql = (
  target: { type: ReportTargetType; id: number },
  action: ModerationAction,
  adminId: number,
  at: string,
): SQL =>
  sql`UPDATE reports SET status = 'resolved', resolution = ${action}, resolved_by = ${adminId}, resolved_at = ${at}
         WHERE target_type = ${target.type} AND target_id = ${target.id} AND status = 'open'`;

/** The offers a suspension's cascade closed, as rows (for the rooms' frames after the reply). */
export const offerRowsByIds = (db: Db, ids: number[]): Promise<OfferRow[]> =>
  ids.length ? db.select().from(offers).where(inArray(offers.id, ids)) : Promise.resolve([]);

/** The barters a suspension's cascade cancelled, as rows. */
export const barterRowsByIds = (db: Db, ids: number[]): Promise<BarterRow[]> =>
  ids.length ? db.select().from(barters).where(inArray(barters.id, ids)) : Promise.resolve([]);

/** A hidden message's row, for its room's frame. */
export const messageRowById = (db: Db, id: number) =>
  db.query.messages.findFirst({ where: (m, { eq }) => eq(m.id, id) });
