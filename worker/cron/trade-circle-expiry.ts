// Trade circle proposals expire 7 days after they were made (docs/api/wants-matches-circles.md,
// "Trade circles"; decision 024). Each 15-minute run expires at most a page of them: one read of
// trade_circles_status_expires_idx (nothing due reads no row), one batch of two statements, one
// statement of notices. The rest of a backlog waits for the next run.
import type { Budget } from '@worker/lib/cron-budget';
import { EXPIRY_COST, EXPIRY_PAGE, expireCircles } from '@worker/services/trade-circles/circles';

export const CIRCLE_EXPIRY_COST = EXPIRY_COST;

/** Returns how many circles expired (null when the budget could not cover a run). */
export async function runCircleExpiry(env: Env, scheduledTime: number, budget: Budget): Promise<number | null> {
  if (budget.left() < CIRCLE_EXPIRY_COST) return null;
  return (await expireCircles(env, new Date(scheduledTime), EXPIRY_PAGE)).length;
}
