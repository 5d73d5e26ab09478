// Trade circles as the API returns them (docs/api/wants-matches-circles.md, "Trade circles"), for
// the Worker's shaping and the SPA's fetchers. Kept apart from api-types.ts so the wants and
// matches shapes can grow there without touching these.
import * as v from 'valibot';
import type { UserSummary } from './api-types';
import type { BarterStatus } from './contract/barters';
import { text } from './schemas/fields';

export const TRADE_CIRCLE_STATUSES = ['proposed', 'agreed', 'declined', 'expired'] as const;
export type TradeCircleStatus = (typeof TRADE_CIRCLE_STATUSES)[number];
export type TradeCircleDecision = 'accepted' | 'declined';

/** A circle has 2 to 5 members; 2 is a direct swap. */
export const CIRCLE_MIN_MEMBERS = 2;
export const CIRCLE_MAX_MEMBERS = 5;
/** A proposal expires this many days after it was made. */
export const CIRCLE_PROPOSAL_DAYS = 7;

export interface TradeCircleLeg {
  /** Null only when the member has deleted their account since. */
  giver: UserSummary | null;
  receiver: UserSummary | null;
  /** Null when the listing has been deleted since (a proposed circle is then declined). */
  listing: { id: number; title: string; imageUrls: string[] } | null;
  /** The giver's decision: each member gives exactly one leg. */
  decision: TradeCircleDecision | null;
  /** The leg's pending barter once the circle is agreed. */
  barterId: number | null;
  /** That barter's state (beyond the contract, for the ring diagram). */
  barterStatus: BarterStatus | null;
}

export interface TradeCircle {
  id: number;
  status: TradeCircleStatus;
  createdAt: string;
  expiresAt: string;
  updatedAt: string;
  /** Ring order: each leg's receiver is the next leg's giver. */
  legs: TradeCircleLeg[];
}

export interface TradeCircleMessage {
  id: number;
  circleId: number;
  senderId: number;
  content: string;
  createdAt: string;
}

/** POST /api/trade-circles/{id}/messages: the same rules as a conversation's message. */
export const circleMessageSchema = v.object({
  content: text(1, 2000, 'Message cannot be empty', 'Message must be at most 2000 characters'),
});
