// The moderation queue, its actions, reinstatement and the audit log (docs/api/moderation.md):
// admins only (401 visitor, 403 member), and an admin never acts on themselves (403).
import { auditPage, auditSql } from '../db/queries/audit';
import { openReportCount, queuePage, type QueueStatus } from '../db/queries/moderation-queue';
import { findUserById } from '../db/queries/users';
import { jsonReply } from '../db/json-reply';
import { parseAdminCursorPage, setNextCursor } from '../lib/admin-paging';
import { afterReply } from '../lib/after-reply';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { applyAction, checkAction, SELF_MESSAGE } from '@worker/services/moderation/actions';
import {
  actingAdminStatement,
  heldOfReportStatement,
  reportContextStatement,
  type ReportContext,
} from '@worker/db/queries/moderation-actions';
import type { HeldRow } from '@worker/db/queries/held-messages';
import { isSuspended } from '../lib/moderation/standing';
import { endSuspensionStatements, reinstateConditions, syncSuspendedListings } from '@worker/db/queries/suspension';
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import {
  requireViewerSession,
  sessionGatePrepared,
  sessionGateStatement,
  withViewerChecked,
} from '@worker/db/queries/session-gate';
import { parseBody, parseId } from '../lib/validate';
import { requireAdmin } from '../middleware/auth';
import { moderationRoutes, type ModeratedMember } from '@/shared/contract/moderation';
import { reply, router, serve } from '../lib/serve';
import { listingPath, purgePublic } from '../middleware/edge-cache';
import { viewer } from '../middleware/session';

export const adminModerationRouter = router('/api/admin');

const STATUS_MESSAGE = 'status must be open or resolved';
const USER_ID_MESSAGE = "userId must be a member's id";

// viewer('sql'): the admin is checked in the page's own batch (db/queries/session-gate.ts).
serve(adminModerationRouter, moderationRoutes.queue, viewer('sql'), async (c) => {
  const db = c.get('db');
  const viewer = requireViewerSession(c);
  const admin = { admin: true };
  return withViewerChecked(
    db,
    viewer,
    async () => {
      const status = (c.req.query('status') ?? 'open') as QueueStatus;
      if (status !== 'open' && status !== 'resolved') throw badRequest(STATUS_MESSAGE, { status: STATUS_MESSAGE });
      const page = parseAdminCursorPage(c);
      const [, rows] = await db.batch([sessionGateStatement(db, viewer, admin), queuePage(db, status, page)]);
      setNextCursor(c, page, rows);
      return jsonReply(c, `[${rows.map((row) => row.item).join(',')}]`);
    },
    admin,
  );
});

// The header's badge, polled every 30 s: one round trip, the gate and the counter row.
serve(adminModerationRouter, moderationRoutes.openCount, viewer('sql'), async (c) => {
  const db = c.get('db');
  const viewer = requireViewerSession(c);
  const admin = { admin: true };
  return withViewerChecked(
    db,
    viewer,
    async () => {
      const [, rows] = await db.batch([sessionGateStatement(db, viewer, admin), openReportCount(db)]);
      return reply(c, moderationRoutes.openCount, { count: Number(rows[0]?.count ?? 0) });
    },
    admin,
  );
});

// viewer('sql'): the admin is checked in the action's first batch (db/queries/session-gate.ts),
// which reads the report, the member's held messages and the admin's name together.
serve(adminModerationRouter, moderationRoutes.resolve, viewer('sql'), async (c) => {
  const db = c.get('db');
  const viewer = requireViewerSession(c);
  const rule = { admin: true };
  return withViewerChecked(
    db,
    viewer,
    async () => {
      const reportId = parseId(c.req.param('id'), 'Report');
      const d1 = c.env.DB;
      const [, adminRow, found, held] = await d1.batch([
        sessionGatePrepared(d1, db, viewer, rule),
        actingAdminStatement(d1, viewer.userId),
        reportContextStatement(d1, reportId),
        heldOfReportStatement(d1, reportId),
      ]);
      const admin = adminRow!.results[0] as { id: number; username: string };
      const ctx = found!.results[0] as ReportContext | undefined;
      if (!ctx) throw notFound('Report not found');
      const input = await parseBody(c, moderationRoutes.resolve.body);
      checkAction(ctx, admin, input.action);
      const { item, after } = await applyAction(
        c.env,
        db,
        ctx,
        admin,
        input,
        held!.results as HeldRow[],
        new URL(c.req.url).origin,
      );
      await afterReply(c, after);
      // A hidden or deleted listing leaves the edge's cache here at once (decision 057).
      if (ctx.target_type === 'listing') await purgePublic(c, [listingPath(ctx.target_id)]);
      // The report as the queue now shows it (resolved, the target's current state).
      return jsonReply(c, item);
    },
    rule,
  );
});

serve(adminModerationRouter, moderationRoutes.reinstate, viewer('row'), async (c) => {
  const admin = requireAdmin(c);
  const id = parseId(c.req.param('id'), 'User');
  if (id === admin.id) throw forbidden(SELF_MESSAGE);
  const { note } = await parseBody(c, moderationRoutes.reinstate.body);
  const db = c.get('db');
  const member = await findUserById(db, id);
  if (!member) throw notFound('User not found');
  if (!isSuspended(member.suspendedUntil)) throw conflict('This member is not suspended');
  const at = new Date().toISOString();
  const { still, audited } = reinstateConditions(id);
  const audit = auditSql(
    {
      actor: { id: admin.id, name: admin.username },
      action: 'reinstate',
      targetType: 'user',
      targetId: id,
      targetUserId: id,
      targetLabel: member.username,
      note,
    },
    audited,
  );
  await c.env.DB.batch(endSuspensionStatements(c.env.DB, [id], still, at, [audit], { restore: false }));
  // The listings hidden for the suspension come back right after the reply (syncSuspendedListings: why).
  await afterReply(c, async () => {
    await syncSuspendedListings(c.env.DB, [id]);
    await pushNotificationChanges(c.env, [id]);
  });
  // The batch cleared the suspension (or a racing end did): the member in good standing.
  const reinstated: ModeratedMember = {
    id,
    username: member.username,
    displayName: member.displayName,
    avatarUrl: member.avatarUrl,
    suspendedUntil: null,
    createdAt: member.createdAt,
  };
  return reply(c, moderationRoutes.reinstate, reinstated);
});

serve(adminModerationRouter, moderationRoutes.audit, viewer('row'), async (c) => {
  requireAdmin(c);
  const rawUser = c.req.query('userId');
  const userId = rawUser === undefined ? undefined : /^[1-9]\d{0,14}$/.test(rawUser) ? Number(rawUser) : NaN;
  if (Number.isNaN(userId)) throw badRequest(USER_ID_MESSAGE, { userId: USER_ID_MESSAGE });
  const page = parseAdminCursorPage(c);
  const entries = await auditPage(c.get('db'), page, userId);
  setNextCursor(c, page, entries);
  return reply(c, moderationRoutes.audit, entries);
});
