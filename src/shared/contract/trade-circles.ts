// Trade circles of up to five members.
import * as v from 'valibot';
import { BARTER_STATUSES } from '../constants';
import { circleMessageSchema, TRADE_CIRCLE_DECISIONS, TRADE_CIRCLE_STATUSES } from '../trade-circles';
import { circleRoomFrameSchema } from '../ws-frames';
import { route } from './route';
import { userSummary } from './users';

export const tradeCircleStatus = v.picklist(TRADE_CIRCLE_STATUSES);
export type TradeCircleStatus = v.InferOutput<typeof tradeCircleStatus>;
export type TradeCircleDecision = (typeof TRADE_CIRCLE_DECISIONS)[number];

export const tradeCircleLeg = v.strictObject({
  /** Null only when the member has deleted their account since. */
  giver: v.nullable(userSummary),
  receiver: v.nullable(userSummary),
  /** Null when the listing has been deleted since (a proposed circle is then declined). */
  listing: v.nullable(v.strictObject({ id: v.number(), title: v.string(), imageUrls: v.array(v.string()) })),
  /** The giver's decision: each member gives exactly one leg. */
  decision: v.nullable(v.picklist(TRADE_CIRCLE_DECISIONS)),
  /** The leg's pending barter once the circle is agreed. */
  barterId: v.nullable(v.number()),
  /** That barter's state (for the ring diagram). */
  barterStatus: v.nullable(v.picklist(BARTER_STATUSES)),
});
export type TradeCircleLeg = v.InferOutput<typeof tradeCircleLeg>;

export const tradeCircle = v.strictObject({
  id: v.number(),
  status: tradeCircleStatus,
  createdAt: v.string(),
  expiresAt: v.string(),
  updatedAt: v.string(),
  /**
   * Why a called-off (declined) circle was called off, in words, e.g. "Sam no longer wants
   * “Tomatoes”" or "Sam declined"; null otherwise, and for circles called off before this was kept.
   */
  endReason: v.nullable(v.string()),
  /** Ring order: each leg's receiver is the next leg's giver. */
  legs: v.array(tradeCircleLeg),
});
export type TradeCircle = v.InferOutput<typeof tradeCircle>;

export const tradeCircleMessage = v.strictObject({
  id: v.number(),
  circleId: v.number(),
  senderId: v.number(),
  content: v.string(),
  createdAt: v.string(),
});
export type TradeCircleMessage = v.InferOutput<typeof tradeCircleMessage>;

const decisionNotes =
  "Members only (admins too get 403). The same decision again while proposed answers the circle unchanged; 409 once it is not proposed. Spends the member's circle-decision budget (20 a day).";

export const tradeCircleRoutes = {
  list: route({
    method: 'GET',
    path: '/api/trade-circles',
    tag: 'Trade circles',
    summary: "The member's circles, newest first",
    access: 'member',
    reply: v.array(tradeCircle),
    notes: 'At most 50.',
  }),
  get: route({
    method: 'GET',
    path: '/api/trade-circles/:id{[0-9]+}',
    tag: 'Trade circles',
    summary: 'One circle',
    access: 'member',
    reply: tradeCircle,
    errors: [403, 404],
    notes: "Its members and admins. A member's read settles their notification of the circle.",
  }),
  accept: route({
    method: 'POST',
    path: '/api/trade-circles/:id{[0-9]+}/accept',
    tag: 'Trade circles',
    summary: "Accept the member's leg; the circle is agreed when every member has",
    access: 'member',
    reply: tradeCircle,
    errors: [403, 404, 409],
    notes: decisionNotes,
  }),
  decline: route({
    method: 'POST',
    path: '/api/trade-circles/:id{[0-9]+}/decline',
    tag: 'Trade circles',
    summary: 'Decline, which calls the circle off',
    access: 'member',
    reply: tradeCircle,
    errors: [403, 404, 409],
    notes: decisionNotes,
  }),
  messages: route({
    method: 'GET',
    path: '/api/trade-circles/:id{[0-9]+}/messages',
    tag: 'Trade circles',
    summary: "The circle's newest 200 chat messages, oldest first",
    access: 'member',
    reply: v.array(tradeCircleMessage),
    errors: [403, 404],
  }),
  postMessage: route({
    method: 'POST',
    path: '/api/trade-circles/:id{[0-9]+}/messages',
    tag: 'Trade circles',
    summary: "Write in the circle's chat",
    access: 'member',
    body: circleMessageSchema,
    reply: tradeCircleMessage,
    status: 201,
    errors: [400, 403, 404, 409],
    notes: "Open while the circle is proposed or agreed. Shares the member's message budget (30 lines a minute).",
  }),
  socket: route({
    method: 'GET',
    path: '/api/trade-circles/:id{[0-9]+}/ws',
    tag: 'Trade circles',
    summary: "The circle's live chat socket",
    access: 'member',
    reply: null,
    socket: { frames: circleRoomFrameSchema },
    errors: [403, 404, 426],
    notes: 'Same origin only. The client sends typing and read frames.',
  }),
};
