// GET /api/conversations/:partnerId/:listingId/ws through the Worker, the room's part in
// POST /api/messages and in read marks, and the browser client's connection and merge helpers.
import { env, evictDurableObject, listDurableObjectIds } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ConversationConnection, reconnectDelay, type SocketLike } from '@/lib/live-socket';
import { serverFrameSchema } from '@/shared/ws-frames';
import {
  afterSessionEnded,
  conversationSocketUrl,
  createThrottle,
  lastReceivedId,
  lastSeenOwnId,
  markReadUpTo,
  mergeMessages,
  SESSION_RECHECK_MS,
  TYPING_SEND_INTERVAL_MS,
} from '@/lib/live';
import type { Message } from '@/shared/contract/messages';
import {
  FrameBudget,
  FRAME_LIMIT,
  FRAME_WINDOW_MS,
  TOO_MANY_FRAMES,
} from '@worker/durable-objects/conversation-frames';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { call, insertListing, json, ORIGIN, sessionCookie, signUp, type Member } from './helpers';
import { openSocket, settle } from './ws-client';

const wsPath = (partnerId: number, listingId: number) => `/api/conversations/${partnerId}/${listingId}/ws`;

/** An upgrade as a browser sends it (same Origin); `origin: null` leaves the header out. */
function upgrade(member: Member | null, partnerId: number, listingId: number, origin: string | null = ORIGIN) {
  const headers: Record<string, string> = { Upgrade: 'websocket' };
  if (origin !== null) headers.Origin = origin;
  return call(wsPath(partnerId, listingId), { cookie: member?.cookie, headers });
}

async function connect(member: Member, partner: Member, listingId: number) {
  return openSocket(await upgrade(member, partner.id, listingId));
}

async function post(from: Member, to: Member, listingId: number, content: string) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { receiverId: to.id, listingId, content },
  });
  expect(response.status).toBe(201);
  return json(response);
}

async function conversation() {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  const listingId = await insertListing(owner);
  return { owner, member, listingId };
}

describe('GET /api/conversations/:partnerId/:listingId/ws', () => {
  it('answers 426 to a request that is not a WebSocket upgrade', async () => {
    const { owner, member, listingId } = await conversation();
    const response = await call(wsPath(owner.id, listingId), { cookie: member.cookie });
    expect(response.status).toBe(426);
    expect(await json(response)).toEqual({ message: 'Expected a WebSocket upgrade', code: expect.any(String) });
  });

  it('refuses a visitor with 401', async () => {
    const { owner, listingId } = await conversation();
    const response = await upgrade(null, owner.id, listingId);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Authentication required', code: 'auth_required' });
  });

  it('refuses a foreign Origin with 403', async () => {
    const { owner, member, listingId } = await conversation();
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://localhost:8787']) {
      const response = await upgrade(member, owner.id, listingId, origin);
      expect(response.status, origin).toBe(403);
      expect(await json(response)).toEqual({ message: 'Cross-origin requests are not allowed', code: 'cross_origin' });
    }
  });

  it('answers 404 for an unknown listing or partner', async () => {
    const { owner, member, listingId } = await conversation();
    expect((await upgrade(member, owner.id, 99_999_999)).status).toBe(404);
    expect((await upgrade(member, 99_999_999, listingId)).status).toBe(404);
  });

  it('refuses an outsider, and a pair without the owner, with 403', async () => {
    const { owner, member, listingId } = await conversation();
    const outsider = await signUp();
    // Two members neither of whom owns the listing.
    const response = await upgrade(outsider, member.id, listingId);
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      message: 'Conversations about a listing are between its owner and another member',
      code: expect.any(String),
    });
    // The owner with themself.
    expect((await upgrade(owner, owner.id, listingId)).status).toBe(403);
  });

  it('lets both members in, without an Origin header too (non-browser clients)', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = openSocket(await upgrade(owner, member.id, listingId, null));
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });
});

