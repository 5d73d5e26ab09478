import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, insertListing, json, signUp, signUpAdmin, type Member } from './helpers';

function send(
  from: Member,
  to: Member | number,
  listingId: number,
  content = 'Is this still available?',
  extra: Record<string, unknown> = {},
) {
  return call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: typeof to === 'number' ? to : to.id, listingId, content, ...extra },
  });
}

async function sent(from: Member, to: Member, listingId: number, content?: string) {
  const response = await send(from, to, listingId, content);
  expect(response.status).toBe(201);
  return json(response);
}

describe('POST /api/messages', () => {
  it('lets a member write to the owner about a listing, and the owner answer', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const response = await send(member, owner, listingId, '  Is this still available?  ');
    expect(response.status).toBe(201);
    const message = await json(response);
    expect(message).toEqual({
      id: expect.any(Number),
      senderId: member.id,
      receiverId: owner.id,
      listingId,
      content: 'Is this still available?',
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const reply = await send(owner, member, listingId, 'Yes it is!');
    expect(reply.status).toBe(201);
    expect(await json(reply)).toMatchObject({ senderId: owner.id, receiverId: member.id, content: 'Yes it is!' });
  });

  it('accepts a message without senderId (the session is the sender)', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const response = await call('/api/messages', {
      cookie: member.cookie,
      body: { receiverId: owner.id, listingId, content: 'Hello' },
    });
    expect(response.status).toBe(201);
    expect((await json(response)).senderId).toBe(member.id);
  });

  it('requires a signed-in member', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    const response = await call('/api/messages', { body: { receiverId: owner.id, listingId, content: 'Hello' } });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Authentication required', code: 'auth_required' });
  });

  it('refuses to send as someone else', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const response = await send(member, owner, listingId, 'Hello', { senderId: other.id });
    expect(response.status).toBe(403);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM messages WHERE listing_id = ?')
      .bind(listingId)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it.each([
    [{ content: '' }, 'content', 'Message cannot be empty'],
    [{ content: '   \n ' }, 'content', 'Message cannot be empty'],
    [{ content: undefined }, 'content', 'Message cannot be empty'],
    [{ content: 'x'.repeat(2001) }, 'content', 'Message must be at most 2000 characters'],
    [{ receiverId: undefined }, 'receiverId', 'Please choose who receives the message'],
    [{ receiverId: 'abc' }, 'receiverId', 'Please choose who receives the message'],
    [{ listingId: undefined }, 'listingId', 'Please choose the listing this message is about'],
    [{ listingId: 0 }, 'listingId', 'Please choose the listing this message is about'],
    [{ senderId: 'me' }, 'senderId', 'Invalid sender id'],
  ])('refuses %o with the schema message', async (override, field, message) => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const body = { senderId: member.id, receiverId: owner.id, listingId, content: 'Hello there', ...override };
    const response = await call('/api/messages', { cookie: member.cookie, body });
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.message).toBe(message);
    expect(reply.errors[field]).toBe(message);
  });

  it('accepts 2000 characters after trimming', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const response = await send(member, owner, listingId, `  ${'x'.repeat(2000)}  `);
    expect(response.status).toBe(201);
    expect((await json(response)).content).toHaveLength(2000);
  });

  it('answers 404 for an unknown listing or receiver', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const noListing = await send(member, owner, 999_999_999);
    expect(noListing.status).toBe(404);
    expect(await json(noListing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    const noUser = await send(member, 999_999_999, listingId);
    expect(noUser.status).toBe(404);
    expect(await json(noUser)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });

  it('refuses an owner contacting themselves about their own listing', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    const response = await send(owner, owner, listingId);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'You cannot contact yourself for your own listing',
      code: 'contact_yourself',
    });
  });

  it('refuses messages about a listing that do not involve its owner', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const between = await send(member, other, listingId);
    expect(between.status).toBe(400);
    expect(await json(between)).toEqual({
      message: 'Messages about a listing are between its owner and another member',
      code: expect.any(String),
    });
    const toSelf = await send(member, member, listingId);
    expect(toSelf.status).toBe(400);
    expect(await json(toSelf)).toEqual({
      message: 'Messages about a listing are between its owner and another member',
      code: expect.any(String),
    });
  });

  it('stores nothing for a refused message: no message, no conversation row, no bell entry', async () => {
    // The checks and the writes share one batch (sendMessage): the writes carry the same rules.
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const stored = async () =>
      env.DB.prepare(
        `SELECT (SELECT count(*) FROM messages WHERE sender_id IN (?1, ?2, ?3)) AS messages,
                (SELECT count(*) FROM conversation_sides WHERE user_id IN (?1, ?2, ?3)) AS sides,
                (SELECT count(*) FROM notifications WHERE user_id IN (?1, ?2, ?3)) AS entries`,
      )
        .bind(owner.id, member.id, other.id)
        .first();
    const before = await stored();
    for (const [from, to, listing, status] of [
      [member, owner, 999_999_999, 404],
      [member, 999_999_999, listingId, 404],
      [owner, owner, listingId, 400],
      [member, other, listingId, 400],
      [member, member, listingId, 400],
    ] as const) {
      expect((await send(from, to, listing)).status).toBe(status);
    }
    expect(await stored()).toEqual(before);
    // And a valid one after them is stored with its bell line, which names the listing.
    expect((await send(member, owner, listingId, 'Still there?')).status).toBe(201);
    const bell = await json(await call('/api/notifications', { cookie: owner.cookie }));
    expect(bell.notifications[0]).toMatchObject({
      kind: 'message',
      count: 1,
      text: expect.stringMatching(/^New message from .+ about "Hand-built oak bookshelf"$/),
    });
  });

  it('limits a member to 30 messages a minute (429 with Retry-After)', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    for (let i = 0; i < 30; i++) expect((await send(member, owner, listingId, `Message ${i}`)).status).toBe(201);
    const limited = await send(member, owner, listingId, 'One too many');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    // The limit is per member: someone else can still write.
    expect((await send(other, owner, listingId, 'Hello')).status).toBe(201);
  });
});

