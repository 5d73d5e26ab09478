// The audit log (docs/api/moderation.md, "Audit log"): one moderation_actions row per admin action
// (moderation, reinstatement, make-admin, featuring) and per automatic end of a suspension, written
// in the same batch as the change it records, so the log never says something happened that did
// not, nor misses what did. Rows outlive the accounts they name (SET NULL; names copied in).
import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditTargetType } from '@/shared/contract/moderation';
import type { AdminPage } from '@worker/lib/admin-paging';
import type { Db } from '../client';
import { moderationActions } from '../schema';

/** Who acted: an admin, or the product itself (the cron job ending a suspension). */
export type Actor = { id: number | null; name: string };
export const SYSTEM_ACTOR: Actor = { id: null, name: 'Automatic' };
/** The admin grants of verified addresses listed in ADMIN_EMAILS (worker/lib/admin-emails.ts). */
export const ADMIN_EMAILS_ACTOR: Actor = { id: null, name: 'ADMIN_EMAILS' };

export interface AuditRecord {
  actor: Actor;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  targetUserId: number | null;
  /** What the target was called; SQL when only the batch knows it (a member's username by id). */
  targetLabel: string | SQL;
  reportId?: number | null;
  days?: number | null;
  note: string;
}

/** The row as a SELECT of every column in the table's order, written only when `when` holds. */
function auditRowSql(record: AuditRecord, when: SQL): SQL {
  const label =
    typeof record.targetLabel === 'string'
      ? sql`${record.targetLabel.slice(0, 200)}`
      : sql`coalesce(substr(${record.targetLabel}, 1, 200), '')`;
  return sql`SELECT NULL, ${record.actor.id}, ${record.actor.name}, ${record.action}, ${record.targetType}, ${record.targetId}, ${record.targetUserId},
           ${label}, ${record.reportId ?? null}, ${record.days ?? null}, ${record.note}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE ${when}`;
}

/**
 * The row's INSERT as SQL (for batches of prepared statements), written only when `when` holds in
 * the batch (e.g. "the change it records happens"): evaluated where the statement stands.
 */
export function auditSql(record: AuditRecord, when: SQL = sql`1`): SQL {
  return sql`INSERT INTO moderation_actions ${auditRowSql(record, when)}`;
}

/** The same INSERT as a query builder, for drizzle batches (make-admin, the featured toggle). */
export function auditStatement(db: Db, record: AuditRecord, when: SQL = sql`1`) {
  return db.insert(moderationActions).select(auditRowSql(record, when));
}

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_name: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: number;
  target_label: string;
  target_user_id: number | null;
  report_id: number | null;
  days: number | null;
  note: string;
  created_at: string;
}

export const auditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor: { id: row.actor_id, name: row.actor_name },
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  targetLabel: row.target_label,
  targetUserId: row.target_user_id,
  reportId: row.report_id,
  days: row.days,
  note: row.note,
  createdAt: row.created_at,
});

/**
 * A page of the log, newest first by (created_at, id), after the cursor: every action through
 * moderation_actions_created_idx, or one member's (`userId`: the actions on them and on their
 * listings and messages) through moderation_actions_target_user_idx, whose implicit rowid orders
 * ties by id. Either walks its index from the cursor and stops after the page.
 */
export function auditPageSql(page: Pick<AdminPage, 'limit' | 'before'>, userId?: number): SQL {
  const after = page.before ? sql`AND (created_at, id) < (${page.before.time}, ${page.before.id})` : sql``;
  const member = userId === undefined ? sql`` : sql`AND target_user_id = ${userId}`;
  return sql`SELECT id, actor_id, actor_name, action, target_type, target_id, target_label, target_user_id, report_id, days, note, created_at
               FROM moderation_actions WHERE 1 ${member} ${after}
              ORDER BY created_at DESC, id DESC LIMIT ${page.limit}`;
}

/** A page of the log as entries (one statement, run here). */
export async function auditPage(db: Db, page: Pick<AdminPage, 'limit' | 'before'>, userId?: number) {
  return (await db.all<AuditRow>(auditPageSql(page, userId))).map(auditEntry);
}

export type { AuditRow };
