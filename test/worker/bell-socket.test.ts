// The bell socket (docs/api/notifications.md, "Live updates"; decision 027): the header holds one
// WebSocket to the member's MemberSockets object, and every write to the member's notification rows
// pushes a "notifications" frame with the unread count to it (decision 050), so the bell does not poll. Driven through the
// Worker's routes, the conversation room and a cron job, as the SPA and the triggers use them.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { alertNewListings } from '@worker/cron/saved-search-alerts';
import {
  MAX_BELL_PUSHES,
  memberSocketsStub,
  pushNotificationChanges,
} from '@worker/durable-objects/member-sockets-client';
import { call, createListing, insertListing, json, ORIGIN, sessionCookie, signUp, type Member } from './helpers';
import { openSocket, settle, type TestSocket } from './ws-client';

const isBell = (frame: { type: string }) => frame.type === 'notifications';

/** A bell socket, past its first frame (the bell as it stands when it connects). */
async function bell(cookie: string): Promise<TestSocket> {
  const socket = openSocket(
    await call('/api/notifications/ws', { cookie, headers: { Upgrade: 'websocket', Origin: ORIGIN } }),
  );
  await socket.next(isBell);
  socket.frames.length = 0;
  return socket;
}

async function signIn(member: Member): Promise<string> {
  const response = await call('/api/auth/login', { body: { username: member.username, password: member.password } });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

const send = (from: Member, to: Member, listingId: number, content = 'Shall we trade?') =>
  call('/api/messages', { cookie: from.cookie, body: { senderId: from.id, receiverId: to.id, listingId, content } });

async function expectNoBellFrame(...sockets: TestSocket[]) {
  await settle();
  for (const socket of sockets) expect(socket.frames.filter(isBell)).toEqual([]);
}

function closeAll(...sockets: TestSocket[]) {
  for (const socket of sockets) if (!socket.closed()) socket.socket.close(1000, 'done');
}

describe('the bell socket', () => {
  it('is refused without a session, from another origin, and without an upgrade', async () => {
    const member = await signUp();
    expect((await call('/api/notifications/ws', { headers: { Upgrade: 'websocket', Origin: ORIGIN } })).status).toBe(
      401,
    );
    const foreign = await call('/api/notifications/ws', {
      cookie: member.cookie,
      headers: { Upgrade: 'websocket', Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await json(foreign)).toEqual({ message: 'Cross-origin requests are not allowed', code: 'cross_origin' });
    expect((await call('/api/notifications/ws', { cookie: member.cookie })).status).toBe(426);
  });

  it('sends the bell as it stands first, on every connect', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const first = openSocket(
      await call('/api/notifications/ws', { cookie: owner.cookie, headers: { Upgrade: 'websocket', Origin: ORIGIN } }),
    );
    expect(await first.next(isBell)).toEqual({ type: 'notifications', unreadCount: 0, unreadConversations: 0 });
    first.socket.close(1000, 'done');
    expect((await send(member, owner, listingId)).status).toBe(201);
    // A reconnect is in sync without a request: what changed while it was down comes first.
    const again = openSocket(
      await call('/api/notifications/ws', { cookie: owner.cookie, headers: { Upgrade: 'websocket', Origin: ORIGIN } }),
    );
    const hello = await again.next(isBell);
    const now = await json(await call('/api/notifications', { cookie: owner.cookie }));
    expect(hello).toEqual({
      type: 'notifications',
      unreadCount: now.unreadCount,
      unreadConversations: now.unreadConversations,
    });
    expect(hello.type === 'notifications' && hello.unreadCount).toBe(1);
    closeAll(again);
  });

  it('a message pushes a frame to the receiver’s bell sockets (every session), not to the sender’s', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const ownerA = await bell(owner.cookie);
    const ownerB = await bell(await signIn(owner));
    const memberBell = await bell(member.cookie);
    expect(await memberSocketsStub(env, owner.id).bellSocketCount()).toBe(2);

    expect((await send(member, owner, listingId)).status).toBe(201);
    const frame = await ownerA.next(isBell);
    await ownerB.next(isBell);
    await expectNoBellFrame(memberBell);
    // The sender's own conversation is not unread for them.
    expect((await json(await call('/api/notifications', { cookie: member.cookie }))).unreadConversations).toBe(0);
    // The frame carries the unread count exactly as GET /api/notifications answers it now.
    const list = await json(await call('/api/notifications', { cookie: owner.cookie }));
    expect(list.unreadCount).toBe(1);
    expect(list.unreadConversations).toBe(1);
    expect(list.notifications[0]).toMatchObject({ kind: 'message', read: false, count: 1 });
    expect(frame).toEqual({
      type: 'notifications',
      unreadCount: list.unreadCount,
      unreadConversations: list.unreadConversations,
    });

    // A second message bumps the same entry: a frame comes (the panel, if open, reads the list), the count stays.
    ownerA.frames.length = 0;
    expect((await send(member, owner, listingId, 'Any news?')).status).toBe(201);
    const bumped = await ownerA.next(isBell);
    expect(bumped).toEqual({ type: 'notifications', unreadCount: 1, unreadConversations: 1 });
    expect((await json(await call('/api/notifications', { cookie: owner.cookie }))).notifications[0]).toMatchObject({
      kind: 'message',
      read: false,
      count: 2,
    });
    closeAll(ownerA, ownerB, memberBell);
  });

  it('marking read tells every bell of the member, the marking session’s too', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    expect((await send(member, owner, listingId)).status).toBe(201);
    const cookieB = await signIn(owner);
    const here = await bell(owner.cookie);
    const elsewhere = await bell(cookieB);
    const response = await call('/api/notifications/read', { cookie: owner.cookie, body: {} });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ unreadCount: 0 });
    for (const socket of [here, elsewhere]) {
      const told = await socket.next(isBell);
      expect(told.type === 'notifications' && told.unreadCount).toBe(0);
      expect(told.type === 'notifications' && told.unreadConversations).toBe(0);
    }
    closeAll(here, elsewhere);
  });

  it('reading a conversation (its page, or a read mark over the live chat) settles the entry and tells every bell of the member', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    expect((await send(member, owner, listingId)).status).toBe(201);
    const cookieB = await signIn(owner);
    const here = await bell(owner.cookie);
    const elsewhere = await bell(cookieB);

    // The thread's page, read in session A.
    expect(
      (await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie })).status,
    ).toBe(200);
    await elsewhere.next(isBell);
    // The Messages link's count goes down with the read (decision 061).
    expect(await here.next(isBell)).toEqual({ type: 'notifications', unreadCount: 0, unreadConversations: 0 });

    // A second message, then a read mark over the live chat of session A: the room pushes too.
    elsewhere.frames.length = 0;
    here.frames.length = 0;
    const sent = await send(member, owner, listingId, 'Still there?');
    const { id } = await json(sent);
    expect(await here.next(isBell)).toEqual({ type: 'notifications', unreadCount: 1, unreadConversations: 1 });
    await elsewhere.next(isBell);
    here.frames.length = 0;
    elsewhere.frames.length = 0;
    const chat = openSocket(
      await call(`/api/conversations/${member.id}/${listingId}/ws`, {
        cookie: owner.cookie,
        headers: { Upgrade: 'websocket', Origin: ORIGIN },
      }),
    );
    chat.send({ type: 'read', upTo: id });
    await chat.next((f) => f.type === 'read');
    for (const socket of [here, elsewhere]) {
      const told = await socket.next(isBell);
      expect(told).toEqual({ type: 'notifications', unreadCount: 0, unreadConversations: 0 });
    }
    expect((await json(await call('/api/notifications', { cookie: cookieB }))).unreadCount).toBe(0);
    closeAll(chat, here, elsewhere);
  });

  it('a read that settles nothing and a refused message push no frame', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    expect((await send(member, owner, listingId)).status).toBe(201);
    const ownerBell = await bell(owner.cookie);
    const memberBell = await bell(member.cookie);
    expect(
      (await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie })).status,
    ).toBe(200);
    await ownerBell.next(isBell); // the first read settles the entry
    ownerBell.frames.length = 0;
    // Nothing unread now: reading again leaves the bell as it is.
    expect(
      (await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie })).status,
    ).toBe(200);
    expect(
      (await call(`/api/conversations/${owner.id}/${member.id}/${listingId}?limit=20`, { cookie: owner.cookie }))
        .status,
    ).toBe(200);
    // A message refused (to someone not in the listing's conversation) stores nothing.
    const other = await signUp();
    expect((await send(member, other, listingId)).status).toBe(400);
    await expectNoBellFrame(ownerBell, memberBell);
    closeAll(ownerBell, memberBell);
  });

  it('a cron writer (saved-search alerts) pushes to the members it notified', async () => {
    const [searcher, seller] = await Promise.all([signUp(), signUp()]);
    const start = Date.now() - 60_000;
    await env.DB.prepare(
      'INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at) VALUES (?, ?, NULL, 1, ?)',
    )
      .bind(searcher.id, 'telescope', new Date(start - 60_000).toISOString())
      .run();
    const searcherBell = await bell(searcher.cookie);
    const sellerBell = await bell(seller.cookie);
    await createListing(seller, { title: 'Brass telescope, 60 mm' });
    const run = await alertNewListings(env, new Date(start).toISOString(), new Date(Date.now() + 1000).toISOString());
    expect(run.notifications).toBe(1);
    await searcherBell.next(isBell);
    await expectNoBellFrame(sellerBell);
    closeAll(searcherBell, sellerBell);
  });

  it('sign-out closes that session’s bell socket with 4001; the other session’s stays open', async () => {
    const member = await signUp();
    const cookieB = await signIn(member);
    const a = await bell(member.cookie);
    const b = await bell(cookieB);
    expect((await call('/api/auth/logout', { method: 'POST', cookie: member.cookie })).status).toBe(200);
    await expect.poll(() => a.closeEvent()).toEqual({ code: 4001, reason: 'Session ended' });
    await settle();
    expect(b.closed()).toBe(false);
    expect((await call('/api/auth/logout-everywhere', { method: 'POST', cookie: cookieB })).status).toBe(200);
    await expect.poll(() => b.closeEvent()).toEqual({ code: 4001, reason: 'Session ended' });
  });

  it('pushes leave in order: the last frame has the bell as it ended', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listings = await Promise.all([
      insertListing(owner, 'Two-person tent'),
      insertListing(owner, 'Sea kayak, blue'),
      insertListing(owner, 'Wooden paddle'),
    ]);
    const socket = await bell(owner.cookie);
    await Promise.all(listings.map((id) => send(member, owner, id)));
    await expect.poll(() => socket.frames.filter(isBell).length).toBe(3);
    const last = socket.frames.filter(isBell).at(-1)!;
    expect(last.type === 'notifications' && last.unreadCount).toBe(3);
    closeAll(socket);
  });

  it('a push reaches at most MAX_BELL_PUSHES members and never throws for members with no socket', async () => {
    const ids = Array.from({ length: MAX_BELL_PUSHES + 5 }, (_, i) => 900_000 + i);
    expect(await pushNotificationChanges(env, [...ids, ids[0]!, -1])).toBe(MAX_BELL_PUSHES);
    expect(await memberSocketsStub(env, ids[0]!).rooms()).toEqual([]);
  });
});
