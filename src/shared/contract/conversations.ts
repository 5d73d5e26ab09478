// Conversations: the list, one conversation, its thread and its live socket.
import * as v from 'valibot';
import { conversationFrameSchema } from '../ws-frames';
import { barter } from './barters';
import { listingStatus } from './listings';
import { message } from './messages';
import { offer } from './offers';
import { cursorPageQuery } from './paging';
import { route } from './route';
import { userSummary } from './users';

export const conversationSummary = v.strictObject({
  /** The conversation's address (/messages/{conversation}). */
  conversation: v.string(),
  partner: userSummary,
  listing: v.strictObject({ id: v.number(), title: v.string() }),
  lastMessage: v.string(),
  lastMessageTime: v.string(),
  /**
   * The last message's id: with lastMessageTime, the position `before` pages from. Only in paged
   * replies (a `limit` or `before` given), so the unpaged reply keeps its original shape.
   */
  lastMessageId: v.optional(v.number()),
  unreadCount: v.number(),
});
export type ConversationSummary = v.InferOutput<typeof conversationSummary>;

/** GET /api/conversations/{conversation}: who and what a conversation is, from the caller's side. */
export const conversationInfo = v.strictObject({
  conversation: v.string(),
  listing: v.strictObject({
    id: v.number(),
    title: v.string(),
    userId: v.number(),
    status: listingStatus,
    acceptOffers: v.boolean(),
    whatUserWants: v.string(),
    whatUserWantsOptions: v.array(v.string()),
  }),
  partner: userSummary,
  offers: v.array(offer),
  /** The pair's barters on the listing, newest first (cancelled ones too). */
  barters: v.array(barter),
  /** Which of those barters the caller has reviewed. */
  reviewedBarterIds: v.array(v.number()),
  /** The caller has blocked the partner. */
  blockedByMe: v.boolean(),
});
export type ConversationInfo = v.InferOutput<typeof conversationInfo>;

export const conversationRoutes = {
  list: route({
    method: 'GET',
    path: '/api/conversations',
    tag: 'Conversations',
    summary: 'The member’s conversations, by their last message, newest first',
    access: 'member',
    query: cursorPageQuery,
    reply: v.array(conversationSummary),
    errors: [400, 401],
    notes:
      'A page, newest first: `limit` 1–100 (default 30), `before` a position `<time>_<id>`; paged replies (limit or before given) add lastMessageId.',
  }),
  info: route({
    method: 'GET',
    path: '/api/conversations/:key{[0-9]+-[0-9]+-[0-9]+}',
    tag: 'Conversations',
    summary: 'Who and what a conversation is, with its offers, barters and the caller’s reviews and block',
    access: 'member',
    reply: conversationInfo,
    errors: [401, 403, 404],
  }),
  thread: route({
    method: 'GET',
    path: '/api/conversations/:userId{[0-9]+}/:partnerId{[0-9]+}/:listingId{[0-9]+}',
    tag: 'Conversations',
    summary: 'The pair’s messages about the listing, oldest first; marks the caller’s received ones read',
    access: 'member',
    query: cursorPageQuery,
    reply: v.array(message),
    errors: [400, 401, 403, 404],
    notes:
      'Every message unless paged; a page is the newest `limit` (1–200) before `before`, a position `<time>_<id>`, oldest first.',
  }),
  socket: route({
    method: 'GET',
    path: '/api/conversations/:partnerId{[0-9]+}/:listingId{[0-9]+}/ws',
    tag: 'Conversations',
    summary: 'The conversation’s live chat (docs/api/live-chat.md)',
    access: 'member',
    reply: null,
    socket: { frames: conversationFrameSchema },
    errors: [401, 403, 404, 426],
  }),
};
