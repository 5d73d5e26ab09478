// Trade circles' rules, for the Worker and the SPA (docs/api/wants-matches-circles.md, "Trade
// circles"); the replies are declared in the contract (src/shared/contract/trade-circles.ts).
import * as v from 'valibot';
import { text } from './schemas/fields';

export const TRADE_CIRCLE_STATUSES = ['proposed', 'agreed', 'declined', 'expired'] as const;
export const TRADE_CIRCLE_DECISIONS = ['accepted', 'declined'] as const;

/** A circle has 2 to 5 members; 2 is a direct swap. */
export const CIRCLE_MIN_MEMBERS = 2;
export const CIRCLE_MAX_MEMBERS = 5;
/** A proposal expires this many days after it was made. */
export const CIRCLE_PROPOSAL_DAYS = 7;

/** POST /api/trade-circles/{id}/messages: the same rules as a conversation's message. */
export const circleMessageSchema = v.object({
  content: text(1, 2000, 'Message cannot be empty', 'Message must be at most 2000 characters'),
});
