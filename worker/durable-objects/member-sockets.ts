// One object per member: the ConversationRooms where the member has a live-chat socket open, so
// ending a session closes its sockets with a few room calls instead of one per conversation the
// member ever had (docs/api/live-chat.md, "Ending sessions"; decision 012). Rooms register
// themselves when they accept a socket and drop out when the member's last socket there closes.
// The object also holds the member's bell sockets (one per open tab, opened by the header): a
// notification written or changed for the member pushes a small frame to them with the unread
// count, so the badge follows without polling and the list is read only when the panel opens
// (docs/api/notifications.md, "Live updates"; decisions 027 and 050).
import { DurableObject } from 'cloudflare:workers';
import {
  NOTIFICATIONS_FRAME,
  RECEIVE_ONLY_CLOSE_CODE,
  RECEIVE_ONLY_CLOSE_REASON,
  SESSION_ENDED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_REASON,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  TOO_MANY_SOCKETS_CLOSE_REASON,
} from '@/shared/ws-frames';
import { createDb } from '../db/client';
import { closeSocket } from './close-socket';
import { countBell } from '../db/queries/notifications';
import type { EndedSessions } from './member-sockets-client';
import { EndedSessionMarks, type SocketSession } from './ended-session-marks';

/**
 * Rooms asked per call. A member has a socket open in one conversation per open tab, so a handful;
 * the cap keeps the call inside the 50 subrequests an invocation may make even if entries that
 * missed their removal piled up (the newest rooms go first; the daily check drops stale ones).
 */
export const MAX_ROOMS_PER_CALL = 40;
/** An entry not refreshed for this long is checked with its room by the alarm. */
export const CHECK_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Bell sockets a member may hold (one per open tab, on every device): past this a new one is
 * refused with 4029 (decision 039). Far above a member's tabs and devices; 300 in one session was
 * the abuse seen.
 */
export const MAX_BELL_SOCKETS = 20;

/**
 * Live-chat sockets (conversations and trade circles) a member may hold across all rooms: past
 * this a new one is refused with 4029 (decision 039). It also keeps the rooms to ask when a session
 * ends within MAX_ROOMS_PER_CALL, so sign-out reaches every socket.
 */
export const MAX_CHAT_SOCKETS = 20;

/** What the registry answers a room that asks to admit a member's new socket. */
export type Admission = 'admitted' | 'session-ended' | 'too-many';

/** The tag of every bell socket, and of those of one session (by its hashed id). */
const BELL_TAG = 'bell';
const bellSessionTag = (sessionKey: string) => `bell-session:${sessionKey}`;

/** What a bell socket keeps through hibernation. */
interface BellSocket {
  userId: number;
  sessionKey: string;
  sessionCreatedAt: number;
}

function readBellSocket(ws: WebSocket): BellSocket | null {
  const value = ws.deserializeAttachment() as Partial<BellSocket> | null;
  return value &&
    typeof value.userId === 'number' &&
    typeof value.sessionKey === 'string' &&
    typeof value.sessionCreatedAt === 'number'
    ? (value as BellSocket)
    : null;
}

interface RoomRow extends Record<string, SqlStorageValue> {
  room: string;
  user_id: number;
  generation: number;
}

export class MemberSockets extends DurableObject<Env> {
  /** Pushes run one after another, so frames leave in the order their reads were made. */
  private pushes: Promise<unknown> = Promise.resolve();

  /** Whether the rooms table exists, once known (the object never writes before its first registration). */
  private tableExists = false;

  /** The sessions that ended lately (N1: a socket whose upgrade overlapped the end is refused). */
  private readonly marks = new EndedSessionMarks(this.ctx.storage.sql);

  /** The storage; only a registration or a session's end creates tables, so reads and removals never write. */
  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  private hasTable(): boolean {
    if (this.tableExists) return true;
    const table = this.sql
      .exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'rooms'")
      .toArray()[0];
    // A registry written before the per-member cap has no `sockets` column: each listed room counted one.
    if (table && !/\bsockets\b/.test(table.sql))
      this.sql.exec('ALTER TABLE rooms ADD COLUMN sockets INTEGER NOT NULL DEFAULT 1');
    this.tableExists = table !== undefined;
    return this.tableExists;
  }

