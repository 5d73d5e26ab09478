// Filing and listing a member's reports (docs/api/moderation.md, "Reports"), and the report
// threshold guard ("Automatic guards"): three open reports from distinct members hide a listing
// until an admin looks. Every write is one D1 batch of statements that check their own conditions,
// so two reports racing (or a report racing an admin's action) leave one consistent outcome.
import { sql } from 'drizzle-orm';
import type { MyReport, ReportReason, ReportTargetType } from '@/shared/contract/moderation';
import { prepareSql } from '../prepare-sql';
import { endReason, type DissolvedCircle, type LegSelector } from '@worker/lib/trade-circles/legs';
import { dissolveStatements } from './trade-circles';
import { snapshotSql, targetFactsSql } from './report-targets';

/** Open reports from this many distinct members hide a listing (the report threshold guard). */
export const REPORT_THRESHOLD = 3;
/** A member's own reports in GET /api/reports: the newest this many (10 a member an hour at most). */
export const MY_REPORTS_LIMIT = 100;

/** A reports row as the statements below return it (the columns MyReport needs). */
export interface ReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  details: string;
  status: 'open' | 'resolved';
  resolution: MyReport['resolution'];
  target_label: string;
  created_at: string;
  resolved_at: string | null;
}

export const REPORT_COLUMNS = `id, target_type, target_id, reason, details, status, resolution,
  coalesce(json_extract(snapshot, '$.label'), '') AS target_label, created_at, resolved_at`;

export const myReport = (row: ReportRow): MyReport => ({
  id: row.id,
  targetType: row.target_type,
  targetId: row.target_id,
  reason: row.reason,
  details: row.details,
  status: row.status,
  resolution: row.resolution,
  targetLabel: row.target_label,
  createdAt: row.created_at,
  resolvedAt: row.resolved_at,
});

/** The target's facts (report-targets.ts) as a statement, for the route's first batch. */
export const targetFactsStatement = (d1: D1Database, type: ReportTargetType, id: number) =>
  prepareSql(d1, targetFactsSql(type, id));

export interface NewReport {
  reporterId: number;
  targetType: ReportTargetType;
  targetId: number;
  targetUserId: number;
  reason: ReportReason;
  details: string;
  /** The target's snapshot (JSON text) as the route read it. */
  snapshot: string;
}

/** Open reports from distinct members on a listing, not counting guard reports (no reporter). */
const distinctReportersSql = (listingId: number) =>
  sql`(SELECT count(DISTINCT reporter_id) FROM reports WHERE target_type = 'listing' AND target_id = ${listingId} AND status = 'open' AND reporter_id IS NOT NULL)`;

/**
 * The report threshold guard's statements for a listing, run right after a report on it is stored
 * (same batch): the listing is hidden (status 'hidden', reason 'reports', the status to restore
 * kept) when open reports from REPORT_THRESHOLD distinct members stand and it is not hidden
 * already; a guard report (no reporter, guard 'report_threshold', the most given reason) says why
 * in the queue, once while one is open; and the proposed trade circles it is in are called off, as
 * for a deactivated listing. The hide returns the listing's id when it happened.
 */
