// Matches beyond what a listing change announced (every 15 minutes; decision 042). Creating or
// editing a listing announces the member's best MATCH_PARTNERS_PER_REQUEST partners in its request
// and leaves a match_fanouts row when it found more; this job finds the member's matches again
// (findMatches: the same bounded reads as the matches page) and announces every partner not yet
// announced (a pair already announced writes nothing), FANOUTS_PER_RUN members a call, oldest
// first, with PUSHES_PER_MEMBER bell pushes each. The row goes in the statement after.
import { findMatches, notifyMatches, type Member } from '../db/queries/matches';
import { deleteFanoutStatement, queuedFanoutsStatement, type FanoutRow } from '../db/queries/match-fanouts';
import { unlimited, type Budget } from '@worker/lib/cron-budget';
import { pushNewMatches } from '@worker/services/match-pushes';

export const FANOUTS_PER_RUN = 2;
export const PUSHES_PER_MEMBER = 4;
/** Statements: the rows read; per member its row, findMatches (three round trips, at most nine statements), the entries, the push's read and outbox call, and the delete. */
export const MATCH_FANOUT_COST = 1 + 14;

export async function runMatchFanout(env: Env, budget: Budget = unlimited): Promise<number | null> {
  if (budget.left() < MATCH_FANOUT_COST) return null;
  const { results } = await queuedFanoutsStatement(env.DB, FANOUTS_PER_RUN).all<FanoutRow>();
  let done = 0;
  for (const row of results) {
    if (budget.left() < MATCH_FANOUT_COST - 1) break;
    const member: Member = {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: row.avatar_url,
    };
    // The partners' Web Push all go to the outbox in one call (a read and a call a member).
    await notifyMatches(env.DB, member, await findMatches(env.DB, member), env, {
      pushes: PUSHES_PER_MEMBER,
      announce: (fresh) => pushNewMatches(env, fresh, { sendNow: 0 }),
    });
    await deleteFanoutStatement(env.DB, member.id).run();
    done += 1;
  }
  return done;
}
