// One object per conversation (listing + owner + other member): fans out new messages, typing and
// read marks to the members' open sockets with the WebSocket Hibernation API. D1 stays the record;
// the room keeps no messages, so an evicted room loses nothing but its in-memory state.
import { DurableObject } from 'cloudflare:workers';
import {
  CONVERSATION_CLOSED_CLOSE_CODE,
  CONVERSATION_CLOSED_CLOSE_REASON,
  SESSION_ENDED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_REASON,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  TOO_MANY_SOCKETS_CLOSE_REASON,
  type ServerFrame,
} from '@/shared/ws-frames';
import { memberSocketsStub, type EndedSessions } from './member-sockets-client';
import { closeSocket } from './close-socket';
import { newestMessageId } from '@worker/db/queries/conversation-sides';
import type { Admission } from './member-sockets';
import {
  FrameBudget,
  handleClientFrame,
  isSessionKey,
  noteSyncPoint,
  openMembers,
  openSocketsOf,
  readMember,
  sendAll,
  sessionTag,
  socketsForMessage,
  userTag,
  type Broadcast,
  type SocketMember,
} from './conversation-frames';

const positiveId = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export class ConversationRoom extends DurableObject<Env> {
  private readonly budget = new FrameBudget();
  /** Registry updates run one after another, so MemberSockets receives them in order. */
  private registryQueue: Promise<unknown> = Promise.resolve();
  /** Sockets the registry refused: the registry already counts them out, so their close tells it nothing. */
  private readonly refused = new WeakSet<WebSocket>();

  /**
   * Accepts an already-authorised member's socket. Only the Worker reaches this (the binding is
   * not public), and it sets X-User-Id, X-Partner-Id, X-Listing-Id (or, for a trade circle's room,
   * X-Circle-Id), X-Session-Key and X-Session-Created after checking session, Origin and the
   * conversation's or circle's rules.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    const member: SocketMember | null = (() => {
      const userId = positiveId(request.headers.get('X-User-Id'));
      const partnerId = positiveId(request.headers.get('X-Partner-Id'));
      const listingId = positiveId(request.headers.get('X-Listing-Id'));
      const circleId = positiveId(request.headers.get('X-Circle-Id'));
      const sessionKey = request.headers.get('X-Session-Key');
      const sessionCreatedAt = positiveId(request.headers.get('X-Session-Created'));
      if (circleId !== null) {
        if (!userId || partnerId || listingId || !isSessionKey(sessionKey) || !sessionCreatedAt) return null;
        return { userId, circleId, sessionKey, sessionCreatedAt };
      }
      if (!userId || !partnerId || !listingId || userId === partnerId || !isSessionKey(sessionKey) || !sessionCreatedAt)
        return null;
      return { userId, partnerId, listingId, sessionKey, sessionCreatedAt };
    })();
    if (!member) return new Response('Missing member', { status: 400 });
    // Read before the socket is accepted: a message stored after this read reaches the socket as a
    // frame, one stored before it is in the resync the client makes once the socket is open.
    let syncPoint: number | null = null;
    if (member.circleId === undefined) {
      try {
        syncPoint = await newestMessageId(this.env.DB, member.listingId, member.userId, member.partnerId);
      } catch (error) {
        // Without it the socket gets every frame (the client merges repeats by id).
        console.error('conversation room: reading the newest message failed', error);
      }
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [userTag(member.userId), sessionTag(member.sessionKey)]);
    pair[1].serializeAttachment(member);
    if (syncPoint !== null) noteSyncPoint(pair[1], syncPoint);
    // The member's registry must know about this room before the socket is handed out, or ending
    // the session could miss it: no registration, no socket. The registry also answers whether the
    // session ended meanwhile (after the Worker's check) and whether the member is over the cap;
    // then the socket is handed out closed with the code that says why (decision 039).
    let admission: Admission;
    try {
      admission = await this.syncRegistry(member.userId, { joining: pair[1], session: member });
    } catch (error) {
      console.error('conversation room: registering the socket failed', error);
      pair[1].close(1011, 'Could not register the socket');
      return new Response('Could not register the socket', { status: 503 });
    }
    if (admission !== 'admitted') {
      this.refused.add(pair[1]);
      const [code, reason] =
        admission === 'session-ended'
          ? [SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_REASON]
          : [TOO_MANY_SOCKETS_CLOSE_CODE, TOO_MANY_SOCKETS_CLOSE_REASON];
      // A session end may have closed it first.
      closeSocket(pair[1], code, reason);
    }
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * Closes the member's sockets whose session ended (called by MemberSockets) with 4001
   * "Session ended", or `reason` instead. Returns how many it closed and how many of the member's
   * sockets stay open here (the registry forgets the room when none do).
   */
  async closeMemberSockets(
    userId: number,
    ended: EndedSessions,
    reason = SESSION_ENDED_CLOSE_REASON,
  ): Promise<{ closed: number; open: number }> {
    const candidates =
      'sessionKey' in ended
        ? this.ctx.getWebSockets(sessionTag(ended.sessionKey))
        : this.ctx.getWebSockets(userTag(userId));
    let closed = 0;
    for (const ws of candidates) {
      const member = readMember(ws);
      if (member && member.userId !== userId) continue;
      if (member && 'createdAtOrBefore' in ended && member.sessionCreatedAt > ended.createdAtOrBefore) continue;
      // A socket without a readable member cannot prove its session is alive: it goes too.
      try {
        ws.close(SESSION_ENDED_CLOSE_CODE, reason);
        closed += 1;
      } catch {
        // Already closed.
      }
    }
    return { closed, open: openSocketsOf(this.ctx, userId).length };
  }

  /**
   * A block between `userId` and `partnerId` (called by MemberSockets): when this room is their
   * conversation, every socket in it (both members') closes with 4003 "Conversation closed"; a
   * room of another conversation or of a trade circle closes nothing. Returns how many closed and
   * how many of `userId`'s sockets stay open here.
   */
  async closePairSockets(userId: number, partnerId: number): Promise<{ closed: number; open: number }> {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const member = readMember(ws);
      if (!member || member.circleId !== undefined) continue;
      const pair =
        (member.userId === userId && member.partnerId === partnerId) ||
        (member.userId === partnerId && member.partnerId === userId);
      if (!pair) continue;
      try {
        ws.close(CONVERSATION_CLOSED_CLOSE_CODE, CONVERSATION_CLOSED_CLOSE_REASON);
        closed += 1;
      } catch {
        // Already closed.
      }
    }
    return { closed, open: openSocketsOf(this.ctx, userId).length };
  }

  /** How many of the member's sockets are open here (the registry's periodic check). */
  async openSocketCount(userId: number): Promise<number> {
    return openSocketsOf(this.ctx, userId).length;
  }

  /**
   * Tells the member's registry whether this room holds an open socket of theirs. Queued, and the
   * state is read when the update runs, so the registry ends up with the room's latest state even
   * when sockets open and close in quick succession.
   */
  private syncRegistry(
    userId: number,
    change: { leaving: WebSocket } | { joining: WebSocket; session: SocketMember },
  ): Promise<Admission> {
    const run = this.registryQueue.then(async (): Promise<Admission> => {
      const registry = memberSocketsStub(this.env, userId);
      const room = this.ctx.id.toString();
      const other = 'leaving' in change ? change.leaving : change.joining;
      const held = openSocketsOf(this.ctx, userId, other).length;
      // A new socket still open asks to be admitted beside the others (one call: registration and check).
      if ('joining' in change && change.joining.readyState === WebSocket.OPEN)
        return registry.admit(room, userId, held, change.session);
      if (held > 0) await registry.track(room, userId, held);
      else await registry.forget(room);
      return 'admitted';
    });
    this.registryQueue = run.catch(() => {});
    return run;
  }

  /**
   * Sends a server frame to every open socket of the room. A new message is sent after the
   * sender's reply (afterReply), so a socket may have joined since it was stored: its frame goes
   * only to the sockets that joined before (socketsForMessage). Answers how many sockets got it and
   * which members hold a socket open here (a late joiner included: it has the message from its
   * resync), so the caller skips a Web Push to a member who has the conversation open, without a
   * second call (docs/api/web-push.md).
   */
  async broadcast(frame: ServerFrame): Promise<Broadcast> {
    const sockets = this.ctx.getWebSockets();
    const sent = sendAll(frame.type === 'message' ? socketsForMessage(sockets, frame.message.id) : sockets, frame);
    return { sent, open: openMembers(sockets) };
  }

  /** Sends several frames in order with one call (an offer step: its line, the offer, the barter). */
  async broadcastFrames(frames: ServerFrame[]): Promise<Broadcast> {
    let sent = 0;
    for (const frame of frames) sent = sendAll(this.ctx.getWebSockets(), frame);
    return { sent, open: openMembers(this.ctx.getWebSockets()) };
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    if (!this.budget.allow(ws)) return;
    await handleClientFrame(this.ctx, this.env.DB, ws, raw, this.env);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // Answer the Close frame so the browser's socket leaves CLOSING at once (under `npm start`
    // the runtime does not answer for us). Reserved codes cannot be sent back: a close without a
    // code (1005) is answered with a normal 1000; 1006 and 1015 mean there is nobody to answer.
    try {
      if (code === 1005) ws.close(1000, 'closing');
      else if (code !== 1006 && code !== 1015) ws.close(code, 'closing');
    } catch {
      // Already closed.
    }
    await this.forgetIfLast(ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'socket error');
    } catch {
      // Already closed.
    }
    await this.forgetIfLast(ws);
  }

  /** A socket went away: the registry drops this room once the member has no open socket here. */
  private async forgetIfLast(ws: WebSocket): Promise<void> {
    const member = readMember(ws);
    if (!member || this.refused.has(ws)) return;
    await this.syncRegistry(member.userId, { leaving: ws }).catch((error: unknown) => {
      // A stale entry costs one room call when the member's sessions next end, and the registry's
      // daily check drops it.
      console.error('conversation room: updating the member registry failed', error);
    });
  }
}