describe('live chat', () => {
  it('delivers a posted message to the other member, as the API returns it', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    const message = await post(member, owner, listingId, 'Is this still available?');
    expect(await b.next((f) => f.type === 'message')).toEqual({ type: 'message', message });
    // The sender's other tabs see it too.
    expect(await a.next((f) => f.type === 'message')).toEqual({ type: 'message', message });
    const reply = await post(owner, member, listingId, 'Yes it is!');
    expect(await a.next((f) => f.type === 'message' && f.message.id === reply.id)).toEqual({
      type: 'message',
      message: reply,
    });
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('keeps conversations apart: another listing of the same owner is another room', async () => {
    const { owner, member, listingId } = await conversation();
    const otherListing = await insertListing(owner, 'Garden tools');
    const here = await connect(owner, member, listingId);
    await post(member, owner, otherListing, 'About the tools');
    await settle();
    expect(here.frames).toEqual([]);
    here.socket.close(1000, 'done');
  });

  it('sends typing to the other member only', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    a.send({ type: 'typing' });
    expect(await b.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: member.id });
    await settle();
    expect(a.frames).toEqual([]);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('stops passing on frames past the budget, with one error frame, and the other socket stays served', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    for (let i = 0; i < FRAME_LIMIT + 10; i++) a.send({ type: 'typing' });
    expect(await a.next((f) => f.type === 'error')).toEqual({ type: 'error', message: TOO_MANY_FRAMES });
    await settle(300);
    expect(b.frames.filter((f) => f.type === 'typing')).toHaveLength(FRAME_LIMIT);
    expect(a.frames.filter((f) => f.type === 'error')).toHaveLength(1);
    // The owner's own budget is untouched: their typing still reaches the member.
    b.send({ type: 'typing' });
    expect(await a.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: owner.id });
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('gives each socket a fresh budget every window', () => {
    const budget = new FrameBudget();
    const sent: string[] = [];
    const ws = { send: (data: string) => sent.push(data) } as unknown as WebSocket;
    const t = 1_000_000;
    for (let i = 0; i < FRAME_LIMIT; i++) expect(budget.allow(ws, t + i)).toBe(true);
    expect(budget.allow(ws, t + FRAME_LIMIT)).toBe(false);
    expect(budget.allow(ws, t + FRAME_WINDOW_MS - 1)).toBe(false);
    expect(sent).toEqual([JSON.stringify({ type: 'error', message: TOO_MANY_FRAMES })]);
    expect(budget.allow(ws, t + FRAME_WINDOW_MS)).toBe(true);
  });

  it('marks the reader’s received messages read in D1 up to upTo, and broadcasts the read mark', async () => {
    const { owner, member, listingId } = await conversation();
    const first = await post(member, owner, listingId, 'One');
    const second = await post(member, owner, listingId, 'Two');
    const third = await post(member, owner, listingId, 'Three');
    const mine = await post(owner, member, listingId, 'Reply');
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    b.send({ type: 'read', upTo: second.id });
    const frame = { type: 'read', userId: owner.id, upTo: second.id };
    expect(await a.next((f) => f.type === 'read')).toEqual(frame);
    expect(await b.next((f) => f.type === 'read')).toEqual(frame);
    const rows = await env.DB.prepare('SELECT id, read FROM messages WHERE listing_id = ? ORDER BY id')
      .bind(listingId)
      .all<{ id: number; read: number }>();
    expect(rows.results).toEqual([
      { id: first.id, read: 1 },
      { id: second.id, read: 1 },
      { id: third.id, read: 0 },
      { id: mine.id, read: 0 },
    ]);
    // A member cannot mark the messages they sent as read for the other side.
    a.send({ type: 'read', upTo: third.id });
    await b.next((f) => f.type === 'read' && f.userId === member.id);
    const after = await env.DB.prepare('SELECT read FROM messages WHERE id = ?')
      .bind(third.id)
      .first<{ read: number }>();
    expect(after!.read).toBe(0);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('answers an invalid frame with an error frame and keeps the socket open', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    a.send('not json');
    expect(await a.next((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Malformed JSON frame' });
    a.send({ type: 'read', upTo: -3 });
    await expect.poll(() => a.frames.filter((f) => f.type === 'error').length).toBe(2);
    const message = await post(owner, member, listingId, 'Still here?');
    expect(await a.next((f) => f.type === 'message')).toEqual({ type: 'message', message });
    expect(a.closed()).toBe(false);
    expect(b.frames.some((f) => f.type === 'error')).toBe(false);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('answers a close without a code, so the closing side is not left waiting', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const socket = await connect(member, owner, listingId);
    const closed = new Promise<number>((resolve) =>
      socket.socket.addEventListener('close', (event) => resolve(event.code)),
    );
    socket.socket.close();
    const code = await Promise.race([
      closed,
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 1 s'), 1000)),
    ]);
    expect(code).toBe(1000);
  });

  it('still stores the message when nobody is connected', async () => {
    const { owner, member, listingId } = await conversation();
    const message = await post(member, owner, listingId, 'Anyone?');
    const row = await env.DB.prepare('SELECT content FROM messages WHERE id = ?')
      .bind(message.id)
      .first<{ content: string }>();
    expect(row!.content).toBe('Anyone?');
  });

  it('after an eviction, a reconnecting member gets new messages live and resyncs the rest from D1', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    const before = await post(member, owner, listingId, 'Before');
    await b.next((f) => f.type === 'message');

    await evictDurableObject(roomStub(env, listingId, owner.id, member.id), { webSockets: 'close' });
    await expect.poll(() => b.closed()).toBe(true);
    // Sent while the owner is away: only D1 has it.
    const whileAway = await post(member, owner, listingId, 'While you were away');

    const again = await connect(owner, member, listingId);
    const after = await post(member, owner, listingId, 'After');
    expect(await again.next((f) => f.type === 'message')).toEqual({ type: 'message', message: after });

    const response = await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const messages: { id: number }[] = await json(response);
    expect(messages.map((m) => m.id)).toEqual([before.id, whileAway.id, after.id]);
    for (const s of [a, again]) s.socket.close(1000, 'done');
  });

  it('keeps sockets open across a hibernating eviction', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    await evictDurableObject(roomStub(env, listingId, owner.id, member.id));
    const message = await post(owner, member, listingId, 'Woke up');
    expect(await a.next((f) => f.type === 'message')).toEqual({ type: 'message', message });
    a.send({ type: 'typing' });
    expect(await b.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: member.id });
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });
});

// The browser client's parts (src/lib/live.ts, src/lib/live-socket.ts): the pure merge and backoff helpers, and the
// connection driven against the real Worker and room through an eviction.
describe('chat client helpers', () => {
  const msg = (id: number, senderId: number, receiverId: number, read = false): Message => ({
    id,
    senderId,
    receiverId,
    listingId: 1,
    content: `m${id}`,
    read,
    createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
  });

  it('merges by id: each message once, oldest first, and a read mark never goes back', () => {
    const current = [msg(1, 1, 2), msg(3, 2, 1, true)];
    const merged = mergeMessages(current, [msg(3, 2, 1, false), msg(2, 1, 2), msg(4, 1, 2), msg(2, 1, 2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(merged.find((m) => m.id === 3)!.read).toBe(true);
    // Nothing new: the same array, so React Query and React see no change.
    expect(mergeMessages(merged, [msg(2, 1, 2), msg(4, 1, 2)])).toBe(merged);
    expect(mergeMessages(undefined, [msg(5, 1, 2), msg(5, 1, 2), msg(4, 1, 2)]).map((m) => m.id)).toEqual([4, 5]);
    // A newer copy of a message (read now) replaces the old one.
    expect(mergeMessages(merged, [msg(1, 1, 2, true)]).find((m) => m.id === 1)!.read).toBe(true);
  });

  it('applies a read mark to the reader’s received messages up to upTo, and finds where Seen goes', () => {
    const list = [msg(1, 1, 2), msg(2, 2, 1), msg(3, 1, 2), msg(4, 1, 2)];
    const after = markReadUpTo(list, 2, 3)!;
    expect(after.map((m) => m.read)).toEqual([true, false, true, false]);
    expect(markReadUpTo(after, 2, 3)).toBe(after);
    expect(markReadUpTo(undefined, 2, 3)).toBeUndefined();
    expect(lastSeenOwnId(after, 1)).toBe(3);
    expect(lastSeenOwnId(list, 1)).toBeNull();
    expect(lastReceivedId(list, 1)).toBe(2);
    expect(lastReceivedId(list, 2)).toBe(4);
    expect(lastReceivedId([], 2)).toBeNull();
  });

  it('backs off exponentially from 0.5 s to a 10 s cap, with half of each step random', () => {
    const low = (n: number) => reconnectDelay(n, () => 0);
    const high = (n: number) => reconnectDelay(n, () => 0.999_999);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(low)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(high)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    for (let i = 0; i < 200; i++) {
      const d = reconnectDelay(i % 8);
      expect(d).toBeGreaterThanOrEqual(low(i % 8));
      expect(d).toBeLessThanOrEqual(high(i % 8));
    }
  });

  it('throttles typing frames to one per interval, and builds the socket URL for the page’s scheme', () => {
    const throttle = createThrottle(TYPING_SEND_INTERVAL_MS);
    expect([0, 100, 2499, 2500, 4000, 5001].map((t) => throttle.ready(t))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    throttle.reset();
    expect(throttle.ready(5002)).toBe(true);
    expect(conversationSocketUrl({ protocol: 'https:', host: 'barter.example' }, 4, 9)).toBe(
      'wss://barter.example/api/conversations/4/9/ws',
    );
    expect(conversationSocketUrl({ protocol: 'http:', host: 'localhost:8787' }, 4, 9)).toBe(
      'ws://localhost:8787/api/conversations/4/9/ws',
    );
  });
});

describe('after a session-ended close', () => {
  const noWait = async () => {};

  it('resumes when the same member is still signed in, and signs out when nobody is, after a second look', async () => {
    const answers = (...ids: (number | null | Error)[]) => {
      let calls = 0;
      const fetchUserId = async () => {
        const answer = ids[calls++];
        if (answer instanceof Error) throw answer;
        return answer ?? null;
      };
      return { fetchUserId, calls: () => calls };
    };
    const same = answers(7);
    expect(await afterSessionEnded(same.fetchUserId, 7, noWait)).toBe('resume');
    expect(same.calls()).toBe(1);

    // A password change in another tab: its new cookie arrives after the close.
    const waits: number[] = [];
    const later = answers(null, 7);
    expect(await afterSessionEnded(later.fetchUserId, 7, async (ms) => waits.push(ms))).toBe('resume');
    expect(waits).toEqual([SESSION_RECHECK_MS]);

    const nobody = answers(null, null);
    expect(await afterSessionEnded(nobody.fetchUserId, 7, noWait)).toBe('signed-out');
    expect(nobody.calls()).toBe(2);
    expect(await afterSessionEnded(answers(8).fetchUserId, 7, noWait)).toBe('other-member');
    // The check itself failed (offline): the usual reconnect schedule takes over.
    expect(await afterSessionEnded(answers(new Error('offline')).fetchUserId, 7, noWait)).toBe('resume');
  });
});

/** A SocketLike over the Worker: the upgrade goes through `call`, as the browser's would. */
function workerSocketFactory(member: Member, partner: Member, listingId: number) {
  const made: SocketLike[] = [];
  const create = (): SocketLike => {
    let ws: WebSocket | null = null;
    const socket: SocketLike & { readyState: number } = {
      readyState: 0,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => ws!.send(data),
      close: (code, reason) => {
        socket.readyState = 2;
        ws?.close(code ?? 1000, reason);
      },
    };
    void upgrade(member, partner.id, listingId).then((response) => {
      if (response.status !== 101) {
        socket.readyState = 3;
        socket.onclose?.(new CloseEvent('close', { code: 1006 }));
        return;
      }
      ws = response.webSocket!;
      ws.accept();
      ws.addEventListener('message', (event) => socket.onmessage?.(event));
      ws.addEventListener('close', (event) => {
        socket.readyState = 3;
        socket.onclose?.(event);
      });
      socket.readyState = 1;
      socket.onopen?.(new Event('open'));
    });
    made.push(socket);
    return socket;
  };
  return { create, made };
}

describe('chat client connection against the room', () => {
  it('reconnects after the room is evicted with its sockets closed, and the resync brings every message once', async () => {
    const { owner, member, listingId } = await conversation();
    const stub = roomStub(env, listingId, owner.id, member.id);
    const before = await post(member, owner, listingId, 'Before');

    // The owner's screen: what frames and resyncs bring, merged by id as the messages screen does.
    let view: Message[] = [];
    const states: string[] = [];
    let resyncs = 0;
    const resync = async () => {
      const response = await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie });
      view = mergeMessages(view, await json<Message[]>(response));
      resyncs += 1;
    };
    const sockets = workerSocketFactory(owner, member, listingId);
    const connection = new ConversationConnection({
      frames: serverFrameSchema,
      url: 'ws://localhost/unused',
      createSocket: sockets.create,
      random: () => 0,
      onState: (state) => states.push(state),
      onOpen: () => void resync(),
      onFrame: (frame) => {
        if (frame.type === 'message') view = mergeMessages(view, [frame.message]);
      },
    });
    connection.start();
    await expect.poll(() => resyncs).toBe(1);
    expect(view.map((m) => m.content)).toEqual(['Before']);
    expect(connection.isOpen).toBe(true);
    // The room now exists under its name.
    expect((await listDurableObjectIds(env.CONVERSATION_ROOM)).some((id) => id.equals(stub.id))).toBe(true);

    const live = await post(member, owner, listingId, 'Live');
    await expect.poll(() => view.map((m) => m.id)).toEqual([before.id, live.id]);

    // Evicted with its sockets closed: the client sees the drop and backs off (250 ms here).
    await evictDurableObject(stub, { webSockets: 'close' });
    await expect.poll(() => states.includes('closed')).toBe(true);
    const whileAway = await post(member, owner, listingId, 'While away');
    await expect.poll(() => resyncs, { timeout: 3000 }).toBe(2);
    expect(sockets.made).toHaveLength(2);
    expect(states).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);

    // The new socket is live, and nothing shows twice.
    const after = await post(member, owner, listingId, 'After');
    await expect.poll(() => view.map((m) => m.id)).toEqual([before.id, live.id, whileAway.id, after.id]);
    // A read mark from the reconnected client reaches D1 and the other side.
    const watcher = await connect(member, owner, listingId);
    expect(connection.send({ type: 'read', upTo: after.id })).toBe(true);
    expect(await watcher.next((f) => f.type === 'read')).toEqual({ type: 'read', userId: owner.id, upTo: after.id });
    const unread = await env.DB.prepare('SELECT COUNT(*) AS n FROM messages WHERE listing_id = ? AND read = 0')
      .bind(listingId)
      .first<{ n: number }>();
    expect(unread!.n).toBe(0);

    connection.stop();
    await settle();
    expect(sockets.made).toHaveLength(2);
    expect(connection.send({ type: 'typing' })).toBe(false);
    watcher.socket.close(1000, 'done');
  });

  it('stops after a session-ended close (4001) instead of retrying, even when asked to reconnect, until resumed', async () => {
    const { owner, member, listingId } = await conversation();
    const sockets = workerSocketFactory(member, owner, listingId);
    let opens = 0;
    let ended = 0;
    const states: string[] = [];
    const connection = new ConversationConnection({
      frames: serverFrameSchema,
      url: 'x',
      createSocket: sockets.create,
      random: () => 0,
      onState: (s) => states.push(s),
      onOpen: () => (opens += 1),
      onFrame: () => {},
      onSessionEnded: () => (ended += 1),
    });
    connection.start();
    await expect.poll(() => opens).toBe(1);

    // The password is changed in another tab: this session's socket is closed with 4001.
    const response = await call('/api/auth/change-password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'another-password-7' },
    });
    expect(response.status).toBe(200);
    await expect.poll(() => ended).toBe(1);
    expect(connection.halted).toBe(true);
    expect(states.at(-1)).toBe('closed');
    connection.reconnectNow();
    // Longer than the first three backoff steps (250 + 500 + 1000 ms with this random).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(sockets.made).toHaveLength(1);

    // The sign-in check found the member with the new session: the connection comes back.
    member.cookie = sessionCookie(response);
    connection.resume();
    await expect.poll(() => opens).toBe(2);
    expect(sockets.made).toHaveLength(2);
    expect(connection.halted).toBe(false);
    connection.stop();
  });

  it('stays closed after a block closes the conversation (4003), even when asked to reconnect', async () => {
    const { owner, member, listingId } = await conversation();
    const sockets = workerSocketFactory(member, owner, listingId);
    let opens = 0;
    let closed = 0;
    const states: string[] = [];
    const connection = new ConversationConnection({
      frames: serverFrameSchema,
      url: 'x',
      createSocket: sockets.create,
      random: () => 0,
      onState: (s) => states.push(s),
      onOpen: () => (opens += 1),
      onFrame: () => {},
      onConversationClosed: () => (closed += 1),
    });
    connection.start();
    await expect.poll(() => opens).toBe(1);

    // The owner blocks the member: the room closes the pair's sockets with 4003.
    const response = await call(`/api/blocks/${member.id}`, { method: 'PUT', cookie: owner.cookie });
    expect(response.status).toBe(200);
    await expect.poll(() => closed).toBe(1);
    expect(states.at(-1)).toBe('closed');
    // Every reconnect would be refused until the block is lifted: none is tried, not even when asked.
    connection.reconnectNow();
    expect(sockets.made).toHaveLength(1);
    // Longer than the first two backoff steps (250 + 500 ms with this random).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sockets.made).toHaveLength(1);
    expect(opens).toBe(1);
    connection.stop();
  });

  it('retries a refused upgrade with backoff, and replaces a socket stuck closing when asked to reconnect', async () => {
    const { owner, member, listingId } = await conversation();
    const outsider = await signUp();
    // An outsider is refused (403): the client keeps retrying with growing waits, never opening.
    const refused = workerSocketFactory(outsider, member, listingId);
    const states: string[] = [];
    const retrying = new ConversationConnection({
      frames: serverFrameSchema,
      url: 'x',
      createSocket: refused.create,
      random: () => 0,
      onState: (s) => states.push(s),
      onOpen: () => {},
      onFrame: () => {},
    });
    retrying.start();
    await expect.poll(() => refused.made.length, { timeout: 3000 }).toBe(3); // 0 ms, +250, +500
    expect(states.includes('open')).toBe(false);
    retrying.stop();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(refused.made.length).toBe(3);

    // A socket whose Close was never answered stays CLOSING; reconnectNow (tab visible, back
    // online) does not wait for it.
    const sockets = workerSocketFactory(owner, member, listingId);
    let opens = 0;
    const connection = new ConversationConnection({
      frames: serverFrameSchema,
      url: 'x',
      createSocket: sockets.create,
      random: () => 0,
      onState: () => {},
      onOpen: () => (opens += 1),
      onFrame: () => {},
    });
    connection.start();
    await expect.poll(() => opens).toBe(1);
    connection.reconnectNow();
    expect(sockets.made).toHaveLength(1);
    (sockets.made[0] as { readyState: number }).readyState = 2;
    connection.reconnectNow();
    await expect.poll(() => opens).toBe(2);
    expect(sockets.made).toHaveLength(2);
    connection.stop();
  });
});
