// The ConversationRoom on its own: accepting members, fan-out, client frames, hibernation, and an
// eviction that closes all its sockets (new sockets work, D1 keeps what the resync needs).
import { env, evictDurableObject, listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ConversationRoom } from '@worker/durable-objects/conversation-room';
import { roomName, roomStub } from '@worker/durable-objects/conversation-room-client';
import { memberSocketsStub } from '@worker/durable-objects/member-sockets-client';
import { call, insertListing, json, signUp } from './helpers';
import { openSocket, settle } from './ws-client';

const LISTING = 987654;

function room() {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(crypto.randomUUID()));
}

/** What the Worker sends about the session: its key (a SHA-256, hex) and creation time. */
const SESSION = { key: 'a'.repeat(64), createdAt: 1_700_000_000_000 };
const sessionHeaders = (session = SESSION) => ({
  'X-Session-Key': session.key,
  'X-Session-Created': String(session.createdAt),
});

async function connect(stub: DurableObjectStub<ConversationRoom>, userId: number, partnerId: number) {
  const headers = {
    Upgrade: 'websocket',
    'X-User-Id': String(userId),
    'X-Partner-Id': String(partnerId),
    'X-Listing-Id': String(LISTING),
    ...sessionHeaders(),
  };
  return openSocket(await stub.fetch('http://room/', { headers }));
}

describe('roomName', () => {
  it('names one room per conversation, whichever member asks', () => {
    expect(roomName(7, 3, 12)).toBe('room:7:3:12');
    expect(roomName(7, 12, 3)).toBe('room:7:3:12');
    expect(roomName(8, 12, 3)).not.toBe(roomName(7, 12, 3));
  });
});

