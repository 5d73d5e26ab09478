// One object for the whole community: the pages that show the Live Activity Feed or the community
// dashboard hold a WebSocket here (guests and members alike; one per tab). Every 15 seconds while
// at least one socket is open, an alarm reads the figures once (the counter rows: one D1 query)
// and pushes them to every socket, so the spec's 15-second refresh costs one read for all viewers
// instead of a Worker request per viewer (docs/api/users-and-community.md, "Live updates"; decision 028).
// Sockets are held with the Hibernation API: between alarms the object sleeps and costs no duration.
// Nothing is stored but the alarm.
import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { activitySummary, upcomingEventsFrom } from '../db/queries/community';
import { dashboardFromActivity } from '../lib/community-feed';

/** The spec's activity refresh (section 9): how often the figures are read and pushed. */
export const FEED_INTERVAL_MS = 15_000;

/**
 * Sockets held at most. A Durable Object can hold tens of thousands of hibernated sockets; past
 * this the upgrade is refused (503) and the page polls the routes as it does without a socket.
 */
export const MAX_FEED_SOCKETS = 20_000;

export class CommunityFeed extends DurableObject<Env> {
  /** A feed socket: the Worker checked the upgrade; nothing about the viewer reaches this object. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    if (this.openSockets().length >= MAX_FEED_SOCKETS) return new Response('Too many open feed sockets', { status: 503 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    // The figures as they stand go first (read now: the same single query the route would make),
    // so the page needs no request to show them.
    const frame = await this.frame();
    if (frame) {
      try {
        pair[1].send(frame);
      } catch {
        // Closed meanwhile.
      }
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + FEED_INTERVAL_MS);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Every 15 s while a socket is open: read once, push to all. With none open, the alarm stops. */
  async alarm(): Promise<void> {
    if (this.openSockets().length === 0) return;
    const frame = await this.frame();
    if (frame) this.broadcast(frame);
    await this.ctx.storage.setAlarm(Date.now() + FEED_INTERVAL_MS);
  }

  /** Sends `frame` to every open socket; returns how many were sent to. */
  broadcast(frame: string): number {
    let sent = 0;
    for (const ws of this.openSockets()) {
      try {
        ws.send(frame);
        sent += 1;
      } catch {
        // Closing meanwhile: its page reconnects and gets the figures first.
      }
    }
    return sent;
  }

  /** The sockets still open (one whose page closed it may be listed until the close completes). */
  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /**
   * The frame: the activity feed and the dashboard's figures as the routes would answer now. Null
   * when the read fails: the pages keep what they show (a page that has nothing yet reads the
   * routes after its wait), and the next alarm tries again.
   */
  private async frame(): Promise<string | null> {
    try {
      const activity = await activitySummary(createDb(this.env.DB), upcomingEventsFrom());
      return JSON.stringify({ type: 'community', activity, dashboard: dashboardFromActivity(activity, this.env) });
    } catch (error) {
      console.error('community feed: reading the figures failed', error);
      return null;
    }
  }

  /** How many feed sockets are open (tests). */
  async socketCount(): Promise<number> {
    return this.openSockets().length;
  }

  /** Pages send nothing on the feed socket; whatever arrives is ignored. */
  async webSocketMessage(): Promise<void> {}

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // Answer the Close frame so the browser's socket leaves CLOSING at once (as the rooms do).
    try {
      if (code === 1005) ws.close(1000, 'closing');
      else if (code !== 1006 && code !== 1015) ws.close(code, 'closing');
    } catch {
      // Already closed.
    }
  }
}
