// What the ConversationRoom does with a client frame. Kept apart from the class so the room stays
// a thin shell around the Hibernation API. Every frame is validated; nothing here throws.
import { pushNotificationChanges } from './member-sockets-client';
import { parseClientFrame, type ClientFrame, type ServerFrame } from '@/shared/ws-frames';
import { createDb } from '../db/client';
import { markReadUpTo } from '../db/queries/messages';
import { settleSubjectStatement } from '../db/queries/notifications';
import { circleChatSubject } from '../lib/trade-circles/names';

/**
 * Who a socket belongs to, kept with serializeAttachment so it survives hibernation. `sessionKey`
 * is the SHA-256 (hex) of the session id the socket was opened with (never the id itself), and
 * `sessionCreatedAt` that session's creation time in ms: ending sessions closes sockets by either.
 * A conversation's socket names the other member and the listing; a trade circle's room (one per
 * circle, the same class) names the circle instead (docs/api/wants-matches-circles.md).
 */
export type SocketMember = SocketSession & (ConversationSocket | CircleSocket);

interface SocketSession {
  userId: number;
  sessionKey: string;
  sessionCreatedAt: number;
}
interface ConversationSocket {
  partnerId: number;
  listingId: number;
  circleId?: undefined;
}
interface CircleSocket {
  circleId: number;
  partnerId?: undefined;
  listingId?: undefined;
}

export const userTag = (userId: number) => `user:${userId}`;
export const sessionTag = (sessionKey: string) => `session:${sessionKey}`;
export const isSessionKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

export function readMember(ws: WebSocket): SocketMember | null {
  const value = ws.deserializeAttachment() as {
    userId?: unknown;
    partnerId?: unknown;
    listingId?: unknown;
    circleId?: unknown;
    sessionKey?: unknown;
    sessionCreatedAt?: unknown;
  } | null;
  if (!value || !Number.isSafeInteger(value.userId)) return null;
  if (!isSessionKey(value.sessionKey) || !Number.isSafeInteger(value.sessionCreatedAt)) return null;
  const inCircle =
    Number.isSafeInteger(value.circleId) && value.partnerId === undefined && value.listingId === undefined;
  const inConversation =
    value.circleId === undefined && Number.isSafeInteger(value.partnerId) && Number.isSafeInteger(value.listingId);
  if (!inCircle && !inConversation) return null;
  return value as SocketMember;
}

/**
 * Each socket's sync point: the conversation's newest message id when it joined (newestMessageId).
 * The client's resync after the socket opens has every message up to it. Kept in memory: after the
 * room hibernates, its sockets have none and get every frame (the client merges repeats by id).
 */
const syncedUpTo = new WeakMap<WebSocket, number>();

export const noteSyncPoint = (ws: WebSocket, messageId: number) => void syncedUpTo.set(ws, messageId);

/**
 * A message frame goes to the room's sockets that joined before the message was stored: a socket
 * whose sync point is at or past its id has it from its resync.
 */
export function socketsForMessage(sockets: WebSocket[], messageId: number): WebSocket[] {
  return sockets.filter((ws) => !((syncedUpTo.get(ws) ?? 0) >= messageId));
}

/** What a broadcast reached: the sockets that got the frame, and the members with a socket open in the room. */
export interface Broadcast {
  sent: number;
  open: number[];
}

/** The members holding at least one open socket among `sockets`. */
export function openMembers(sockets: WebSocket[]): number[] {
  const members = new Set<number>();
  for (const ws of sockets) {
    if (ws.readyState !== WebSocket.OPEN) continue;
    const member = readMember(ws);
    if (member) members.add(member.userId);
  }
  return [...members];
}

/** The member's sockets in this room that are still open (`except` is one being closed now). */
export function openSocketsOf(ctx: DurableObjectState, userId: number, except?: WebSocket): WebSocket[] {
  return ctx.getWebSockets(userTag(userId)).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
}