function thresholdStatements(d1: D1Database, listingId: number, at: string): D1PreparedStatement[] {
  const hiddenByReports = sql`EXISTS (SELECT 1 FROM listings WHERE id = ${listingId} AND status = 'hidden' AND hidden_reason = 'reports')`;
  const mostGiven = sql`(SELECT reason FROM reports WHERE target_type = 'listing' AND target_id = ${listingId} AND status = 'open' AND reporter_id IS NOT NULL
                          GROUP BY reason ORDER BY count(*) DESC, max(id) DESC LIMIT 1)`;
  // The circles of the listing, only once it is hidden: otherwise this batch dissolves nothing.
  const circles: LegSelector = {
    sql: `listing_id = ? AND EXISTS (SELECT 1 FROM listings WHERE id = ? AND status = 'hidden')`,
    params: [listingId, listingId],
  };
  return [
    prepareSql(
      d1,
      sql`UPDATE listings SET held_status = status, status = 'hidden', hidden_reason = 'reports'
           WHERE id = ${listingId} AND status <> 'hidden' AND ${distinctReportersSql(listingId)} >= ${REPORT_THRESHOLD}
          RETURNING id`,
    ),
    prepareSql(
      d1,
      sql`INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, guard, snapshot)
          SELECT NULL, 'listing', l.id, l.user_id, ${mostGiven},
                 'Hidden automatically: ' || ${distinctReportersSql(listingId)} || ' members reported this listing', 'report_threshold',
                 ${snapshotSql('listing', sql`${listingId}`)}
            FROM listings l
           WHERE l.id = ${listingId} AND ${hiddenByReports}
             AND NOT EXISTS (SELECT 1 FROM reports WHERE target_type = 'listing' AND target_id = ${listingId} AND status = 'open' AND guard = 'report_threshold')`,
    ),
    ...dissolveStatements(d1, circles, at, endReason('listing_unavailable')),
  ];
}

export interface FiledReport {
  report: ReportRow;
  /** False when the reporter's open report on the target already existed (returned as it is). */
  created: boolean;
  /** The report threshold guard hid the listing with this report. */
  hiddenByGuard: boolean;
  /** Proposed trade circles the hidden listing was in, called off. */
  dissolved: DissolvedCircle[];
}

/**
 * Stores the report unless the reporter already has an open one on the target (then that one is
 * returned), and, for a listing, runs the threshold guard: one batch. The unique partial index on
 * open reports per reporter and target is the last guard against a racing duplicate.
 */
export async function fileReport(
  d1: D1Database,
  report: NewReport,
  at = new Date().toISOString(),
): Promise<FiledReport> {
  const { reporterId, targetType, targetId } = report;
  const mine = sql`reporter_id = ${reporterId} AND target_type = ${targetType} AND target_id = ${targetId} AND status = 'open'`;
  const statements = [
    prepareSql(
      d1,
      sql`INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, snapshot, created_at)
          SELECT ${reporterId}, ${targetType}, ${targetId}, ${report.targetUserId}, ${report.reason}, ${report.details}, ${report.snapshot}, ${at}
           WHERE NOT EXISTS (SELECT 1 FROM reports WHERE ${mine})
          RETURNING id`,
    ),
    prepareSql(d1, sql`SELECT ${sql.raw(REPORT_COLUMNS)} FROM reports WHERE ${mine}`),
    ...(targetType === 'listing' ? thresholdStatements(d1, targetId, at) : []),
  ];
  const [inserted, current, hidden, , dissolved] = await d1.batch(statements);
  return {
    report: current!.results[0] as ReportRow,
    created: inserted!.results.length > 0,
    hiddenByGuard: (hidden?.results.length ?? 0) > 0,
    dissolved: (dissolved?.results ?? []) as DissolvedCircle[],
  };
}

/** The reporter's open report on the target (after a racing duplicate lost to the unique index). */
export async function openReportOf(
  d1: D1Database,
  reporterId: number,
  targetType: ReportTargetType,
  targetId: number,
): Promise<ReportRow | null> {
  return d1
    .prepare(
      `SELECT ${REPORT_COLUMNS} FROM reports WHERE reporter_id = ?1 AND target_type = ?2 AND target_id = ?3 AND status = 'open'`,
    )
    .bind(reporterId, targetType, targetId)
    .first<ReportRow>();
}

/** The member's reports, newest first (reports_reporter_created_idx): at most MY_REPORTS_LIMIT. */
export async function reportsOf(d1: D1Database, reporterId: number): Promise<ReportRow[]> {
  const { results } = await d1
    .prepare(`SELECT ${REPORT_COLUMNS} FROM reports WHERE reporter_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2`)
    .bind(reporterId, MY_REPORTS_LIMIT)
    .all<ReportRow>();
  return results;
}
