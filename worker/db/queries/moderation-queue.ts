// The moderation queue's reads (docs/api/moderation.md, "Moderation queue"): a page of reports with
// everything an admin decides on (the reporter, the member responsible and their standing, what was
// reported, what the target shows now, how many open reports it has, whether it is hidden), and the
// open count for the header. Both stay cheap at any scale: the page walks reports_status_created_idx
// from its cursor and stops after `limit` rows, each row's extras read by key (a few rows each); the
// count is one counter row (migration 0032), never a count of the open reports.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { adminCounters } from '../schema';
import type { AdminPage } from '@worker/lib/admin-paging';
import { anySnapshotSql, hiddenSql } from './report-targets';

export type QueueStatus = 'open' | 'resolved';

const memberJson = (id: string, extra = '') =>
  sql.raw(
    `json((SELECT json_object('id', id, 'username', username, 'displayName', display_name, 'avatarUrl', avatar_url${extra}) FROM users WHERE id = ${id}))`,
  );

/**
 * One page of the queue: open reports oldest first (the longest waiting on top), resolved ones
 * newest first; `before` is the last row's cursor and the page holds the rows after it in that
 * order. Each row is an AdminReport as SQLite writes it (`item`), with its cursor columns.
 */
/** An AdminReport as SQLite writes it, for the reports row `r`. */
function itemSql() {
  const type = sql`r.target_type`;
  const id = sql`r.target_id`;
  return sql`json_object(
      'id', r.id, 'targetType', r.target_type, 'targetId', r.target_id, 'reason', r.reason, 'details', r.details, 'guard', r.guard,
      'status', r.status, 'resolution', r.resolution, 'createdAt', r.created_at, 'resolvedAt', r.resolved_at,
      'reporter', ${memberJson('r.reporter_id')},
      'targetUser', ${memberJson('r.target_user_id', ", 'suspendedUntil', suspended_until, 'createdAt', created_at")},
      'snapshot', json(r.snapshot),
      'current', json(${anySnapshotSql(type, id)}),
      'openCount', (SELECT count(*) FROM reports o WHERE o.target_type = r.target_type AND o.target_id = r.target_id AND o.status = 'open'),
      'hidden', json(CASE WHEN ${hiddenSql(type, id)} THEN 'true' ELSE 'false' END))`;
}

/**
 * One page of the queue: open reports oldest first (the longest waiting on top), resolved ones
 * newest first; `before` is the last row's cursor and the page holds the rows after it in that
 * order. Each row is an AdminReport as SQLite writes it (`item`), with its cursor columns.
 */
export function queuePageSql(status: QueueStatus, page: Pick<AdminPage, 'limit' | 'before'>) {
  const oldestFirst = status === 'open';
  const after = page.before
    ? sql`AND (r.created_at, r.id) ${sql.raw(oldestFirst ? '>' : '<')} (${page.before.time}, ${page.before.id})`
    : sql``;
  const order = oldestFirst ? sql`r.created_at, r.id` : sql`r.created_at DESC, r.id DESC`;
  return sql`SELECT r.id AS id, r.created_at AS createdAt, ${itemSql()} AS item
               FROM reports r WHERE r.status = ${sql.raw(`'${status}'`)} ${after}
              ORDER BY ${order} LIMIT ${page.limit}`;
}

/** One report as the queue shows it (the reply of an action). */
export const reportItemSql = (reportId: number) =>
  sql`SELECT r.id AS id, r.created_at AS createdAt, ${itemSql()} AS item FROM reports r WHERE r.id = ${reportId}`;

export interface QueueRow {
  id: number;
  createdAt: string;
  /** The AdminReport's JSON text. */
  item: string;
}

/** The page as a query builder (it rides in the gate's batch), in the page's order. */
export function queuePage(db: Db, status: QueueStatus, page: Pick<AdminPage, 'limit' | 'before'>) {
  const order = status === 'open' ? [sql`createdAt`, sql`id`] : [sql`createdAt DESC`, sql`id DESC`];
  return db
    .select({ id: sql<number>`id`, createdAt: sql<string>`createdAt`, item: sql<string>`item` })
    .from(sql`(${queuePageSql(status, page)})`)
    .orderBy(...order);
}

/** The header's count: the open reports' counter row (kept by the triggers of migration 0032). */
export const openReportCount = (db: Db) =>
  db.select({ count: adminCounters.value }).from(adminCounters).where(eq(adminCounters.name, 'reports_open'));
