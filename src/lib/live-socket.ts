// One conversation socket that keeps itself connected: reconnects after a drop with exponential
// backoff and jitter, gives up a connect that hangs, and says when it opened so the
// caller can resync from the API. A close with 4001 (the session ended) is not retried: the caller
// asks the API whether the member is still signed in and calls resume() if so. A close with 4003
// (a block closed the conversation) is final: the room refuses every reconnect until the block is
// lifted, so the connection stays down and says so. A close for a cap (4029) or for sending on a
// push-only socket (4008) is retried only after minutes (or when the tab or the network comes
// back), never in a tight loop; an idle close (4002) waits for reconnectNow(), the next sign of a
// person (decision 039). While the browser says it is offline nothing is tried at all: the
// connection waits for reconnectNow() (keep-connected.ts calls it on the `online` event), so a
// tab offline for a minute makes no failed connects instead of one every few seconds per socket
// (decision 061). No React here; features/messages/use-conversation-socket.ts
// wires it to the screen, and the Worker tests drive it against the real room.
import {
  CONVERSATION_CLOSED_CLOSE_CODE,
  IDLE_CLOSE_CODE,
  parseServerFrame,
  RECEIVE_ONLY_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  TOO_MANY_SOCKETS_RETRY_MS,
} from '@/shared/socket-protocol';
import type { ClientFrame } from '@/shared/ws-frames';
import type * as v from 'valibot';
import { isOnline } from './online';

/** The part of a browser WebSocket the connection uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

/** The timers the connection sets (a fake clock in tests). */
export interface Clock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Reconnect policy: exponential from `baseMs`, capped at `capMs`, with "equal jitter". */
export const RECONNECT = { baseMs: 500, capMs: 10_000 } as const;

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry after a drop): half of
 * min(cap, base·2^attempt) fixed, the other half random, so members dropped together (an evicted
 * room, a deploy) do not come back in one burst, and no wait is ever shorter than half the step.
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  { baseMs, capMs }: { baseMs: number; capMs: number } = RECONNECT,
): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(step / 2 + random() * (step / 2));
}

export interface ConnectionOptions<F = unknown> {
  url: string;
  createSocket?: (url: string) => SocketLike;
  /**
   * What the server sends on this socket (src/shared/ws-frames.ts): each socket passes its own,
   * so a page loads the schemas of its sockets only. Frames that do not parse are dropped.
   */
  frames: v.GenericSchema<unknown, F>;
  onFrame: (frame: F) => void;
  /** After every successful (re)connect: the moment to resync from the API. */
  onOpen: () => void;
  onState: (state: ConnectionState) => void;
  random?: () => number;
  /** Timers (a fake clock in tests); the browser's by default. */
  clock?: Clock;
  /**
   * Whether the browser says it is online (navigator.onLine by default). While it is not, no
   * connect is made or scheduled: reconnectNow() (the `online` event) starts again.
   */
  isOnline?: () => boolean;
  /** A connect that has not opened after this long is given up and retried. */
  connectTimeoutMs?: number;
  /**
   * The server closed the socket because the member's session ended (4001). The connection stays
   * down, even on reconnectNow(), until resume() (the member turned out to be still signed in).
   */
  onSessionEnded?: () => void;
  /**
   * The room closed the conversation because one member blocked the other (4003). The connection
   * stays down for good (a new one is made when the screen opens the conversation again).
   */
  onConversationClosed?: () => void;
  /**
   * The server closed an idle socket (4002): the connection stays down until reconnectNow() (the
   * caller wires it to the next sign of a person).
   */
  onIdleClosed?: () => void;
}

/** Waits this long (half of it random) after a cap's close before trying again on its own. */
const capRetryDelay = (random?: () => number) =>
  reconnectDelay(0, random, { baseMs: TOO_MANY_SOCKETS_RETRY_MS, capMs: TOO_MANY_SOCKETS_RETRY_MS });

const OPEN = 1;

/**
 * Connects in a row that fail before any open (an upgrade refused: the community feed full, 503,
 * or the server away) retried on the quick backoff (about 15–25 s in all); after them the client
 * waits minutes between tries, or until the tab or the network comes back (reconnectNow), so a
 * refused page costs a request every few minutes, not every few seconds (decision 039).
 */
export const FAILED_CONNECTS_BEFORE_SLOW = 6;

/** One conversation socket that keeps itself connected until `stop()`. */
export class ConversationConnection<F = unknown> {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private connectTimer: unknown = null;
  private stopped = false;
  private sessionEnded = false;
  private closedForGood = false;
  /** Session-ended closes since the last frame received. */
  private endedInARow = 0;

  private readonly clock: Clock;
  private readonly online: () => boolean;

  constructor(private readonly options: ConnectionOptions<F>) {
    this.clock = options.clock ?? realClock;
    this.online = options.isOnline ?? isOnline;
  }

