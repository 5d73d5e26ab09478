// Temporary suspensions end by themselves (docs/api/moderation.md, "Enforcement"): every 15-minute
// run ends the suspensions whose time has passed, at most a page of members a run: their
// suspended_until cleared, the listings hidden for the suspension back as they were, a notice in
// their bell, and an audit row ('suspension_ended', by the product itself). One read of
// users_suspended_until_idx (nothing due reads no row: a ban's end is later than any run), then one
// batch whose statements all test the same "still due" condition before the last one clears it, so
// a run racing an admin's reinstatement or a new suspension changes only what is still due. Each run
// first repairs the listings of the last hour's suspensions and reinstatements, in case the work
// after an action's reply did not run (repairStatements).
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import {
  dueSuspensionsStatement,
  recentStandingChangesSql,
  suspensionDueSql,
  endSuspensionStatements,
  suspensionEndedAuditSql,
  syncListingsStatements,
} from '@worker/db/queries/suspension';
import { HOUR } from '../lib/time';
import type { Budget } from '@worker/lib/cron-budget';

/** Members whose suspension ends in one run; the rest wait for the next run (9,600 a day). */
export const SUSPENSION_END_PAGE = 100;
/** Statements a run costs: the repair (two) and the read; with work, the batch of four more. */
export const SUSPENSION_END_COST = 7;
/** How far back the repair looks for suspensions and reinstatements (two runs at least). */
export const REPAIR_WINDOW = HOUR;

/**
 * The repair: the listings of members suspended or reinstated (or whose suspension ended) in the
 * last hour are brought in line with their standing (syncListingsStatements), in case the work after
 * an action's reply did not run. The audit log names them (moderation_actions_created_idx: the
 * hour's rows); with nothing to do it changes no row.
 */
function repairStatements(d1: D1Database, at: number) {
  return syncListingsStatements(d1, recentStandingChangesSql(new Date(at - REPAIR_WINDOW).toISOString()));
}

/** Ends the suspensions due at `scheduledTime`; returns how many (null when the budget could not cover a run). */
export async function runSuspensionEnd(env: Env, scheduledTime: number, budget: Budget): Promise<number | null> {
  if (budget.left() < SUSPENSION_END_COST) return null;
  const d1 = env.DB;
  const at = new Date(scheduledTime).toISOString();
  const results = await d1.batch<{ id: number }>([
    ...repairStatements(d1, scheduledTime),
    dueSuspensionsStatement(d1, at, SUSPENSION_END_PAGE),
  ]);
  const due = results.at(-1)!.results;
  if (due.length === 0) return 0;
  const ids = due.map((row) => row.id);
  const still = suspensionDueSql(at);
  const audit = suspensionEndedAuditSql(ids, still, at);
  await d1.batch(endSuspensionStatements(d1, ids, still, at, [audit]));
  await pushNotificationChanges(env, ids);
  return due.length;
}
