// GET /api/conversations/:partnerId/:listingId/ws through the Worker, and the room's part in
// POST /api/messages and in read marks.
import { env, evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomStub } from '../../worker/lib/conversation-room';
import { call, insertListing, json, ORIGIN, signUp, type Member } from './helpers';
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
  const response = await call('/api/messages', { cookie: from.cookie, body: { receiverId: to.id, listingId, content } });
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
    expect(await json(response)).toEqual({ message: 'Expected a WebSocket upgrade' });
  });

  it('refuses a visitor with 401', async () => {
    const { owner, listingId } = await conversation();
    const response = await upgrade(null, owner.id, listingId);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Authentication required' });
  });

  it('refuses a foreign Origin with 403', async () => {
    const { owner, member, listingId } = await conversation();
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://localhost:8787']) {
      const response = await upgrade(member, owner.id, listingId, origin);
      expect(response.status, origin).toBe(403);
      expect(await json(response)).toEqual({ message: 'Cross-origin requests are not allowed' });
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
    expect(await json(response)).toEqual({ message: 'Conversations about a listing are between its owner and another member' });
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
  it('delivers a posted message to the other member within a second, as the API returns it', async () => {
    const { owner, member, listingId } = await conversation();
    const a = await connect(member, owner, listingId);
    const b = await connect(owner, member, listingId);
    const message = await post(member, owner, listingId, 'Is this still available?');
    expect(await b.next((f) => f.type === 'message', 1000)).toEqual({ type: 'message', message });
    // The sender's other tabs see it too.
    expect(await a.next((f) => f.type === 'message', 1000)).toEqual({ type: 'message', message });
    const reply = await post(owner, member, listingId, 'Yes it is!');
    expect(await a.next((f) => f.type === 'message' && f.message.id === reply.id, 1000)).toEqual({ type: 'message', message: reply });
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
    const rows = await env.DB.prepare('SELECT id, read FROM messages WHERE listing_id = ? ORDER BY id').bind(listingId).all<{ id: number; read: number }>();
    expect(rows.results).toEqual([
      { id: first.id, read: 1 },
      { id: second.id, read: 1 },
      { id: third.id, read: 0 },
      { id: mine.id, read: 0 },
    ]);
    // A member cannot mark the messages they sent as read for the other side.
    a.send({ type: 'read', upTo: third.id });
    await b.next((f) => f.type === 'read' && f.userId === member.id);
    const after = await env.DB.prepare('SELECT read FROM messages WHERE id = ?').bind(third.id).first<{ read: number }>();
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

  it('still stores the message when nobody is connected', async () => {
    const { owner, member, listingId } = await conversation();
    const message = await post(member, owner, listingId, 'Anyone?');
    const row = await env.DB.prepare('SELECT content FROM messages WHERE id = ?').bind(message.id).first<{ content: string }>();
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
    expect(await again.next((f) => f.type === 'message', 1000)).toEqual({ type: 'message', message: after });

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
    expect(await a.next((f) => f.type === 'message', 1000)).toEqual({ type: 'message', message });
    a.send({ type: 'typing' });
    expect(await b.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: member.id });
    for (const s of [a, b]) s.socket.close(1000, 'done');
  });
});
