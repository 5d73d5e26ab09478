// One object for the whole community: the pages that show the Live Activity Feed or the community
// dashboard hold a WebSocket here (guests and members alike; one per tab). Every 15 seconds while
// at least one socket is open, an alarm reads the figures once (the counter rows: one D1 query; the
// upcoming events' count is kept for the day, recounted hourly: EVENT_RECOUNT_MS) and pushes them
// to every socket, so the product's 15-second refresh costs one read for all viewers instead of a
// Worker request per viewer (docs/api/users-and-community.md, "Live updates"; decision 028).
// Sockets are held with the Hibernation API: between alarms the object sleeps and costs no
// duration. Nothing is stored but the alarm and that count. Each address (an IPv6 /64 counts as
// one) holds at most MAX_FEED_SOCKETS_PER_ADDRESS sockets, a socket is closed after FEED_IDLE_MS,
// and one that sends a frame is closed at once: the feed is push-only (decision 039).
import { DurableObject } from 'cloudflare:workers';
import {
  IDLE_CLOSE_CODE,
  IDLE_CLOSE_REASON,
  RECEIVE_ONLY_CLOSE_CODE,
  RECEIVE_ONLY_CLOSE_REASON,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  TOO_MANY_SOCKETS_CLOSE_REASON,
} from '@/shared/ws-frames';
import { createDb } from '../db/client';
import { closeSocket } from './close-socket';
import { activitySummary, upcomingEventsFrom } from '../db/queries/community';
import { dashboardFromActivity } from './community-feed-client';

/** The product's activity refresh (every 15 seconds): how often the figures are read and pushed. */
export const FEED_INTERVAL_MS = 15_000;

/**
 * Worker CPU of one alarm's work per open socket, in microseconds, as measured in workerd
 * (decision 039, "Feed cap"): the idle check (about 1.2 µs) and the send of the frame (12–21 µs on
 * the shared bench machine, wall time of 20 broadcasts to 800 sockets), rounded up.
 */
export const FEED_SOCKET_US = 22;

/** The share of the free plan's 10 ms of CPU one alarm may give its sockets (decision 042's 8 ms, less 2 ms of margin for the read and the garbage collector). */
export const ALARM_CPU_MS = 6;

/**
 * Sockets held at most: what one alarm serves within ALARM_CPU_MS at FEED_SOCKET_US each (20,000
 * before: an alarm passed 8 ms from about 400 sockets). Past it the upgrade is refused (503, the
 * Worker adds Retry-After) and the page polls the routes as it does without a socket.
 */
export const MAX_FEED_SOCKETS = 250;

/**
 * Sockets one address may hold (the Worker keys IPv6 by /64, as every per-address rule): a
 * household or an office behind one NAT with a tab or two each stays far below it; one guest
 * holding hundreds does not (decision 039). Past it a new socket is closed with 4029.
 */
export const MAX_FEED_SOCKETS_PER_ADDRESS = 32;

/**
 * A socket is closed with 4002 "Idle timeout" this long after it opened: a tab left open for hours
 * stops holding a socket (and the alarm that runs while any is open); the page reconnects on the
 * next sign of a person, not on a timer (decision 039).
 */
export const FEED_IDLE_MS = 30 * 60 * 1000;

/**
 * How long the upcoming events' count is kept. No route writes events (they are added in the
 * database), so the count changes when a day ends (then it is recounted at once) or by hand: an
 * event added so shows within the hour. Counting reads a row per upcoming event; the counters a
 * run reads otherwise are four rows (decision 045).
 */
export const EVENT_RECOUNT_MS = 60 * 60 * 1000;

const EVENT_COUNT_KEY = 'upcoming-events';

/** The count kept in the object's storage (it survives hibernation between runs). */
interface KeptEventCount {
  today: string;
  countedAt: number;
  count: number;
}

/** The tag of an address's sockets (the Worker sends the address hashed). */
const addressTag = (address: string) => `address:${address}`;

