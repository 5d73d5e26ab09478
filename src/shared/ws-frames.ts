// The live-chat frames, one module for both ends (the chat client and the ConversationRoom
// Durable Object). Every frame is JSON and is validated on arrival; nothing is cast into shape.
import * as v from 'valibot';
import { communityFrame } from './contract/community';
import { barter } from './contract/barters';
import { message as messageReply } from './contract/messages';
import { offer } from './contract/offers';
import type { TradeCircleMessage } from './contract/trade-circles';

const positiveId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(Number.MAX_SAFE_INTEGER, message));

/** Client → room: "I am typing" and "I have read up to this message". */
export const clientFrameSchema = v.variant(
  'type',
  [
    v.strictObject({ type: v.literal('typing') }),
    v.strictObject({ type: v.literal('read'), upTo: positiveId('upTo must be a positive integer message id') }),
  ],
  'Unknown frame type',
);
export type ClientFrame = v.InferOutput<typeof clientFrameSchema>;

const circleMessageSchema = v.object({
  id: positiveId('Invalid message id'),
  circleId: positiveId('Invalid circle id'),
  senderId: positiveId('Invalid sender id'),
  content: v.string(),
  createdAt: v.string(),
}) satisfies v.GenericSchema<unknown, TradeCircleMessage>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const typingFrame = v.object({ type: v.literal('typing'), userId: positiveId('Invalid user id') });
const errorFrame = v.object({ type: v.literal('error'), message: v.string() });

/**
 * A trade circle's room (docs/api/wants-matches-circles.md, "Group chat"): a new chat message, or
 * "the circle changed" (a decision, agreement, dissolution; the client refetches it), besides the
 * members' typing and errors.
 */
const circleMessageFrame = v.object({ type: v.literal('circle_message'), message: circleMessageSchema });
const circleFrame = v.object({ type: v.literal('circle'), circleId: positiveId('Invalid circle id') });
export const circleRoomFrameSchema = v.variant('type', [circleMessageFrame, circleFrame, typingFrame, errorFrame]);

/**
 * The member's bell socket (MemberSockets; docs/api/notifications.md, "Live updates"): the
 * member's notifications changed. It carries the unread count as GET /api/notifications would
 * answer it now (the badge; the list is read when the panel opens, decision 050); without it (the
 * read failed) the client reads the bell once.
 */
export const bellFrameSchema = v.object({
  type: v.literal('notifications'),
  unreadCount: v.optional(count),
  /** Conversations with unread messages (the Messages link's count, decision 061); with unreadCount. */
  unreadConversations: v.optional(count),
});

/**
 * A conversation's room → client: a new message or event line (as the API returns it), an offer
 * or barter as it now stands (after an offer or barter step), someone typing, someone's read mark,
 * or an error. The payloads are the replies' own declarations (src/shared/contract).
 */
const conversationFrames = [
  v.object({ type: v.literal('message'), message: messageReply }),
  v.object({ type: v.literal('offer'), offer }),
  v.object({ type: v.literal('barter'), barter }),
  v.object({
    type: v.literal('review'),
    barterId: positiveId('Invalid barter id'),
    reviewerId: positiveId('Invalid user id'),
  }),
  typingFrame,
  v.object({ type: v.literal('read'), userId: positiveId('Invalid user id'), upTo: positiveId('Invalid message id') }),
  errorFrame,
] as const;

/** The frames of the live-chat socket (GET /api/conversations/{partnerId}/{listingId}/ws). */
export const conversationFrameSchema = v.variant('type', conversationFrames);

/** Room → client: a conversation's frames, and those of the other sockets below. */
export const serverFrameSchema = v.variant('type', [
  ...conversationFrames,
  circleMessageFrame,
  circleFrame,
  bellFrameSchema,
  // The community feed socket (CommunityFeed; docs/api/users-and-community.md, "Live updates"): the activity
  // feed and the dashboard's figures as GET /api/analytics/activity and /dashboard answer now,
  // pushed on connect and every 15 seconds while the socket is open.
  communityFrame,
]);
export type ServerFrame = v.InferOutput<typeof serverFrameSchema>;
export type ConversationFrame = v.InferOutput<typeof conversationFrameSchema>;
export type CircleRoomFrame = v.InferOutput<typeof circleRoomFrameSchema>;
export type BellFrame = v.InferOutput<typeof bellFrameSchema>;

/** The bell socket's frame without the count (the object could not read it): the client reads the bell. */
export const NOTIFICATIONS_FRAME = JSON.stringify({ type: 'notifications' });

// The sockets' close codes and frame parsing: their own module, so a page whose socket needs
// none of the schemas below loads none of them.
export * from './socket-protocol';
import { MAX_CLIENT_FRAME_CHARS, parseFrame } from './socket-protocol';

export const parseClientFrame = (raw: string | ArrayBuffer) =>
  parseFrame(clientFrameSchema, raw, MAX_CLIENT_FRAME_CHARS);