  private ensureTable(): void {
    if (this.hasTable()) return;
    // `generation` changes on every registration, so a removal decided on an older answer from
    // the room cannot drop a registration that arrived in the meantime. `sockets`: how many of
    // the member's sockets the room holds (the per-member cap counts them).
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS rooms (room TEXT PRIMARY KEY, user_id INTEGER NOT NULL, generation INTEGER NOT NULL, seen_at INTEGER NOT NULL, sockets INTEGER NOT NULL DEFAULT 1)',
    );
    this.tableExists = true;
  }

  /**
   * A bell socket: the Worker authorised the upgrade and passes the member and the session (hashed)
   * in headers; nothing else reaches this object from outside.
   */
  async fetch(request: Request): Promise<Response> {
    const userId = Number(request.headers.get('X-User-Id'));
    const sessionKey = request.headers.get('X-Session-Key');
    const sessionCreatedAt = Number(request.headers.get('X-Session-Created'));
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    if (!Number.isSafeInteger(userId) || userId < 1 || !sessionKey || !Number.isFinite(sessionCreatedAt))
      return new Response('Missing member', { status: 400 });
    const pair = new WebSocketPair();
    const socket = pair[1];
    const held = this.openBellSockets().length;
    // Hibernation: the object sleeps while the sockets stay open; frames go out only on news.
    this.ctx.acceptWebSocket(socket, [BELL_TAG, bellSessionTag(sessionKey)]);
    socket.serializeAttachment({ userId, sessionKey, sessionCreatedAt } satisfies BellSocket);
    // Accepting is this socket's registration: a session end from now on closes it. One that ran
    // after the Worker's session check but before this line left its mark, so the socket is
    // handed out closed (the client asks who is signed in, as on any 4001).
    if (this.marks.ended({ sessionKey, sessionCreatedAt }))
      closeSocket(socket, SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_REASON);
    else if (held >= MAX_BELL_SOCKETS) closeSocket(socket, TOO_MANY_SOCKETS_CLOSE_CODE, TOO_MANY_SOCKETS_CLOSE_REASON);
    // The unread count as it stands goes first (read after the socket is accepted, so no change
    // between this read and the next push is lost): every (re)connect's badge is in sync without a request.
    else this.queue(() => this.push(userId, [socket]));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * The member's notifications changed (the write has committed): tells every bell socket of the
   * member. The frame carries the unread count as GET /api/notifications answers it now (one
   * statement over the partial unread index, at most BELL_UNREAD_COUNT_CAP rows: the page of
   * entries is read only by a tab whose panel is open, decision 050); if that read fails, a bare
   * frame makes the clients read the bell. With no socket open it reads nothing. Returns how many
   * sockets were told. Nothing is stored.
   */
  notificationsChanged(): Promise<number> {
    return this.queue(() => {
      const sockets = this.ctx.getWebSockets(BELL_TAG);
      const userId = sockets.map(readBellSocket).find((bell) => bell)?.userId;
      return userId === undefined ? Promise.resolve(0) : this.push(userId, () => this.ctx.getWebSockets(BELL_TAG));
    });
  }

  /** Pushes run one after another, so frames leave in the order their reads were made. */
  private queue(task: () => Promise<number>): Promise<number> {
    const run = this.pushes.then(task);
    this.pushes = run.catch(() => undefined);
    return run;
  }

  /** Counts the member's unread entries and sends the count to the sockets (those open once it is read, when a function). */
  private async push(userId: number, to: WebSocket[] | (() => WebSocket[])): Promise<number> {
    let frame = NOTIFICATIONS_FRAME;
    try {
      frame = JSON.stringify({ type: 'notifications', ...(await countBell(createDb(this.env.DB), userId)) });
    } catch (error) {
      console.error(
        `member sockets: counting user ${userId}'s unread entries failed; the clients read the bell`,
        error,
      );
    }
    let sent = 0;
    for (const ws of typeof to === 'function' ? to() : to) {
      try {
        ws.send(frame);
        sent += 1;
      } catch {
        // Closing meanwhile: its client refetches when it reconnects.
      }
    }
    return sent;
  }

  /** How many bell sockets are open (tests, and the daily check's logs). */
  async bellSocketCount(): Promise<number> {
    return this.openBellSockets().length;
  }

  /** The bell sockets still open (one closed by the cap or a session's end may be listed until its close completes). */
  private openBellSockets(): WebSocket[] {
    return this.ctx.getWebSockets(BELL_TAG).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /** Closes the bell sockets of the ended sessions (as the rooms do theirs); returns how many. */
  private closeBellSockets(userId: number, ended: EndedSessions, reason: string): number {
    const candidates =
      'sessionKey' in ended
        ? this.ctx.getWebSockets(bellSessionTag(ended.sessionKey))
        : this.ctx.getWebSockets(BELL_TAG);
    let closed = 0;
    for (const ws of candidates) {
      const bell = readBellSocket(ws);
      if (bell && bell.userId !== userId) continue;
      if (bell && 'createdAtOrBefore' in ended && bell.sessionCreatedAt > ended.createdAtOrBefore) continue;
      try {
        ws.close(SESSION_ENDED_CLOSE_CODE, reason);
        closed += 1;
      } catch {
        // Already closed.
      }
    }
    return closed;
  }

  /**
   * The client sends nothing on a bell socket, and every frame sent in is a metered Durable Object
   * request: a socket that sends one is closed (4008), and the SPA does not reconnect it at once.
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

  /** A room holds `sockets` open sockets of the member (called by the room whenever that number changes and stays above 0). */
  async track(room: string, userId: number, sockets = 1): Promise<void> {
    this.ensureTable();
    this.sql.exec(
      `INSERT INTO rooms (room, user_id, generation, seen_at, sockets) VALUES (?, ?, 1, ?, ?)
       ON CONFLICT (room) DO UPDATE SET generation = generation + 1, seen_at = excluded.seen_at, user_id = excluded.user_id, sockets = excluded.sockets`,
      room,
      userId,
      Date.now(),
      sockets,
    );
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + CHECK_AFTER_MS);
  }

  /**
   * A room accepted a new socket of the member, beside `held` others of theirs there, and asks
   * whether it may stay (decision 039). Registration and the check are one step here, where every
   * session end passes: a session that ended after the Worker's check is refused ('session-ended',
   * the room closes the socket with 4001), and so is a socket past the member's cap ('too-many',
   * 4029). The room is listed with the sockets it keeps, before the socket is handed out.
   */
  async admit(room: string, userId: number, held: number, session: SocketSession): Promise<Admission> {
    const ended = this.marks.ended(session);
    const elsewhere = this.hasTable()
      ? this.sql.exec<{ n: number }>('SELECT coalesce(sum(sockets), 0) AS n FROM rooms WHERE room != ?', room).one().n
      : 0;
    const verdict: Admission = ended
      ? 'session-ended'
      : elsewhere + held + 1 > MAX_CHAT_SOCKETS
        ? 'too-many'
        : 'admitted';
    const kept = verdict === 'admitted' ? held + 1 : held;
    if (kept > 0) await this.track(room, userId, kept);
    else await this.forget(room);
    return verdict;
  }

  /** The member's last socket in a room closed. */
  async forget(room: string): Promise<void> {
    // An emptied registry is cleared by the alarm that the registration set, not on every close.
    if (this.hasTable()) this.sql.exec('DELETE FROM rooms WHERE room = ?', room);
  }

  /** The rooms listed now (ids as hex strings), newest first. */
  async rooms(): Promise<string[]> {
    if (!this.hasTable()) return [];
    return this.sql
      .exec<{ room: string }>('SELECT room FROM rooms ORDER BY seen_at DESC, room')
      .toArray()
      .map((row) => row.room);
  }

  /**
   * Asks every listed room to close the member's sockets of the ended sessions, and forgets the
   * rooms where none of the member's sockets stay open. Returns how many sockets were closed. A
   * room that cannot be reached stays listed and the call goes on with the others; the error is
   * thrown at the end so the caller can log it.
   */
  async closeSockets(
    userId: number,
    ended: EndedSessions,
    reason: string = SESSION_ENDED_CLOSE_REASON,
  ): Promise<number> {
    // Remembered first, in the same turn as the closing pass reads what is open: a socket being
    // upgraded now is either listed below or refused when its room asks to admit it (N1).
    this.marks.remember(ended);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(this.marks.forgetAt());
    const bellsClosed = this.closeBellSockets(userId, ended, reason);
    if (!this.hasTable()) return bellsClosed;
    const rows = this.sql
      .exec<RoomRow>('SELECT room, user_id, generation FROM rooms ORDER BY seen_at DESC LIMIT ?', MAX_ROOMS_PER_CALL)
      .toArray();
    const results = await Promise.allSettled(
      rows.map(async (row) => {
        const outcome = await this.roomStub(row.room).closeMemberSockets(userId, ended, reason);
        if (outcome.open === 0)
          this.sql.exec('DELETE FROM rooms WHERE room = ? AND generation = ?', row.room, row.generation);
        return outcome.closed;
      }),
    );
    await this.clearIfEmpty();
    let closed = bellsClosed;
    const failures: unknown[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') closed += result.value;
      else failures.push(result.reason);
    }
    if (failures.length > 0)
      throw new AggregateError(
        failures,
        `${failures.length} of ${rows.length} rooms could not close the member's sockets`,
      );
    return closed;
  }

  /**
   * A block between the member and `partnerId`: asks every listed room to close the sockets of a
   * conversation between the two (both members'; rooms of other conversations close nothing), and
   * forgets the rooms where none of the member's sockets stay open. Returns how many sockets were
   * closed; a room that cannot be reached stays listed, and the error is thrown at the end.
   */
  async closeConversationsWith(userId: number, partnerId: number): Promise<number> {
    if (!this.hasTable()) return 0;
    const rows = this.sql
      .exec<RoomRow>('SELECT room, user_id, generation FROM rooms ORDER BY seen_at DESC LIMIT ?', MAX_ROOMS_PER_CALL)
      .toArray();
    const results = await Promise.allSettled(
      rows.map(async (row) => {
        const outcome = await this.roomStub(row.room).closePairSockets(userId, partnerId);
        if (outcome.open === 0)
          this.sql.exec('DELETE FROM rooms WHERE room = ? AND generation = ?', row.room, row.generation);
        return outcome.closed;
      }),
    );
    await this.clearIfEmpty();
    let closed = 0;
    const failures: unknown[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') closed += result.value;
      else failures.push(result.reason);
    }
    if (failures.length > 0)
      throw new AggregateError(
        failures,
        `${failures.length} of ${rows.length} rooms could not close the pair's sockets`,
      );
    return closed;
  }

  /** The daily check: entries not refreshed for a day are asked about, and dropped if no socket is open. */
  async alarm(): Promise<void> {
    this.marks.forgetOld();
    if (!this.hasTable()) {
      if (this.marks.empty()) await this.clear();
      else await this.ctx.storage.setAlarm(this.marks.forgetAt());
      return;
    }
    const stale = this.sql
      .exec<RoomRow>(
        'SELECT room, user_id, generation FROM rooms WHERE seen_at <= ? ORDER BY seen_at LIMIT ?',
        Date.now() - CHECK_AFTER_MS,
        MAX_ROOMS_PER_CALL,
      )
      .toArray();
    await Promise.allSettled(
      stale.map(async (row) => {
        const open = await this.roomStub(row.room).openSocketCount(row.user_id);
        if (open === 0) this.sql.exec('DELETE FROM rooms WHERE room = ? AND generation = ?', row.room, row.generation);
        // Still open: checked again a day from now.
        else
          this.sql.exec(
            'UPDATE rooms SET seen_at = ? WHERE room = ? AND generation = ?',
            Date.now(),
            row.room,
            row.generation,
          );
      }),
    );
    if (!(await this.clearIfEmpty()))
      await this.ctx.storage.setAlarm(Date.now() + (stale.length === MAX_ROOMS_PER_CALL ? 60_000 : CHECK_AFTER_MS));
  }

  /**
   * A registry with no rooms keeps no storage (after an account deletion it is never used again)
   * once it no longer needs to remember ended sessions; until then its alarm comes back for them.
   */
  private async clearIfEmpty(): Promise<boolean> {
    if (this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM rooms').one().n > 0) return false;
    this.marks.forgetOld();
    if (!this.marks.empty()) {
      await this.ctx.storage.setAlarm(this.marks.forgetAt());
      return true;
    }
    await this.clear();
    return true;
  }

  private async clear(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.tableExists = false;
    this.marks.reset();
  }

  private roomStub(room: string) {
    return this.env.CONVERSATION_ROOM.get(this.env.CONVERSATION_ROOM.idFromString(room));
  }
}