/** What a feed socket keeps through hibernation: when it opened. */
interface FeedSocket {
  openedAt: number;
}

export class CommunityFeed extends DurableObject<Env> {
  /** The clock (tests move it to pass the idle time). */
  now: () => number = Date.now;
  /** The cap on sockets held (tests lower it). */
  maxSockets = MAX_FEED_SOCKETS;

  /**
   * A feed socket: the Worker checked the upgrade and sends the caller's address, hashed
   * (X-Address); nothing else about the viewer reaches this object.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    const address = request.headers.get('X-Address');
    if (!address || !/^[0-9a-f]{64}$/.test(address)) return new Response('Missing address', { status: 400 });
    if (this.openSockets().length >= this.maxSockets)
      return new Response('Too many open feed sockets', { status: 503 });
    const pair = new WebSocketPair();
    const fromAddress = this.openSockets(addressTag(address)).length;
    this.ctx.acceptWebSocket(pair[1], [addressTag(address)]);
    pair[1].serializeAttachment({ openedAt: this.now() } satisfies FeedSocket);
    if (fromAddress >= MAX_FEED_SOCKETS_PER_ADDRESS) {
      // Handed out closed, so the page sees why and waits instead of retrying at once.
      closeSocket(pair[1], TOO_MANY_SOCKETS_CLOSE_CODE, TOO_MANY_SOCKETS_CLOSE_REASON);
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
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

  /**
   * Every 15 s while a socket is open: closes the sockets past their idle time, then reads once and
   * pushes to the rest. With none open, the alarm stops.
   */
  async alarm(): Promise<void> {
    this.closeIdle();
    if (this.openSockets().length === 0) return;
    const frame = await this.frame();
    if (frame) this.broadcast(frame);
    await this.ctx.storage.setAlarm(Date.now() + FEED_INTERVAL_MS);
  }

  /** Closes the sockets open for FEED_IDLE_MS or longer with 4002; returns how many. */
  private closeIdle(): number {
    const openedBefore = this.now() - FEED_IDLE_MS;
    let closed = 0;
    for (const ws of this.openSockets()) {
      const socket = ws.deserializeAttachment() as Partial<FeedSocket> | null;
      // A socket without its opening time (none should be) is treated as idle.
      if (typeof socket?.openedAt === 'number' && socket.openedAt > openedBefore) continue;
      closeSocket(ws, IDLE_CLOSE_CODE, IDLE_CLOSE_REASON);
      closed += 1;
    }
    return closed;
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

  /** The sockets still open, all or one address's (one whose page closed it may be listed until the close completes). */
  private openSockets(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /**
   * The frame: the activity feed and the dashboard's figures as the routes would answer now. Null
   * when the read fails: the pages keep what they show (a page that has nothing yet reads the
   * routes after its wait), and the next alarm tries again.
   */
  async frame(): Promise<string | null> {
    try {
      const now = this.now();
      const today = upcomingEventsFrom(now);
      const kept = await this.ctx.storage.get<KeptEventCount>(EVENT_COUNT_KEY);
      const fresh = kept?.today === today && now >= kept.countedAt && now - kept.countedAt < EVENT_RECOUNT_MS;
      const activity = await activitySummary(createDb(this.env.DB), today, fresh ? kept.count : undefined);
      if (!fresh)
        await this.ctx.storage.put(EVENT_COUNT_KEY, {
          today,
          countedAt: now,
          count: activity.events,
        } satisfies KeptEventCount);
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

  /**
   * Pages send nothing on the feed socket, and every frame sent in is a metered Durable Object
   * request: a socket that sends one is closed with 4008 (the SPA never does).
   */
  async webSocketMessage(ws: WebSocket): Promise<void> {
    closeSocket(ws, RECEIVE_ONLY_CLOSE_CODE, RECEIVE_ONLY_CLOSE_REASON);
  }

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
