// Messages between two members about a listing.
import * as v from 'valibot';
import { messageSchema } from '../schemas/messaging';
import { route } from './route';

/** The steps an event line of a conversation records (docs/api/offers.md). */
export const MESSAGE_EVENT_TYPES = [
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_withdrawn',
  'offer_closed',
  'offer_expired',
  'barter_confirmed',
  'barter_completed',
  'barter_cancelled',
  'review_left',
] as const;
export type MessageEventType = (typeof MESSAGE_EVENT_TYPES)[number];

export const messageEvent = v.strictObject({
  type: v.picklist(MESSAGE_EVENT_TYPES),
  offerId: v.optional(v.number()),
  barterId: v.optional(v.number()),
});
export type MessageEvent = v.InferOutput<typeof messageEvent>;

/** A message's stored columns as every reply carries them (a hidden one's text replaced). */
export const storedMessage = v.strictObject({
  id: v.number(),
  senderId: v.number(),
  receiverId: v.number(),
  listingId: v.number(),
  content: v.string(),
  read: v.boolean(),
  createdAt: v.string(),
});

export const message = v.strictObject({
  ...storedMessage.entries,
  /** Only on lines the product adds for a step of an offer or barter; a member's text has neither. */
  kind: v.optional(v.literal('event')),
  event: v.optional(messageEvent),
});
export type Message = v.InferOutput<typeof message>;

/**
 * POST /api/messages when the link-burst guard holds the message for review (202): nothing is
 * stored in the conversation; `message` says what happens next ("Your message will be delivered
 * after a moderator reviews it").
 */
export const heldMessageReply = v.strictObject({ held: v.literal(true), message: v.string() });
export type HeldMessageReply = v.InferOutput<typeof heldMessageReply>;

export const messageRoutes = {
  send: route({
    method: 'POST',
    path: '/api/messages',
    tag: 'Messages',
    summary: 'Send a message about a listing to its owner, or from the owner to a member',
    access: 'member',
    body: messageSchema,
    reply: message,
    status: 201,
    alternatives: { 202: heldMessageReply },
    errors: [400, 401, 403, 404],
    notes: 'The message budget: 30 a minute and 500 a day, then 429 with Retry-After, checked first.',
  }),
  ofUser: route({
    method: 'GET',
    path: '/api/users/:id{[0-9]+}/messages',
    tag: 'Messages',
    summary: 'Every message the member sent or received, newest first (their own only)',
    access: 'member',
    reply: v.array(message),
    errors: [401, 403],
  }),
};
