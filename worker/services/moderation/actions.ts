// An admin's action on a report (docs/api/moderation.md, "Actions"): dismiss, warn, hide, suspend or
// ban. It applies to the report's target and resolves every open report on that target, in one D1
// batch that starts with a gate on the report still being open (a second admin acting at the same
// time finds the batch refused, 409, and nothing of theirs is written) and ends with the audit row,
// the reports resolved, the member's notice and email. What follows the reply: the member's sockets
// closed (suspension), live frames to the conversations and circles changed, the bells told.
import type { SQL } from 'drizzle-orm';
import { PERMANENT_SUSPENSION } from '@/shared/constants';
import type { ModerationAction, ReportReason } from '@/shared/contract/moderation';
import type { Db } from '@worker/db/client';
import { auditSql, type Actor, type AuditRecord } from '@worker/db/queries/audit';
import {
  barterRowsByIds,
  hideCircleMessageSql,
  hideListingSql,
  hideMessageSqls,
  keepListingHiddenSql,
  listingBackSql,
  messageRowById,
  moderationNoticeSql,
  offerRowsByIds,
  outboxRowSql,
  reportOpenGateStatement,
  reportStatusStatement,
  resolveReportsSql,
  type ReportContext,
} from '@worker/db/queries/moderation-actions';
import { reportItemSql } from '@worker/db/queries/moderation-queue';
import { eventLinesByKeys, shapeOffers } from '@worker/db/queries/offers';
import { barter as shapeBarter, message as shapeMessage } from '@worker/db/shapes';
import { moderationNoticeEmail, wordsFor } from '@worker/lib/email';
import type { Catalogue } from '@worker/lib/locale';
import { badRequest, conflict, forbidden, notFound } from '@worker/lib/errors';
import { closeSocketsOfSuspendedMember, pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { pushTexts } from '../push-texts';
import { pushQuietly } from '../web-push';
import { prepareSql } from '@worker/db/prepare-sql';
import { pushToCircle, pushToRoom } from '@worker/durable-objects/conversation-room-client';
import { endReason, selectByListing, type DissolvedCircle } from '@worker/lib/trade-circles/legs';
import { dissolveStatements } from '@worker/db/queries/trade-circles';
import { afterDissolved } from '@worker/services/trade-circles/propose';
import { deleteHeldStatement, releaseStatements, type HeldRow } from '@worker/db/queries/held-messages';
import { readableDate, readableDateIn as dayIn, suspensionEnd } from '@worker/lib/moderation/standing';
import { suspensionStatements, syncSuspendedListings, type CascadeResult } from '@worker/db/queries/suspension';

export const RESOLVED_MESSAGE = 'This report has already been resolved';
export const SELF_MESSAGE = 'Admins cannot act on themselves';
export const HIDE_MESSAGE = 'Only a listing or a message can be hidden';

const REASON_WORDS: Record<ReportReason, string> = {
  spam: 'spam',
  scam: 'a suspected scam',
  prohibited: 'prohibited items or services',
  harassment: 'harassment',
  other: 'breaking the community standards',
};

/** The reason in a moderation email, in the member's language. */
const reasonWords = (reason: ReportReason, t: Catalogue): string =>
  ({
    spam: t.email_reason_spam,
    scam: t.email_reason_scam,
    prohibited: t.email_reason_prohibited,
    harassment: t.email_reason_harassment,
    other: t.email_reason_other,
  })[reason]();

/** A message's or offer's listing title in its report label ("Message about “Bike”": Bike). */
const quotedTitle = (label: string) => /“(.*)”$/.exec(label)?.[1];

/** whatOf in the member's language, for their email and push. */
function whatIn(ctx: ReportContext, t: Catalogue): string {
  const title = quotedTitle(ctx.label);
  switch (ctx.target_type) {
    case 'listing':
      return t.email_moderation_what_listing({ title: ctx.label });
    case 'user':
      return ctx.guard === 'link_burst' ? t.email_moderation_what_links() : t.email_moderation_what_account();
    case 'circle_message':
      return t.email_moderation_what_circle_line();
    case 'message':
      return title !== undefined ? t.email_moderation_what_message({ title }) : whatOf(ctx);
    case 'offer':
      return title !== undefined ? t.email_moderation_what_offer({ title }) : whatOf(ctx);
    default:
      return whatOf(ctx);
  }
}

/** What the member is told was acted on: "your listing “Bike”", "your message about “Bike”". */
function whatOf(ctx: ReportContext): string {
  switch (ctx.target_type) {
    case 'listing':
      return `your listing “${ctx.label}”`;
    case 'user':
      return ctx.guard === 'link_burst' ? 'the messages with links you sent' : 'your account';
    case 'circle_message':
      return 'your trade circle chat line';
    default:
      // "Message about “…”", "Offer on “…”"
      return `your ${ctx.label.charAt(0).toLowerCase()}${ctx.label.slice(1)}`;
  }
}

export interface ActionInput {
  action: ModerationAction;
  days?: number | null | undefined;
  note: string;
}

/** Why an action cannot apply to this report: the contract's refusals, checked before any write. */
export function checkAction(ctx: ReportContext, admin: { id: number }, action: ModerationAction): void {
  if (ctx.target_user_id === admin.id) throw forbidden(SELF_MESSAGE);
  if (ctx.status !== 'open') throw conflict(RESOLVED_MESSAGE);
  if (action === 'hide') {
    const hideable =
      ctx.target_type === 'listing' ||
      ctx.target_type === 'message' ||
      ctx.target_type === 'circle_message' ||
      ctx.link_burst === 1;
    if (!hideable) throw badRequest(HIDE_MESSAGE, { action: HIDE_MESSAGE });
    if (ctx.target_type !== 'user' && !ctx.target_exists)
      throw notFound(ctx.target_type === 'listing' ? 'Listing not found' : 'Message not found');
  }
  if ((action === 'warn' || action === 'suspend' || action === 'ban') && ctx.user_id === null)
    throw notFound('User not found');
}

/** What the batch returns that the work after the reply needs. */
interface Outcome {
  cascade?: CascadeResult;
  dissolved?: DissolvedCircle[];
}

/**
 * Applies the action: one batch, ending with the report as the queue now shows it (`item`, JSON
 * text: the reply), and the work after the reply (`after`, which the route hands to afterReply).
 * `held` is the member's held messages (heldOfReportStatement).
 */
export async function applyAction(
  env: Env,
  db: Db,
  ctx: ReportContext,
  admin: { id: number; username: string },
  input: ActionInput,
  held: HeldRow[],
  origin: string,
  now = Date.now(),
): Promise<{ item: string; after: () => Promise<void> }> {
  const d1 = env.DB;
  const at = new Date(now).toISOString();
  const actor: Actor = { id: admin.id, name: admin.username };
  const { action } = input;
  const target = { type: ctx.target_type, id: ctx.target_id };
  const member =
    ctx.user_id !== null
      ? { id: ctx.user_id, displayName: ctx.display_name ?? '', email: ctx.email ?? '', username: ctx.username ?? '' }
      : null;
  const reason = REASON_WORDS[ctx.reason];
  const what = whatOf(ctx);
  // The member's own email and push speak their language (decision 070); the bell line is stored in English.
  const t = wordsFor(ctx.language);
  const theirs = { what: whatIn(ctx, t), reason: reasonWords(ctx.reason, t) };
  const notified: number[] = [];

  // The gate: the batch fails, writing nothing, unless the report is still open when it runs.
  const statements: D1PreparedStatement[] = [reportOpenGateStatement(d1, ctx.id)];
  const add = (...queries: SQL[]) => statements.push(...queries.map((q) => prepareSql(d1, q)));
  let audit: AuditRecord = {
    actor,
    action,
    targetType: target.type,
    targetId: target.id,
    targetUserId: ctx.target_user_id,
    targetLabel: ctx.label,
    reportId: ctx.id,
    note: input.note,
  };
  let cascade: ReturnType<typeof suspensionStatements> | null = null;
  let cascadeAt = -1;
  let dissolveAt = -1;
  const listingBack = listingBackSql(target.id);
  // The held messages of a link-burst guard report go with any resolution: delivered on dismiss, discarded otherwise.
  const settleHeld = () => {
    if (!ctx.link_burst || ctx.user_id === null) return;
    if (action === 'dismiss')
      statements.push(...releaseStatements(db, d1, { id: ctx.user_id, displayName: ctx.display_name ?? '' }, held));
    else statements.push(deleteHeldStatement(d1, ctx.user_id));
  };

  switch (action) {
    case 'dismiss':
      // A listing the report threshold hid comes back; nothing else changes.
      if (target.type === 'listing') add(listingBack);
      settleHeld();
      break;
    case 'warn':
      // A minor breach: the listing the threshold hid comes back, and the member is told.
      if (target.type === 'listing') add(listingBack);
      settleHeld();
      add(
        moderationNoticeSql(
          member!.id,
          `moderation:report:${ctx.id}`,
          `A moderator warned you about ${what}: ${reason}. Please follow the community standards.`,
          '/community-standards',
          at,
        ),
      );
      add(
        outboxRowSql(
          moderationNoticeEmail(
            origin,
            member!.email,
            member!.displayName,
            {
              subject: t.email_moderation_warning_subject(),
              lines: [t.email_moderation_warning_text(theirs), t.email_moderation_warning_advice()],
            },
            t,
          ),
        ),
      );
      notified.push(member!.id);
      break;
    case 'hide':
      if (target.type === 'listing') {
        add(hideListingSql(target.id));
        dissolveAt = statements.length;
        statements.push(...dissolveStatements(d1, selectByListing(target.id), at, endReason('listing_unavailable')));
      } else if (target.type === 'message') {
        const ref = JSON.parse(ctx.message_ref!) as { listingId: number; senderId: number; receiverId: number };
        add(...hideMessageSqls(target.id, ref, at));
      } else if (target.type === 'circle_message') {
        add(hideCircleMessageSql(target.id, at));
      } else {
        // A link-burst guard report: hiding its messages means they are never delivered.
        audit = { ...audit, targetType: 'held_messages' };
      }
      settleHeld();
      if (member) {
        const link = target.type === 'listing' ? `/listing/${target.id}` : '/community-standards';
        add(
          moderationNoticeSql(
            member.id,
            `moderation:report:${ctx.id}`,
            `A moderator hid ${what} for ${reason}.`,
            link,
            at,
          ),
        );
        notified.push(member.id);
      }
      break;
    case 'suspend':
    case 'ban': {
      const until = action === 'ban' ? PERMANENT_SUSPENSION : suspensionEnd(input.days!, now);
      audit = {
        ...audit,
        targetType: 'user',
        targetId: member!.id,
        targetLabel: member!.username,
        days: action === 'suspend' ? input.days! : null,
      };
      // A listing the threshold hid stays hidden, now by the admin's decision (not the suspension's, so reinstating does not bring it back).
      if (target.type === 'listing') add(keepListingHiddenSql(target.id));
      settleHeld();
      cascade = suspensionStatements(d1, member!, until, now);
      cascadeAt = statements.length;
      statements.push(...cascade.statements);
      const ends = action === 'ban' ? 'permanently' : `until ${readableDate(until)}`;
      add(
        moderationNoticeSql(
          member!.id,
          'moderation:standing',
          `Your account was suspended ${ends} for ${reason}.`,
          '/community-standards',
          at,
        ),
      );
      add(
        outboxRowSql(
          moderationNoticeEmail(
            origin,
            member!.email,
            member!.displayName,
            action === 'ban'
              ? {
                  subject: t.email_moderation_banned_subject(),
                  lines: [t.email_moderation_banned_text(theirs), t.email_moderation_banned_after()],
                }
              : {
                  subject: t.email_moderation_suspended_subject({ date: dayIn(until, ctx.language) }),
                  lines: [
                    t.email_moderation_suspended_text({ ...theirs, date: dayIn(until, ctx.language) }),
                    t.email_moderation_suspended_after(),
                  ],
                },
            t,
          ),
        ),
      );
      notified.push(member!.id);
      break;
    }
  }
  add(
    auditSql(audit),
    resolveReportsSql(target, action, admin.id, at),
    // The reply: the report as the queue now shows it.
    reportItemSql(ctx.id),
  );

  let results: D1Result[];
  try {
    results = await d1.batch(statements);
  } catch (error) {
    // The gate: another admin resolved the report first.
    const row = await reportStatusStatement(d1, ctx.id).first<{ status: string }>();
    if (row?.status !== 'open') throw conflict(RESOLVED_MESSAGE);
    throw error;
  }
  const item = (results.at(-1)!.results[0] as { item: string }).item;
  const outcome: Outcome = {};
  if (cascade) outcome.cascade = cascade.results(results, cascadeAt);
  if (dissolveAt >= 0) outcome.dissolved = results[dissolveAt]!.results as DissolvedCircle[];

  const after = async () => {
    const requestId = 'moderation';
    if (action === 'suspend' || action === 'ban') {
      // The member's listings leave view (syncSuspendedListings: why after the reply), their sockets close.
      await syncSuspendedListings(env.DB, [member!.id]);
      await closeSocketsOfSuspendedMember(env, member!.id);
    }
    if (outcome.dissolved?.length) await afterDissolved(env, outcome.dissolved, 'listing_unavailable', at);
    if (outcome.cascade) notified.push(...(await pushCascade(env, db, outcome.cascade, requestId)));
    if (action === 'hide' && target.type === 'message' && ctx.message_ref) {
      const ref = JSON.parse(ctx.message_ref) as { listingId: number; senderId: number; receiverId: number };
      const row = await messageRowById(db, target.id);
      if (row)
        await pushToRoom(
          env,
          { listingId: ref.listingId, a: ref.senderId, b: ref.receiverId },
          [{ type: 'message', message: shapeMessage(row) }],
          requestId,
        );
    }
    if (action === 'hide' && target.type === 'circle_message' && ctx.circle_id !== null) {
      await pushToCircle(env, ctx.circle_id, [{ type: 'circle', circleId: ctx.circle_id }], requestId);
    }
    await pushNotificationChanges(env, notified);
    // The warned member's browsers are told too (a Web Push: docs/api/web-push.md).
    if (action === 'warn' && member)
      await pushQuietly(
        env,
        db,
        [member.id],
        'moderation',
        pushTexts.moderationWarning(ctx.id, (words) => whatIn(ctx, words)),
        {
          except: [admin.id],
        },
      );
  };
  return { item, after };
}

/** Conversations told live of a suspension's closed offers and cancelled barters, at most. */
const MAX_CONVERSATION_PUSHES = 20;

/**
 * After a suspension's batch: each changed conversation's open sockets get its new event lines and
 * the offer or barter as it now stands, each circle called off a "circle changed" frame. Returns the
 * members whose bells changed.
 */
async function pushCascade(env: Env, db: Db, cascade: CascadeResult, requestId: string): Promise<number[]> {
  const members = new Set<number>();
  for (const circle of cascade.circles)
    await pushToCircle(env, circle.id, [{ type: 'circle', circleId: circle.id }], requestId);
  const keys = [
    ...cascade.offers.map((o) => `offer:${o.id}:${o.status}`),
    ...cascade.barters.map((b) => `barter:${b.id}:cancelled`),
  ];
  if (keys.length === 0) return [];
  const [lines, offerRows, barterRows] = await Promise.all([
    eventLinesByKeys(db, keys),
    offerRowsByIds(
      db,
      cascade.offers.map((o) => o.id),
    ),
    barterRowsByIds(
      db,
      cascade.barters.map((b) => b.id),
    ),
  ]);
  const shapedOffers = await shapeOffers(db, offerRows);
  const conversations = new Map<
    string,
    { listingId: number; a: number; b: number; frames: Parameters<typeof pushToRoom>[2] }
  >();
  const frameOf = (listingId: number, a: number, b: number) => {
    const key = `${listingId}-${Math.min(a, b)}-${Math.max(a, b)}`;
    let entry = conversations.get(key);
    if (!entry) conversations.set(key, (entry = { listingId, a, b, frames: [] }));
    members.add(a).add(b);
    return entry.frames;
  };
  for (const line of lines)
    frameOf(line.listingId, line.senderId, line.receiverId).push({ type: 'message', message: shapeMessage(line) });
  for (const offer of shapedOffers)
    frameOf(offer.listingId, offer.fromUserId, offer.toUserId).push({ type: 'offer', offer });
  for (const row of barterRows)
    frameOf(row.listingId, row.initiatorId, row.recipientId).push({ type: 'barter', barter: shapeBarter(row) });
  for (const conversation of [...conversations.values()].slice(0, MAX_CONVERSATION_PUSHES)) {
    await pushToRoom(env, conversation, conversation.frames, requestId);
  }
  for (const circle of cascade.circles)
    for (const leg of circle.legs_key.split(',')) members.add(Number(leg.split(':')[0]));
  return [...members];
}
