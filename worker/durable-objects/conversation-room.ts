// One object per conversation (listing + owner + other member): fans out new messages, typing and
// read marks to the members' open sockets with the WebSocket Hibernation API. D1 stays the record;
// the room keeps no messages, so an evicted room loses nothing but its in-memory state.
import { DurableObject } from 'cloudflare:workers';
import type { ServerFrame } from '../../src/shared/ws-frames';
import { FrameBudget, handleClientFrame, sendAll, userTag, type SocketMember } from './conversation-frames';

const positiveId = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export class ConversationRoom extends DurableObject<Env> {
  private readonly budget = new FrameBudget();

  /**
   * Accepts an already-authorised member's socket. Only the Worker reaches this (the binding is
   * not public), and it sets X-User-Id, X-Partner-Id and X-Listing-Id after checking session,
   * Origin and the conversation rules.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const member: SocketMember | null = (() => {
      const userId = positiveId(request.headers.get('X-User-Id'));
      const partnerId = positiveId(request.headers.get('X-Partner-Id'));
      const listingId = positiveId(request.headers.get('X-Listing-Id'));
      return userId && partnerId && listingId && userId !== partnerId ? { userId, partnerId, listingId } : null;
    })();
    if (!member) return new Response('Missing member', { status: 400 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [userTag(member.userId)]);
    pair[1].serializeAttachment(member);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends a server frame to every open socket of the room; returns how many got it. */
  async broadcast(frame: ServerFrame): Promise<number> {
    return sendAll(this.ctx.getWebSockets(), frame);
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    if (!this.budget.allow(ws)) return;
    await handleClientFrame(this.ctx, this.env.DB, ws, raw);
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
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'socket error');
    } catch {
      // Already closed.
    }
  }
}