  /** Whether the connection is waiting for the network (the browser said it is offline). */
  get waitingForNetwork() {
    return !this.stopped && !this.socket && !this.retryTimer && !this.online();
  }

  start() {
    this.connect();
  }

  /** Reconnects now unless a socket is open or opening (the tab became visible, the network came back). */
  reconnectNow() {
    if (this.stopped || this.sessionEnded || this.closedForGood) return;
    // A socket stuck closing (a Close the other end never answered) counts as gone.
    if (this.socket && this.socket.readyState <= OPEN) return;
    if (this.socket) this.detach(this.socket);
    this.attempt = 0;
    this.connect();
  }

  /**
   * After a session-ended close: connects again (the member is still signed in): at once the first
   * time, then on the usual backoff while sockets keep closing with 4001 before any frame, so a
   * server and a sign-in check that disagree can never make a tight loop.
   */
  resume() {
    if (this.stopped || !this.sessionEnded) return;
    this.sessionEnded = false;
    if (this.endedInARow <= 1) {
      this.attempt = 0;
      this.connect();
    } else this.scheduleRetry(reconnectDelay(this.endedInARow - 2, this.options.random));
  }

  /** Whether the connection is waiting for resume() after the session ended. */
  get halted() {
    return this.sessionEnded;
  }

  /** The network is gone: the socket is dead even if the browser has not noticed yet. */
  drop() {
    const socket = this.socket;
    if (!socket) return;
    this.detach(socket);
    this.options.onState('closed');
    this.scheduleRetry();
  }

  /** Sends a client frame if the socket is open; false otherwise (nothing is queued). */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  get isOpen() {
    return this.socket?.readyState === OPEN;
  }

  stop() {
    this.stopped = true;
    this.clearTimers();
    if (this.socket) this.detach(this.socket, 1000);
  }

  private connect() {
    this.clearTimers();
    if (this.stopped) return;
    // Offline: a connect could only fail. reconnectNow() (the `online` event) starts again.
    if (!this.online()) {
      this.options.onState('closed');
      return;
    }
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch {
      this.options.onState('closed');
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.options.onState('connecting');
    this.connectTimer = this.clock.setTimeout(() => {
      if (this.socket === socket && socket.readyState !== OPEN) this.drop();
    }, this.options.connectTimeoutMs ?? 10_000);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) this.clock.clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.attempt = 0;
      this.options.onState('open');
      this.options.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.endedInARow = 0;
      const parsed = parseServerFrame(
        this.options.frames,
        typeof event.data === 'string' ? event.data : new ArrayBuffer(0),
      );
      if (parsed.ok) this.options.onFrame(parsed.frame);
    };
    // An error is always followed by close; close decides what happens next.
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === CONVERSATION_CLOSED_CLOSE_CODE) {
        // A block: every reconnect would be refused (403) until it is lifted.
        this.clearTimers();
        this.closedForGood = true;
        this.options.onState('closed');
        this.options.onConversationClosed?.();
        return;
      }
      if (event.code === IDLE_CLOSE_CODE) {
        // Idle: nothing retries until reconnectNow() (a person is back).
        this.clearTimers();
        this.options.onState('closed');
        this.options.onIdleClosed?.();
        return;
      }
      if (event.code === TOO_MANY_SOCKETS_CLOSE_CODE || event.code === RECEIVE_ONLY_CLOSE_CODE) {
        // A cap: retrying at once would be refused again. Minutes, or the tab coming back.
        this.options.onState('closed');
        this.scheduleRetry(capRetryDelay(this.options.random));
        return;
      }
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        // Retrying would only be refused (or loop): wait for the caller's sign-in check.
        this.clearTimers();
        this.sessionEnded = true;
        this.endedInARow += 1;
        this.options.onState('closed');
        this.options.onSessionEnded?.();
        return;
      }
      this.options.onState('closed');
      this.scheduleRetry();
    };
  }

  private detach(socket: SocketLike, code?: number) {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (this.socket === socket) this.socket = null;
    try {
      socket.close(code);
    } catch {
      // Already closing.
    }
  }

  private scheduleRetry(
    delay = this.attempt + 1 >= FAILED_CONNECTS_BEFORE_SLOW
      ? capRetryDelay(this.options.random)
      : reconnectDelay(this.attempt, this.options.random),
  ) {
    if (this.stopped || this.sessionEnded || this.closedForGood || this.retryTimer) return;
    if (this.connectTimer) this.clock.clearTimeout(this.connectTimer);
    this.connectTimer = null;
    // Offline: nothing is scheduled; the `online` event's reconnectNow() starts again at once.
    if (!this.online()) return;
    this.attempt += 1;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private clearTimers() {
    if (this.retryTimer) this.clock.clearTimeout(this.retryTimer);
    if (this.connectTimer) this.clock.clearTimeout(this.connectTimer);
    this.retryTimer = this.connectTimer = null;
  }
}
