// Reports (docs/api/moderation.md, "Reports"): a member reports a listing they can see, a member, a
// message they received, an offer they are a party to or a line of a trade circle they belong to;
// and lists their own reports with what came of them. Admins work the queue in admin-moderation.ts.
import type { ReportTargetType } from '@/shared/contract/moderation';
import { fileReport, myReport, openReportOf, reportsOf, targetFactsStatement } from '../db/queries/reports';
import type { TargetFacts } from '../db/queries/report-targets';
import { isUniqueViolation } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { afterReply } from '../lib/after-reply';
import { badRequest, notFound } from '../lib/errors';
import { hitStatement } from '../db/queries/rate-limits';
import { afterDissolved } from '@worker/services/trade-circles/propose';
import { isMember } from '@worker/services/trade-circles/circles';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { moderationRoutes } from '@/shared/contract/moderation';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const reportRouter = router('/api/reports');

/** What a member may not find (404) and may not report because it is their own (400), per kind. */
const MISSING: Record<ReportTargetType, string> = {
  listing: 'Listing not found',
  user: 'User not found',
  message: 'Message not found',
  offer: 'Offer not found',
  circle_message: 'Message not found',
};
const OWN: Record<ReportTargetType, string> = {
  listing: 'You cannot report your own listing',
  user: 'You cannot report yourself',
  message: 'You cannot report your own message',
  offer: 'You cannot report your own offer',
  circle_message: 'You cannot report your own message',
};

/**
 * Whether the reporter may report the target: 'own' for their own, 'hidden from them' (a 404, as
 * for a missing target) for what they cannot see: a listing hidden by moderation (only its owner and
 * admins see it), a message they did not receive, an offer of others, a line of a circle they are
 * not in.
 */
function access(type: ReportTargetType, facts: TargetFacts, reporter: UserRow): 'ok' | 'own' | 'unseen' {
  if (facts.owner === reporter.id) return 'own';
  switch (type) {
    case 'listing':
      return facts.hidden && !reporter.isAdmin ? 'unseen' : 'ok';
    case 'user':
      return 'ok';
    case 'message':
    case 'offer':
      return facts.party === reporter.id ? 'ok' : 'unseen';
    case 'circle_message':
      return facts.members !== null && isMember({ legs_key: facts.members }, reporter.id) ? 'ok' : 'unseen';
  }
}

serve(reportRouter, moderationRoutes.report, viewer('row'), async (c) => {
  const user = requireUser(c);
  const input = await parseBody(c, moderationRoutes.report.body);
  const d1 = c.env.DB;
  const targetId = input.targetId;
  // An id past what any table holds names nothing (and would not bind as an integer).
  if (!Number.isSafeInteger(targetId)) throw notFound(MISSING[input.targetType]);
  // One round trip: the rate limit's hit and the target's facts.
  const limit = await hitStatement(d1, 'reportsPerMember', `user:${user.id}`);
  const [, hit, found] = await d1.batch([...limit.statements, targetFactsStatement(d1, input.targetType, targetId)]);
  limit.settle(hit!.results[0] as { count: number; reset_at: number } | undefined);
  const facts = found!.results[0] as TargetFacts | undefined;
  if (!facts) throw notFound(MISSING[input.targetType]);
  const allowed = access(input.targetType, facts, user);
  if (allowed === 'own') throw badRequest(OWN[input.targetType]);
  if (allowed === 'unseen') throw notFound(MISSING[input.targetType]);

  const report = {
    reporterId: user.id,
    targetType: input.targetType,
    targetId,
    targetUserId: facts.owner,
    reason: input.reason,
    details: input.details,
    snapshot: facts.snapshot,
  };
  let filed;
  try {
    filed = await fileReport(d1, report);
  } catch (error) {
    // A duplicate racing this one got in first: the unique partial index refused ours.
    const existing = isUniqueViolation(error) ? await openReportOf(d1, user.id, input.targetType, targetId) : null;
    if (!existing) throw error;
    return reply(c, moderationRoutes.report, myReport(existing), 200);
  }
  // Circles the guard called off: their members are told after the reply.
  if (filed.dissolved.length) {
    const at = new Date().toISOString();
    await afterReply(c, () => afterDissolved(c.env, filed.dissolved, 'listing_unavailable', at));
  }
  return reply(c, moderationRoutes.report, myReport(filed.report), filed.created ? 201 : 200);
});

serve(reportRouter, moderationRoutes.myReports, viewer('row'), async (c) => {
  const user = requireUser(c);
  return reply(c, moderationRoutes.myReports, (await reportsOf(c.env.DB, user.id)).map(myReport));
});
