// Reports, the moderation queue, members' standing and the audit log.
import * as v from 'valibot';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  MODERATION_ACTIONS,
  MODERATION_GUARDS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '../constants';
import { reinstateSchema, reportCreateSchema, reportResolveSchema } from '../schemas/moderation';
import { cursorPageQuery, PAGE_NOTES } from './paging';
import { route } from './route';
import { userSummary } from './users';

export const reportTargetType = v.picklist(REPORT_TARGET_TYPES);
export type ReportTargetType = v.InferOutput<typeof reportTargetType>;
export const reportReason = v.picklist(REPORT_REASONS);
export type ReportReason = v.InferOutput<typeof reportReason>;
export const moderationAction = v.picklist(MODERATION_ACTIONS);
export type ModerationAction = v.InferOutput<typeof moderationAction>;
export const moderationGuard = v.picklist(MODERATION_GUARDS);
export type ModerationGuard = v.InferOutput<typeof moderationGuard>;
export const auditAction = v.picklist(AUDIT_ACTIONS);
export type AuditAction = v.InferOutput<typeof auditAction>;
export const auditTargetType = v.picklist(AUDIT_TARGET_TYPES);
export type AuditTargetType = v.InferOutput<typeof auditTargetType>;
const reportStatus = v.picklist(['open', 'resolved']);

/** What a report's target showed: a listing's title and description, a message's text, a member's profile. */
export const targetSnapshot = v.strictObject({
  /** A listing's title, a member's display name, "Message"/"Offer"/"Circle chat line". */
  label: v.string(),
  /** The text that was reported: description, message content, the offer's terms, the bio. */
  text: v.string(),
  imageUrl: v.nullable(v.string()),
  /** Where an admin opens the target in the app (null when it no longer exists). */
  link: v.nullable(v.string()),
});
export type TargetSnapshot = v.InferOutput<typeof targetSnapshot>;

/** A report as its reporter sees it. The reporter learns what happened, not the note. */
export const myReport = v.strictObject({
  id: v.number(),
  targetType: reportTargetType,
  targetId: v.number(),
  reason: reportReason,
  details: v.string(),
  status: reportStatus,
  resolution: v.nullable(moderationAction),
  /** The target's label when reported (a listing title, a member's name). */
  targetLabel: v.string(),
  createdAt: v.string(),
  resolvedAt: v.nullable(v.string()),
});
export type MyReport = v.InferOutput<typeof myReport>;

/** A member acted on, as the moderation queue shows them. */
export const moderatedMember = v.strictObject({
  ...userSummary.entries,
  /** ISO time the suspension ends, PERMANENT_SUSPENSION for a permanent one, null in good standing. */
  suspendedUntil: v.nullable(v.string()),
  createdAt: v.string(),
});
export type ModeratedMember = v.InferOutput<typeof moderatedMember>;

/** A report in the moderation queue. */
export const adminReport = v.strictObject({
  id: v.number(),
  targetType: reportTargetType,
  targetId: v.number(),
  reason: reportReason,
  details: v.string(),
  /** Set when an automatic guard filed it (no reporter then). */
  guard: v.nullable(moderationGuard),
  status: reportStatus,
  resolution: v.nullable(moderationAction),
  createdAt: v.string(),
  resolvedAt: v.nullable(v.string()),
  reporter: v.nullable(userSummary),
  /** The member responsible for the target; null when the account is gone. */
  targetUser: v.nullable(moderatedMember),
  /** What was reported, as it was then. */
  snapshot: targetSnapshot,
  /** The target as it is now; null when it was deleted. */
  current: v.nullable(targetSnapshot),
  /** Open reports on the same target (this one included). */
  openCount: v.number(),
  /** Whether a listing or message target is hidden now. */
  hidden: v.boolean(),
});
export type AdminReport = v.InferOutput<typeof adminReport>;

/** One admin action (the audit log, and a member's history in the queue). */
export const auditEntry = v.strictObject({
  id: v.number(),
  actor: v.strictObject({ id: v.nullable(v.number()), name: v.string() }),
  action: auditAction,
  targetType: auditTargetType,
  targetId: v.number(),
  targetLabel: v.string(),
  targetUserId: v.nullable(v.number()),
  reportId: v.nullable(v.number()),
  days: v.nullable(v.number()),
  note: v.string(),
  createdAt: v.string(),
});
export type AuditEntry = v.InferOutput<typeof auditEntry>;

export const moderationRoutes = {
  report: route({
    method: 'POST',
    path: '/api/reports',
    tag: 'Reports and moderation',
    summary: 'Report a listing, a member, a message, an offer or a circle chat line',
    access: 'member',
    body: reportCreateSchema,
    reply: myReport,
    status: 201,
    alternatives: { 200: myReport },
    errors: [404],
    notes:
      'Answers 201 with a new report, or 200 with the reporter’s open report on the same target. A member may file a limited number of reports an hour.',
  }),
  myReports: route({
    method: 'GET',
    path: '/api/reports',
    tag: 'Reports and moderation',
    summary: 'The caller’s own reports and what came of them',
    access: 'member',
    reply: v.array(myReport),
  }),
  queue: route({
    method: 'GET',
    path: '/api/admin/reports',
    tag: 'Reports and moderation',
    summary: 'The moderation queue: open reports oldest first, or resolved ones newest first',
    access: 'admin',
    query: v.object({ ...cursorPageQuery.entries, status: v.optional(v.picklist(['open', 'resolved'])) }),
    reply: v.array(adminReport),
    notes: PAGE_NOTES,
  }),
  openCount: route({
    method: 'GET',
    path: '/api/admin/reports/count',
    tag: 'Reports and moderation',
    summary: 'How many reports are open, for the header’s badge',
    access: 'admin',
    reply: v.strictObject({ count: v.number() }),
  }),
  resolve: route({
    method: 'POST',
    path: '/api/admin/reports/:id{[0-9]+}/resolve',
    tag: 'Reports and moderation',
    summary:
      'Act on a report: dismiss, warn, hide, suspend or ban; every open report on its target is resolved with it',
    access: 'admin',
    body: reportResolveSchema,
    reply: adminReport,
    errors: [404, 409],
  }),
  reinstate: route({
    method: 'POST',
    path: '/api/admin/users/:id{[0-9]+}/reinstate',
    tag: 'Reports and moderation',
    summary: 'End a member’s suspension early',
    access: 'admin',
    body: reinstateSchema,
    reply: moderatedMember,
    errors: [404, 409],
  }),
  audit: route({
    method: 'GET',
    path: '/api/admin/audit',
    tag: 'Reports and moderation',
    summary: 'The audit log of admin actions, newest first, or one member’s history',
    access: 'admin',
    query: v.object({ ...cursorPageQuery.entries, userId: v.optional(v.string()) }),
    reply: v.array(auditEntry),
    notes: PAGE_NOTES,
  }),
};
