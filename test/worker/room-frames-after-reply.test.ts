// A new message's frame is sent after the sender's reply (decision 033), so a socket may join the
// room between the message being stored and its frame: that socket has the message from its
// resync, and the room leaves it out of the frame. Sockets that joined before get every frame.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { newestMessageId } from '@worker/db/queries/conversation-sides';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { call, insertListing, json, signUp } from './helpers';
import { openSocket, settle } from './ws-client';

const SESSION = { 'X-Session-Key': 'b'.repeat(64), 'X-Session-Created': String(1_700_000_000_000) };

async function join(listingId: number, userId: number, partnerId: number) {
  const headers = {
    Upgrade: 'websocket',
    'X-User-Id': String(userId),
    'X-Partner-Id': String(partnerId),
    'X-Listing-Id': String(listingId),
    ...SESSION,
  };
  return openSocket(await roomStub(env, listingId, userId, partnerId).fetch('http://room/', { headers }));
}

/** A message stored in D1 the way the route stores it, without the route's fan-out. */
async function store(senderId: number, receiverId: number, listingId: number, content: string) {
  await env.DB.prepare('INSERT INTO messages (sender_id, receiver_id, listing_id, content) VALUES (?, ?, ?, ?)')
    .bind(senderId, receiverId, listingId, content)
    .run();
  const row = await env.DB.prepare('SELECT max(id) AS id FROM messages WHERE listing_id = ?')
    .bind(listingId)
    .first<{ id: number }>();
  return { id: row!.id, senderId, receiverId, listingId, content, read: false, createdAt: new Date().toISOString() };
}

describe('message frames after the reply', () => {
  it('reach the sockets that joined before the message was stored, not one that joined after', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const before = await join(listingId, owner.id, member.id);
    const stored = await store(member.id, owner.id, listingId, 'Stored, frame not yet sent');
    const after = await join(listingId, member.id, owner.id);

    const room = roomStub(env, listingId, owner.id, member.id);
    // Only the earlier socket gets the frame, yet both members have the conversation open (no Web Push for either).
    const first = await room.broadcast({ type: 'message', message: stored });
    expect(first.sent).toBe(1);
    expect(first.open.sort()).toEqual([owner.id, member.id].sort());
    expect(await before.next((f) => f.type === 'message')).toMatchObject({ message: { id: stored.id } });

    // A message stored once both are in: both get it.
    const next = await store(owner.id, member.id, listingId, 'Both are here now');
    expect((await room.broadcast({ type: 'message', message: next })).sent).toBe(2);
    expect(await after.next((f) => f.type === 'message')).toMatchObject({ message: { id: next.id } });
    await settle();
    expect(after.frames.filter((f) => f.type === 'message').map((f) => f.message.id)).toEqual([next.id]);
    // Other frames are not filtered.
    expect((await room.broadcast({ type: 'typing', userId: owner.id })).sent).toBe(2);
    for (const s of [before, after]) s.socket.close(1000, 'done');
  });

  it('through the route: the sender has the reply, the partner in the room gets the frame once', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const ownerSocket = await join(listingId, owner.id, member.id);
    const sent = await json<{ id: number }>(
      await call('/api/messages', {
        cookie: member.cookie,
        body: { receiverId: owner.id, listingId, content: 'Is it still there?' },
      }),
    );
    expect(await ownerSocket.next((f) => f.type === 'message')).toMatchObject({
      message: { id: sent.id, content: 'Is it still there?' },
    });
    await settle();
    expect(ownerSocket.frames.filter((f) => f.type === 'message')).toHaveLength(1);
    ownerSocket.socket.close(1000, 'done');
  });

  it("reads the newest id from the conversation's row, 0 before any message", async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    expect(await newestMessageId(env.DB, listingId, member.id, owner.id)).toBe(0);
    const first = await store(member.id, owner.id, listingId, 'First');
    expect(await newestMessageId(env.DB, listingId, member.id, owner.id)).toBe(first.id);
    expect(await newestMessageId(env.DB, listingId, owner.id, member.id)).toBe(first.id);
    const reply = await store(owner.id, member.id, listingId, 'Reply');
    expect(await newestMessageId(env.DB, listingId, member.id, owner.id)).toBe(reply.id);
  });
});