describe('ConversationRoom', () => {
  it('refuses requests that are not WebSocket upgrades', async () => {
    expect((await room().fetch('http://room/')).status).toBe(426);
  });

  it('refuses an upgrade without the member ids the Worker sets', async () => {
    const response = await room().fetch('http://room/?userId=1', { headers: { Upgrade: 'websocket' } });
    expect(response.status).toBe(400);
    const same = await room().fetch('http://room/', {
      headers: {
        Upgrade: 'websocket',
        'X-User-Id': '1',
        'X-Partner-Id': '1',
        'X-Listing-Id': '1',
        ...sessionHeaders(),
      },
    });
    expect(same.status).toBe(400);
  });

  it('refuses an upgrade without the session the Worker sets, or with a malformed one', async () => {
    const member = { Upgrade: 'websocket', 'X-User-Id': '1', 'X-Partner-Id': '2', 'X-Listing-Id': '3' };
    const sessions: Record<string, string>[] = [
      {},
      { 'X-Session-Key': SESSION.key },
      { 'X-Session-Created': '5' },
      sessionHeaders({ key: 'A'.repeat(64), createdAt: 5 }),
      sessionHeaders({ key: 'a'.repeat(63), createdAt: 5 }),
      { 'X-Session-Key': SESSION.key, 'X-Session-Created': '-5' },
    ];
    for (const session of sessions) {
      const response = await room().fetch('http://room/', { headers: { ...member, ...session } });
      expect(response.status, JSON.stringify(session)).toBe(400);
    }
  });

  it('tags each socket with its member and keeps the member in the attachment', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    const seen = await runInDurableObject(stub, (_instance, state) =>
      state.getWebSockets().map((ws) => ({ tags: state.getTags(ws), member: ws.deserializeAttachment() })),
    );
    seen.sort((x, y) => String(x.tags[0]).localeCompare(String(y.tags[0])));
    const session = { sessionKey: SESSION.key, sessionCreatedAt: SESSION.createdAt };
    expect(seen).toEqual([
      {
        tags: ['user:1', `session:${SESSION.key}`],
        member: { userId: 1, partnerId: 2, listingId: LISTING, ...session },
      },
      {
        tags: ['user:2', `session:${SESSION.key}`],
        member: { userId: 2, partnerId: 1, listingId: LISTING, ...session },
      },
    ]);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('sends a broadcast frame to every open socket of the room, and only that room', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    const elsewhere = await connect(room(), 3, 4);
    const frame = { type: 'typing', userId: 9 } as const;
    expect((await stub.broadcast(frame)).sent).toBe(2);
    expect(await a.next((f) => f.type === 'typing')).toEqual(frame);
    expect(await b.next((f) => f.type === 'typing')).toEqual(frame);
    await settle();
    expect(elsewhere.frames).toEqual([]);
    for (const s of [a, b, elsewhere]) s.socket.close(1000, 'done');
  });

  it('sends typing to the other member only', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    a.send({ type: 'typing' });
    expect(await b.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: 1 });
    await settle();
    expect(a.frames).toEqual([]);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it.each([
    ['malformed JSON', '{nope', 'Malformed JSON frame'],
    ['a JSON array', '[1,2]', 'Unknown frame type'],
    ['an unknown type', { type: 'shout' }, 'Unknown frame type'],
    ['read without upTo', { type: 'read' }, expect.stringContaining('upTo')],
    ['read with upTo 0', { type: 'read', upTo: 0 }, 'upTo must be a positive integer message id'],
    ['read with a fractional upTo', { type: 'read', upTo: 1.5 }, 'upTo must be a positive integer message id'],
    ['read with a string upTo', { type: 'read', upTo: '4' }, 'upTo must be a positive integer message id'],
    ['typing with an extra field', { type: 'typing', userId: 99 }, expect.any(String)],
    ['a binary frame', new TextEncoder().encode('{"type":"typing"}').buffer, 'Frames must be JSON text'],
    ['an oversized frame', JSON.stringify({ type: 'typing', pad: 'x'.repeat(2000) }), 'Frame too large'],
  ])('answers %s with an error frame to the sender only, and keeps the socket open', async (_name, frame, message) => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    a.send(frame);
    expect(await a.next((f) => f.type === 'error')).toEqual({ type: 'error', message });
    // Still open and still working.
    a.send({ type: 'typing' });
    await b.next((f) => f.type === 'typing');
    expect(a.closed()).toBe(false);
    expect(b.frames.filter((f) => f.type === 'error')).toEqual([]);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('keeps sockets and their members across an eviction (hibernation)', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    await evictDurableObject(stub);
    a.send({ type: 'typing' });
    expect(await b.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: 1 });
    b.send({ type: 'typing' });
    expect(await a.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: 2 });
    expect((await stub.broadcast({ type: 'typing', userId: 5 })).sent).toBe(2);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('forgets a closed socket', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    b.socket.close(1000, 'bye');
    await expect.poll(() => runInDurableObject(stub, (_i, state) => state.getWebSockets().length)).toBe(1);
    // Only member 1 still has the conversation open: a Web Push skips them, not member 2.
    expect(await stub.broadcast({ type: 'typing', userId: 5 })).toEqual({ sent: 1, open: [1] });
    a.socket.close(1000, 'done');
  });

  it('after an eviction that closes all its sockets, the same room takes new sockets and D1 holds every message for the resync', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const stub = roomStub(env, listingId, owner.id, member.id);
    const join = async (userId: number, partnerId: number) => {
      const headers = {
        Upgrade: 'websocket',
        'X-User-Id': String(userId),
        'X-Partner-Id': String(partnerId),
        'X-Listing-Id': String(listingId),
        ...sessionHeaders(),
      };
      return openSocket(await stub.fetch('http://room/', { headers }));
    };
    const post = async (content: string) => {
      const response = await call('/api/messages', {
        cookie: member.cookie,
        body: { receiverId: owner.id, listingId, content },
      });
      expect(response.status).toBe(201);
      return json<{ id: number }>(response);
    };
    const a = await join(member.id, owner.id);
    const b = await join(owner.id, member.id);
    const first = await post('First');
    await b.next((f) => f.type === 'message');
    expect((await listDurableObjectIds(env.CONVERSATION_ROOM)).some((id) => id.equals(stub.id))).toBe(true);

    // This room's eviction, its sockets closed. Not every object's: another test's work after its
    // reply (a push, a bell) may still hold its object, and an eviction of all then refuses.
    await evictDurableObject(stub, { webSockets: 'close' });
    await expect.poll(() => a.closed() && b.closed()).toBe(true);
    expect(await runInDurableObject(stub, (_instance, state) => state.getWebSockets().length)).toBe(0);
    // Stored while nobody is connected: the broadcast reaches no one, D1 has it.
    const away = await post('While the room was gone');

    const b2 = await join(owner.id, member.id);
    const a2 = await join(member.id, owner.id);
    expect(
      await runInDurableObject(stub, (_instance, state) =>
        state
          .getWebSockets()
          .map((ws) => state.getTags(ws)[0])
          .sort(),
      ),
    ).toEqual([`user:${member.id}`, `user:${owner.id}`].sort());
    const back = await post('Back again');
    expect(await b2.next((f) => f.type === 'message')).toMatchObject({ type: 'message', message: { id: back.id } });
    expect(b2.frames.filter((f) => f.type === 'message')).toHaveLength(1);
    a2.send({ type: 'typing' });
    expect(await b2.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: member.id });

    // The resync the client makes after reconnecting: every message, once, in order.
    const response = await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie });
    expect((await json<{ id: number }[]>(response)).map((m) => m.id)).toEqual([first.id, away.id, back.id]);
    // The reconnected reader's read mark goes to the other member.
    b2.send({ type: 'read', upTo: back.id });
    expect(await a2.next((f) => f.type === 'read')).toEqual({ type: 'read', userId: owner.id, upTo: back.id });
    for (const s of [a2, b2]) s.socket.close(1000, 'done');
    // Two sign-ups, nine round trips and an eviction of every object: on a machine busy with the
    // browser tests this took over the suite's 30 s once, so only a failure is bounded, generously.
  }, 120_000);
});