describe('GET /api/users/:id/messages', () => {
  it('lists every message the member sent or received, newest first', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const first = await insertListing(owner, 'First listing here');
    const second = await insertListing(member, 'Second listing here');
    const a = await sent(member, owner, first, 'one');
    const b = await sent(owner, member, first, 'two');
    const c = await sent(other, member, second, 'three');
    await sent(other, owner, first, 'not about the member');
    const response = await call(`/api/users/${member.id}/messages`, { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect((await json<any[]>(response)).map((m) => m.id)).toEqual([c.id, b.id, a.id]);
  });

  it('is private: 401 for visitors, 403 for other members and admins', async () => {
    const [member, other, admin] = await Promise.all([signUp(), signUp(), signUpAdmin()]);
    expect((await call(`/api/users/${member.id}/messages`)).status).toBe(401);
    expect((await call(`/api/users/${member.id}/messages`, { cookie: other.cookie })).status).toBe(403);
    expect((await call(`/api/users/${member.id}/messages`, { cookie: admin.cookie })).status).toBe(403);
    expect((await call(`/api/users/${member.id}/messages`, { cookie: member.cookie })).status).toBe(200);
  });
});

describe('GET /api/conversations', () => {
  it('summarises each (listing, partner) conversation, newest first, with unread counts', async () => {
    const [owner, alice, bob] = await Promise.all([
      signUp(),
      signUp({ displayName: 'Alice Example' }),
      signUp({ displayName: 'Bob Example' }),
    ]);
    const shelf = await insertListing(owner, 'Oak bookshelf');
    const lamp = await insertListing(owner, 'Brass desk lamp');
    await sent(alice, owner, shelf, 'Hi about the shelf');
    await sent(alice, owner, shelf, 'Still there?');
    await sent(owner, alice, shelf, 'Yes!');
    await sent(bob, owner, shelf, 'Bob here');
    await sent(alice, owner, lamp, 'And the lamp?');

    const response = await call('/api/conversations', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const summaries = await json<any[]>(response);
    expect(summaries).toHaveLength(3);
    expect(summaries[0]).toEqual({
      // The conversation's address (docs/api/offers.md): listing, then the lower and higher member id.
      conversation: `${lamp}-${Math.min(owner.id, alice.id)}-${Math.max(owner.id, alice.id)}`,
      partner: { id: alice.id, username: alice.username, displayName: 'Alice Example', avatarUrl: null },
      listing: { id: lamp, title: 'Brass desk lamp' },
      lastMessage: 'And the lamp?',
      lastMessageTime: expect.any(String),
      unreadCount: 1,
    });
    expect(summaries[1]).toMatchObject({
      partner: { id: bob.id, displayName: 'Bob Example' },
      listing: { id: shelf },
      lastMessage: 'Bob here',
      unreadCount: 1,
    });
    // The owner's own reply is the last message; both of Alice's are still unread.
    expect(summaries[2]).toMatchObject({
      partner: { id: alice.id },
      listing: { id: shelf, title: 'Oak bookshelf' },
      lastMessage: 'Yes!',
      unreadCount: 2,
    });
    expect(summaries[0].lastMessageTime >= summaries[1].lastMessageTime).toBe(true);
    expect(summaries[1].lastMessageTime >= summaries[2].lastMessageTime).toBe(true);

    const alicesView = await json<any[]>(await call('/api/conversations', { cookie: alice.cookie }));
    expect(alicesView.map((s) => [s.partner.id, s.listing.id, s.unreadCount])).toEqual([
      [owner.id, lamp, 0],
      [owner.id, shelf, 1],
    ]);
  });

  it('is empty for a member without messages and 401 for visitors', async () => {
    const member = await signUp();
    expect(await json(await call('/api/conversations', { cookie: member.cookie }))).toEqual([]);
    expect((await call('/api/conversations')).status).toBe(401);
  });
});

describe('GET /api/conversations/:userId/:partnerId/:listingId', () => {
  it('returns the pair’s messages about the listing, oldest first, and marks the received ones read', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const otherListing = await insertListing(owner, 'Another listing');
    const m1 = await sent(member, owner, listingId, 'first');
    const m2 = await sent(owner, member, listingId, 'second');
    const m3 = await sent(member, owner, listingId, 'third');
    await sent(other, owner, listingId, 'someone else');
    await sent(member, owner, otherListing, 'another listing');

    const response = await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const thread = await json<any[]>(response);
    expect(thread.map((m) => m.id)).toEqual([m1.id, m2.id, m3.id]);
    // The owner received m1 and m3: now read. m2 waits for the member to read it.
    expect(thread.map((m) => m.read)).toEqual([true, false, true]);

    const ownerSummaries = await json<any[]>(await call('/api/conversations', { cookie: owner.cookie }));
    const unread = Object.fromEntries(ownerSummaries.map((s) => [`${s.partner.id}:${s.listing.id}`, s.unreadCount]));
    expect(unread).toEqual({
      [`${member.id}:${listingId}`]: 0,
      [`${other.id}:${listingId}`]: 1,
      [`${member.id}:${otherListing}`]: 1,
    });

    const memberThread = await json<any[]>(
      await call(`/api/conversations/${member.id}/${owner.id}/${listingId}`, { cookie: member.cookie }),
    );
    expect(memberThread.map((m) => m.read)).toEqual([true, true, true]);
  });

  it('is the caller’s own: 401 for visitors, 403 for another userId', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await sent(member, owner, listingId, 'private');
    expect((await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`)).status).toBe(401);
    expect(
      (await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: other.cookie })).status,
    ).toBe(403);
    // Reading someone else's conversation must not mark it read either.
    const row = await env.DB.prepare('SELECT read FROM messages WHERE listing_id = ?')
      .bind(listingId)
      .first<{ read: number }>();
    expect(row!.read).toBe(0);
  });

  it('answers 404 for an unknown listing or partner, and an empty list before any message', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const noListing = await call(`/api/conversations/${member.id}/${owner.id}/999999999`, { cookie: member.cookie });
    expect(noListing.status).toBe(404);
    expect(await json(noListing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    const noPartner = await call(`/api/conversations/${member.id}/999999999/${listingId}`, { cookie: member.cookie });
    expect(noPartner.status).toBe(404);
    const empty = await call(`/api/conversations/${member.id}/${owner.id}/${listingId}`, { cookie: member.cookie });
    expect(empty.status).toBe(200);
    expect(await json(empty)).toEqual([]);
  });
});