/** Sends a frame to each socket, ignoring sockets that close as we send. */
export function sendAll(sockets: WebSocket[], frame: ServerFrame | unknown): number {
  const data = JSON.stringify(frame);
  let sent = 0;
  for (const socket of sockets) {
    try {
      socket.send(data);
      sent += 1;
    } catch {
      // A socket closing as we send is not an error for the sender.
    }
  }
  return sent;
}

const sendError = (ws: WebSocket, message: string) => sendAll([ws], { type: 'error', message } satisfies ServerFrame);

/** Client frames one socket may send per window; a client typing and reading sends a few. */
export const FRAME_LIMIT = 30;
export const FRAME_WINDOW_MS = 10_000;
export const TOO_MANY_FRAMES = 'Too many frames; slow down';

/**
 * A fixed-window budget per socket, so one client cannot flood the other member with typing
 * frames or D1 with read marks. Kept in memory: an object only hibernates when its sockets are
 * quiet, so a budget that resets on waking lets no flood through.
 */
export class FrameBudget {
  private readonly windows = new WeakMap<WebSocket, { start: number; count: number }>();

  /** Whether the frame may be handled; the first frame over the limit gets an error frame. */
  allow(ws: WebSocket, now = Date.now()): boolean {
    let window = this.windows.get(ws);
    if (!window || now - window.start >= FRAME_WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(ws, window);
    }
    window.count += 1;
    if (window.count === FRAME_LIMIT + 1) sendError(ws, TOO_MANY_FRAMES);
    return window.count <= FRAME_LIMIT;
  }
}

export async function handleClientFrame(
  ctx: DurableObjectState,
  d1: D1Database,
  ws: WebSocket,
  raw: string | ArrayBuffer,
  env?: Env,
): Promise<void> {
  const member = readMember(ws);
  if (!member) {
    sendError(ws, 'Unknown socket');
    return;
  }
  const parsed = parseClientFrame(raw);
  if (!parsed.ok) {
    sendError(ws, parsed.error);
    return;
  }
  const frame = parsed.frame;
  if (member.circleId !== undefined) {
    await handleCircleFrame(ctx, d1, ws, member as SocketMember & CircleSocket, frame, env);
    return;
  }
  if (frame.type === 'typing') {
    sendAll(ctx.getWebSockets(userTag(member.partnerId)), {
      type: 'typing',
      userId: member.userId,
    } satisfies ServerFrame);
    return;
  }
  try {
    await markReadUpTo(createDb(d1), member, frame.upTo);
    // The member's bells follow (decision 027).
    if (env) await pushNotificationChanges(env, [member.userId]);
  } catch (error) {
    console.error('conversation room: marking read failed', error);
    sendError(ws, 'Could not mark messages as read');
    return;
  }
  sendAll(ctx.getWebSockets(), { type: 'read', userId: member.userId, upTo: frame.upTo } satisfies ServerFrame);
}

/**
 * A trade circle's chat: typing goes to the other members' sockets; a read mark settles the
 * member's notification of the chat (circle messages keep no per-member read state).
 */
async function handleCircleFrame(
  ctx: DurableObjectState,
  d1: D1Database,
  ws: WebSocket,
  member: SocketMember & CircleSocket,
  frame: ClientFrame,
  env?: Env,
): Promise<void> {
  if (frame.type === 'typing') {
    const others = ctx.getWebSockets().filter((socket) => readMember(socket)?.userId !== member.userId);
    sendAll(others, { type: 'typing', userId: member.userId } satisfies ServerFrame);
    return;
  }
  try {
    await settleSubjectStatement(createDb(d1), member.userId, circleChatSubject(member.circleId));
    if (env) await pushNotificationChanges(env, [member.userId]);
  } catch (error) {
    console.error('circle room: settling the chat notification failed', error);
    sendError(ws, 'Could not mark messages as read');
  }
}
