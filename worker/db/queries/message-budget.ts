// The members' message budget (30 per member per minute, docs/api/messaging-barters-reviews.md
// "Messages"; and, decision 040, 100 a member a day), counted from the lines the member has written
// instead of a counter row. Conversation messages, offer and barter lines (messages.sender_id) and
// trade-circle chat (trade_circle_messages.sender_id) share it.
//
// Why not a rate_limits row like the other rules: every message then wrote one more D1 row (the
// hit), a third of a member-day's message writes' margin on the free plan's 100,000 rows a day
// (decision 031). The lines are already stored and indexed by sender (messages_sender_idx is on
// (sender_id, created_at); trade_circle_messages_sender_idx keeps a sender's lines in id order),
// so counting the last day reads at most 100 index entries of each (a member's lines of the day,
// a few for most members) and writes nothing. The minute's lines are the newest of those. A refused
// attempt (or a malformed body) writes nothing either, where a hit row was written for each one.
//
// Two parts:
// - `checkMessageBudget` (or its statement in the route's first batch) answers 429 early, before
//   any validation error, as the counter did;
// - `messageBudgetGate` goes first in the batch that writes the line. D1 runs a batch as one
//   transaction, one at a time, so the gate sees every line committed before it: a burst of
//   concurrent sends cannot pass the budget between the check and the write. When the window is
//   full it makes the batch fail (nothing is written) and `withMessageBudget` answers 429.
import { sql, type SQL } from 'drizzle-orm';
import { prepareSql } from '../prepare-sql';
import { MESSAGE_BUDGET, MESSAGE_DAY_BUDGET, settleMessageBudget } from '@worker/lib/message-budget';

const since = (now: number, windowMs: number) => new Date(now - windowMs).toISOString();

/**
 * The times of the member's lines of the last day, newest first per table (at most the day's
 * budget each). The minute's lines are among them whenever the day is not spent.
 */
function recentLinesSql(userId: number, now: number): SQL {
  const from = since(now, MESSAGE_DAY_BUDGET.windowMs);
  return sql`
    SELECT created_at AS at FROM (
      SELECT created_at FROM messages WHERE sender_id = ${userId} AND created_at > ${from}
       ORDER BY created_at DESC LIMIT ${MESSAGE_DAY_BUDGET.limit})
    UNION ALL
    SELECT created_at FROM (
      SELECT created_at FROM trade_circle_messages WHERE sender_id = ${userId}
       ORDER BY id DESC LIMIT ${MESSAGE_DAY_BUDGET.limit})
     WHERE created_at > ${from}`;
}

/**
 * A statement that fails when the window is full, and so rolls back the batch it leads, writing
 * nothing: SQLite's json() throws on text that is not JSON, and its argument is the window's
 * verdict (not a constant, so SQLite cannot evaluate it ahead of the CASE).
 */
export function messageBudgetGateExpr(userId: number, now = Date.now()): SQL {
  const minute = since(now, MESSAGE_BUDGET.windowMs);
  return sql`json((SELECT CASE WHEN count(*) >= ${MESSAGE_DAY_BUDGET.limit} OR coalesce(sum(at > ${minute}), 0) >= ${MESSAGE_BUDGET.limit}
                               THEN 'message budget spent' ELSE 'null' END
                     FROM (${recentLinesSql(userId, now)})))`;
}

/** The gate as a statement of its own, for batches of SQL statements. */
export const messageBudgetGateSql = (userId: number, now = Date.now()): SQL =>
  sql`SELECT ${messageBudgetGateExpr(userId, now)} AS gate`;

/** The read for the route's first batch; `settleMessageBudget` takes its rows. */
export const messageBudgetStatement = (d1: D1Database, userId: number, now = Date.now()) =>
  prepareSql(d1, recentLinesSql(userId, now));

export async function checkMessageBudget(d1: D1Database, userId: number, now = Date.now()): Promise<void> {
  const { results } = await messageBudgetStatement(d1, userId, now).all<{ at: string }>();
  settleMessageBudget(results, now);
}

/**
 * Runs a write whose batch starts with the gate; when the batch fails and the budget is spent,
 * the failure was the gate's (or the budget was spent meanwhile): 429. Any other error is thrown.
 */
export async function withMessageBudget<T>(d1: D1Database, userId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await checkMessageBudget(d1, userId);
    throw error;
  }
}

/** The gate as a D1 statement, first in a raw batch that writes a member's line. */
export const messageBudgetGateStatement = (d1: D1Database, userId: number, now = Date.now()) =>
  prepareSql(d1, messageBudgetGateSql(userId, now));
