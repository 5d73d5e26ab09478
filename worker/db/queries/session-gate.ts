// Reads that check the viewer in their own round trip (decision 033; the routes registered with
// viewer('sql'), decision 052): the route has the KV session record but not the user row, and its
// D1 batch starts with a gate that fails the whole batch (a D1 batch is one transaction: nothing is
// written, nothing returned) when the session is void, as viewer('row') would have answered 401:
// the member is gone, or the session was created before sessions_valid_after.
import { sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '@worker/db/client';
import type { AppEnv } from '@worker/types';
import { forbidden, unauthorized } from '@worker/lib/errors';
import type { SessionRecord } from '@worker/lib/session';
import { suspendedSql } from '@worker/lib/moderation/standing';

/** Whether the session is valid (its member is not suspended either); with `admin`, also that its member is an admin. */
const validSql = (viewer: SessionRecord, admin = false): SQL =>
  sql`EXISTS (SELECT 1 FROM users WHERE id = ${viewer.userId} AND sessions_valid_after <= ${viewer.createdAt} AND NOT ${suspendedSql()}${admin ? sql` AND is_admin = 1` : sql``})`;

/** What the route requires of the viewer: a valid session, or an admin's. */
export type ViewerRule = { admin?: boolean };

/** The request's session record (not yet checked against the user row), or 401. */
export function requireViewerSession(c: Context<AppEnv>): SessionRecord {
  const viewer = c.get('viewerSession');
  if (!viewer) throw unauthorized();
  return viewer;
}

/**
 * The batch's first statement: it fails the batch when the session is void. SQLite's json() throws
 * on text that is not JSON, and its argument depends on the session's row, so it is evaluated per
 * run (as the message budget's gate, db/queries/message-budget.ts).
 */
export function sessionGateStatement(db: Db, viewer: SessionRecord, rule: ViewerRule = {}) {
  return db
    .select({ gate: sql`json(CASE WHEN ${validSql(viewer, rule.admin)} THEN 'null' ELSE 'session void' END)` })
    .from(sql`(SELECT 1)`);
}

/**
 * sessionGateStatement as a raw D1 statement, for a batch of prepared statements (an admin's
 * action on a report reads the report and the held messages as D1 statements beside it).
 */
export function sessionGatePrepared(d1: D1Database, db: Db, viewer: SessionRecord, rule: ViewerRule = {}) {
  const { sql: text, params } = sessionGateStatement(db, viewer, rule).toSQL();
  return d1.prepare(text).bind(...params);
}

/**
 * Runs a route's work, whose batch starts with sessionGateStatement (with the same rule). Whatever
 * it throws (the gate's failure, or a 400, 403 or 404 found before or after the batch) becomes 401
 * when the session is void, then 403 when the rule wants an admin and the member is not one, as
 * requireUser and requireAdmin answer first everywhere else. One statement, on failures only.
 */
export async function withViewerChecked<T>(
  db: Db,
  viewer: SessionRecord,
  work: () => Promise<T>,
  rule: ViewerRule = {},
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const [row] = await db
      .select({ valid: sql<number>`${validSql(viewer)}`, admin: sql<number>`${validSql(viewer, true)}` })
      .from(sql`(SELECT 1)`);
    if (!row?.valid) throw unauthorized();
    if (rule.admin && !row.admin) throw forbidden('Admin access required');
    throw error;
  }
}
