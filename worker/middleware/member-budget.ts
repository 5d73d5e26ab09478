// Members' repeatable writes (decision 040): every write a member can repeat spends one of their
// daily budgets (RATE_LIMITS in worker/lib/rate-limit.ts, one rule per action family) before the
// route runs, so a refused attempt costs the route nothing. Past the budget: 429 with Retry-After
// (when the member's day window ends). Visitors pass through to the route's own 401. Offer steps
// are the one family counted otherwise: from the lines they write (db/queries/offer-step-budget.ts),
// checked before the route by offerStepBudget.
import { createMiddleware } from 'hono/factory';
import { checkOfferSteps } from '../db/queries/offer-step-budget';
import { hit } from '../db/queries/rate-limits';
import type { RateLimitRule } from '../lib/rate-limit';
import type { AppEnv } from '../types';

export type MemberBudget = Extract<
  RateLimitRule,
  | 'wantWritesPerMember'
  | 'listingCreatesPerMember'
  | 'listingEditsPerMember'
  | 'profileEditsPerMember'
  | 'offerStepsPerMember'
  | 'barterStepsPerMember'
  | 'reviewsPerMember'
  | 'savedSearchWritesPerMember'
  | 'circleDecisionsPerMember'
  | 'uploadUrlsPerMemberDay'
>;

/** The subject of a member's budgets: their id, the same key as the other per-member rules. */
export const memberSubject = (userId: number) => `user:${userId}`;

export const memberBudget = (rule: MemberBudget) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (user) await hit(c.env.DB, rule, memberSubject(user.id));
    await next();
  });

/** Before an offer step's route: the member's day of steps (visitors pass through to the route's 401). */
export const offerStepBudget = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (user) await checkOfferSteps(c.env.DB, user.id);
  await next();
});
