// The ConversationRoom on its own: accepting members, fan-out, client frames, hibernation, and an
// eviction that closes every socket (new sockets work, D1 keeps what the resync needs).
import { env, evictAllDurableObjects, evictDurableObject, listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ConversationRoom } from '../../worker/durable-objects/conversation-room';
import { roomName, roomStub } from '../../worker/lib/conversation-room';
import { call, insertListing, json, signUp } from './helpers';
import { openSocket, settle } from './ws-client';

const LISTING = 987654;

function room() {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(crypto.randomUUID()));
}

async function connect(stub: DurableObjectStub<ConversationRoom>, userId: number, partnerId: number) {
  const headers = { Upgrade: 'websocket', 'X-User-Id': String(userId), 'X-Partner-Id': String(partnerId), 'X-Listing-Id': String(LISTING) };
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
    const same = await room().fetch('http://room/', { headers: { Upgrade: 'websocket', 'X-User-Id': '1', 'X-Partner-Id': '1', 'X-Listing-Id': '1' } });
    expect(same.status).toBe(400);
  });

  it('tags each socket with its member and keeps the member in the attachment', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    const seen = await runInDurableObject(stub, (_instance, state) =>
      state.getWebSockets().map((ws) => ({ tags: state.getTags(ws), member: ws.deserializeAttachment() })),
    );
    seen.sort((x, y) => String(x.tags[0]).localeCompare(String(y.tags[0])));
    expect(seen).toEqual([
      { tags: ['user:1'], member: { userId: 1, partnerId: 2, listingId: LISTING } },
      { tags: ['user:2'], member: { userId: 2, partnerId: 1, listingId: LISTING } },
    ]);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('sends a broadcast frame to every open socket of the room, and only that room', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    const elsewhere = await connect(room(), 3, 4);
    const frame = { type: 'typing', userId: 9 } as const;
    expect(await stub.broadcast(frame)).toBe(2);
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
    expect(await stub.broadcast({ type: 'typing', userId: 5 })).toBe(2);
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });

  it('forgets a closed socket', async () => {
    const stub = room();
    const a = await connect(stub, 1, 2);
    const b = await connect(stub, 2, 1);
    b.socket.close(1000, 'bye');
    await expect.poll(() => runInDurableObject(stub, (_i, state) => state.getWebSockets().length)).toBe(1);
    expect(await stub.broadcast({ type: 'typing', userId: 5 })).toBe(1);
    a.socket.close(1000, 'done');
  });

  it('after an eviction that closes every socket, the same room takes new sockets and D1 holds every message for the resync', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const stub = roomStub(env, listingId, owner.id, member.id);
    const join = async (userId: number, partnerId: number) => {
      const headers = { Upgrade: 'websocket', 'X-User-Id': String(userId), 'X-Partner-Id': String(partnerId), 'X-Listing-Id': String(listingId) };
      return openSocket(await stub.fetch('http://room/', { headers }));
    };
    const post = async (content: string) => {
      const response = await call('/api/messages', { cookie: member.cookie, body: { receiverId: owner.id, listingId, content } });
      expect(response.status).toBe(201);
      return json<{ id: number }>(response);
    };
    const a = await join(member.id, owner.id);
    const b = await join(owner.id, member.id);
    const first = await post('First');
    await b.next((f) => f.type === 'message');
    expect((await listDurableObjectIds(env.CONVERSATION_ROOM)).some((id) => id.equals(stub.id))).toBe(true);

    await evictAllDurableObjects({ webSockets: 'close' });
    await expect.poll(() => a.closed() && b.closed()).toBe(true);
    expect(await runInDurableObject(stub, (_instance, state) => state.getWebSockets().length)).toBe(0);
    // Stored while nobody is connected: the broadcast reaches no one, D1 has it.
    const away = await post('While the room was gone');

    const b2 = await join(owner.id, member.id);
    const a2 = await join(member.id, owner.id);
    expect(await runInDurableObject(stub, (_instance, state) => state.getWebSockets().map((ws) => state.getTags(ws)[0]).sort())).toEqual(
      [`user:${member.id}`, `user:${owner.id}`].sort(),
    );
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
  });
});