describe('ConversationRoom and ending sessions', () => {
  /** User ids no other test uses, so each test has its own member registries. */
  const freshId = () => 2_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const key = (c: string) => c.repeat(64);

  async function join(
    stub: DurableObjectStub<ConversationRoom>,
    userId: number,
    partnerId: number,
    session: { key: string; createdAt: number },
  ) {
    const headers = {
      Upgrade: 'websocket',
      'X-User-Id': String(userId),
      'X-Partner-Id': String(partnerId),
      'X-Listing-Id': String(LISTING),
      ...sessionHeaders(session),
    };
    return openSocket(await stub.fetch('http://room/', { headers }));
  }

  it('lists the room in the member’s registry while a socket of theirs is open, and forgets it after the last one closes', async () => {
    const [me, partner] = [freshId(), freshId()];
    const stub = room();
    const registry = memberSocketsStub(env, me);
    const a = await join(stub, me, partner, { key: key('1'), createdAt: 1000 });
    // Registered before the socket is handed out.
    expect(await registry.rooms()).toEqual([stub.id.toString()]);
    const b = await join(stub, me, partner, { key: key('2'), createdAt: 2000 });
    const other = await join(stub, partner, me, { key: key('3'), createdAt: 3000 });
    expect(await memberSocketsStub(env, partner).rooms()).toEqual([stub.id.toString()]);

    a.socket.close(1000, 'bye');
    await expect.poll(() => runInDurableObject(stub, (_i, state) => state.getWebSockets().length)).toBe(2);
    await settle();
    expect(await registry.rooms()).toEqual([stub.id.toString()]);
    b.socket.close(1000, 'bye');
    await expect.poll(() => registry.rooms()).toEqual([]);
    // The partner's own entry is untouched.
    expect(await memberSocketsStub(env, partner).rooms()).toEqual([stub.id.toString()]);
    other.socket.close(1000, 'done');
  });

  it('closes the member’s sockets of one session, of the sessions created up to a time, or all, with 4001 "Session ended"', async () => {
    const [me, partner] = [freshId(), freshId()];
    const stub = room();
    const old = await join(stub, me, partner, { key: key('1'), createdAt: 1000 });
    const newer = await join(stub, me, partner, { key: key('2'), createdAt: 2000 });
    const newest = await join(stub, me, partner, { key: key('4'), createdAt: 4000 });
    const theirs = await join(stub, partner, me, { key: key('3'), createdAt: 500 });

    expect(await stub.closeMemberSockets(me, { sessionKey: key('1') })).toEqual({ closed: 1, open: 2 });
    await expect.poll(() => old.closeEvent()).toEqual({ code: 4001, reason: 'Session ended' });
    // Another member's session key closes nothing of this member's, and nothing of theirs either.
    expect(await stub.closeMemberSockets(me, { sessionKey: key('3') })).toEqual({ closed: 0, open: 2 });
    expect(await stub.closeMemberSockets(me, { createdAtOrBefore: 1999 })).toEqual({ closed: 0, open: 2 });
    expect(await stub.closeMemberSockets(me, { createdAtOrBefore: 2000 })).toEqual({ closed: 1, open: 1 });
    await expect.poll(() => newer.closeEvent()).toEqual({ code: 4001, reason: 'Session ended' });
    await settle();
    expect(newest.closed()).toBe(false);

    expect(await stub.closeMemberSockets(me, { all: true }, 'Account suspended')).toEqual({ closed: 1, open: 0 });
    await expect.poll(() => newest.closeEvent()).toEqual({ code: 4001, reason: 'Account suspended' });
    // The partner's socket (the oldest session of all) stays open and served.
    expect(theirs.closed()).toBe(false);
    expect((await stub.broadcast({ type: 'typing', userId: 5 })).sent).toBe(1);
    expect(await theirs.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: 5 });
    await expect.poll(() => memberSocketsStub(env, me).rooms()).toEqual([]);
    theirs.socket.close(1000, 'done');
  });

  it('refuses the upgrade when the member’s registry cannot record it', async () => {
    const stub = room();
    // A registry whose table has the wrong shape: recording the room throws.
    const me = freshId();
    await runInDurableObject(memberSocketsStub(env, me), (_instance, state) => {
      state.storage.sql.exec('CREATE TABLE rooms (room TEXT PRIMARY KEY)');
    });
    const response = await stub.fetch('http://room/', {
      headers: {
        Upgrade: 'websocket',
        'X-User-Id': String(me),
        'X-Partner-Id': String(freshId()),
        'X-Listing-Id': String(LISTING),
        ...sessionHeaders(),
      },
    });
    expect(response.status).toBe(503);
    expect(
      await runInDurableObject(
        stub,
        (_i, state) => state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
      ),
    ).toBe(0);
  });
});
