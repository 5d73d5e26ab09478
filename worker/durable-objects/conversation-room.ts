// One object per conversation (listing + owner + other member): fans out new messages to the
// members' open sockets with the WebSocket Hibernation API. D1 stays the record.
import { DurableObject } from 'cloudflare:workers';

export class ConversationRoom extends DurableObject<Env> {
  /** Accepts an already-authorised member's socket (the Worker checks session and Origin). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const userId = Number(new URL(request.url).searchParams.get('userId'));
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`user:${userId}`]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends a server frame to every open socket of the room. */
  async broadcast(frame: unknown): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    const data = JSON.stringify(frame);
    for (const socket of sockets) {
      try {
        socket.send(data);
      } catch {
        // A socket closing as we send is not an error for the sender.
      }
    }
    return sockets.length;
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code, 'closing');
  }
}
