// The members' message budget (30 per member per minute, docs/api/messaging-barters-reviews.md
// "Messages"; and, decision 040, 500 a member a day), counted from the lines the member has written
// instead of a counter row: the budgets and the verdict on the lines read. The statements that
// read the lines and gate a write, and why the budget is counted so, are in
// worker/db/queries/message-budget.ts.
import { tooManyRequests } from './errors';
import { DAY, MINUTE } from './time';

/** The contract's budget. */
export const MESSAGE_BUDGET = { limit: 30, windowMs: MINUTE } as const;
/**
 * A member's lines a day (decision 040): at 30 a minute alone a member could write 43,200 lines,
 * about 500,000 rows. 500 lines (about 8 rows each, 20 at the most) keep one member near 4% of the
 * day's rows written, and stay above the busiest trader's honest day: the bench community's
 * member in 3,000 conversations sends about 360 lines a day (a budget of 100 refused them).
 */
export const MESSAGE_DAY_BUDGET = { limit: 500, windowMs: DAY } as const;

/**
 * Throws 429 when the minute or the day is full, with Retry-After until enough of the counted
 * lines leave the full window(s).
 */
export function settleMessageBudget(rows: { at: string }[], now = Date.now()): void {
  const newestFirst = rows.map((r) => Date.parse(r.at)).sort((a, b) => b - a);
  const minute = newestFirst.filter((at) => at > now - MESSAGE_BUDGET.windowMs);
  // When a window is full, the line that must leave it is its budget's oldest counted one.
  const freedAt = [
    minute.length >= MESSAGE_BUDGET.limit ? minute[MESSAGE_BUDGET.limit - 1]! + MESSAGE_BUDGET.windowMs : 0,
    newestFirst.length >= MESSAGE_DAY_BUDGET.limit
      ? newestFirst[MESSAGE_DAY_BUDGET.limit - 1]! + MESSAGE_DAY_BUDGET.windowMs
      : 0,
  ];
  const until = Math.max(...freedAt);
  if (until > 0) throw tooManyRequests(Math.max(1, Math.ceil((until - now) / 1000)));
}
