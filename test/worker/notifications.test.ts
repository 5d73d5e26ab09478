import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '@/shared/contract/notifications';
import { call, insertListing, json, ORIGIN, signUp, type Member } from './helpers';
import { openSocket } from './ws-client';

const notificationsOf = async (member: Member): Promise<NotificationsResponse> => {
  const response = await call('/api/notifications', { cookie: member.cookie });
  expect(response.status).toBe(200);
  return json(response);
};

const send = async (from: Member, to: Member, listingId: number, content = 'Is this still available?') => {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status).toBe(201);
  return json(response);
};

const markRead = (member: Member, body: unknown = {}) =>
  call('/api/notifications/read', { cookie: member.cookie, body });

describe('GET /api/notifications', () => {
  it('needs a session', async () => {
    expect((await call('/api/notifications')).status).toBe(401);
    expect((await call('/api/notifications/read', { body: {} })).status).toBe(401);
  });

  it('starts empty', async () => {
    const member = await signUp();
    expect(await notificationsOf(member)).toEqual({ unreadCount: 0, unreadConversations: 0, notifications: [] });
  });

  it('folds the messages of one conversation into one entry, and a second conversation is a second entry', async () => {
    const [owner, buyer] = await Promise.all([signUp(), signUp({ displayName: 'Nina Neighbour' })]);
    const bike = await insertListing(owner, 'Blue road bike');
    const lamp = await insertListing(owner, 'Brass desk lamp');

    await send(buyer, owner, bike);
    await send(buyer, owner, bike, 'Could I see it on Saturday?');
    await send(buyer, owner, bike, 'Or Sunday morning?');
    let seen = await notificationsOf(owner);
    expect(seen.unreadCount).toBe(1);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]).toMatchObject({
      kind: 'message',
      count: 3,
      read: false,
      text: 'New message from Nina Neighbour about "Blue road bike"',
      link: `/messages/${bike}-${Math.min(owner.id, buyer.id)}-${Math.max(owner.id, buyer.id)}`,
    });

    await send(buyer, owner, lamp);
    seen = await notificationsOf(owner);
    expect(seen.unreadCount).toBe(2);
    expect(seen.notifications.map((n) => n.text)).toEqual([
      'New message from Nina Neighbour about "Brass desk lamp"',
      'New message from Nina Neighbour about "Blue road bike"',
    ]);
    // The sender gets nothing for their own messages.
    expect((await notificationsOf(buyer)).unreadCount).toBe(0);
  });

  it('reading the conversation settles its entry; a later message starts a fresh count', async () => {
    const [owner, buyer] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await send(buyer, owner, listingId);
    await send(buyer, owner, listingId);

    const read = await call(`/api/conversations/${owner.id}/${buyer.id}/${listingId}`, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    let seen = await notificationsOf(owner);
    expect(seen.unreadCount).toBe(0);
    expect(seen.notifications[0]).toMatchObject({ read: true, count: 2 });

    await send(buyer, owner, listingId);
    seen = await notificationsOf(owner);
    expect(seen.unreadCount).toBe(1);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]).toMatchObject({ read: false, count: 1 });
  });

  it('a read receipt sent over the live socket settles the entry too', async () => {
    const [owner, buyer] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const sent = await send(buyer, owner, listingId);
    const socket = openSocket(
      await call(`/api/conversations/${buyer.id}/${listingId}/ws`, {
        cookie: owner.cookie,
        headers: { Upgrade: 'websocket', Origin: ORIGIN },
      }),
    );
    socket.send({ type: 'read', upTo: sent.id });
    const deadline = Date.now() + 2000;
    while ((await notificationsOf(owner)).unreadCount !== 0) {
      if (Date.now() > deadline) throw new Error('the read frame did not settle the notification');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    socket.socket.close();
  });

  it('tells the reviewed member about a review, in the same batch as the review', async () => {
    const [owner, buyer] = await Promise.all([signUp(), signUp({ displayName: 'Rita Reviewer' })]);
    const listingId = await insertListing(owner);
    await send(buyer, owner, listingId);
    const recorded = await call('/api/barters', {
      cookie: buyer.cookie,
      body: { listingId, initiatorId: buyer.id, recipientId: owner.id },
    });
    const barter = await json(recorded);
    expect((await call(`/api/barters/${barter.id}/complete`, { method: 'PATCH', cookie: owner.cookie })).status).toBe(
      200,
    );

    const body = {
      reviewerId: buyer.id,
      userId: owner.id,
      barterId: barter.id,
      listingId,
      rating: 4,
      comment: 'Smooth trade, thanks!',
    };
    expect((await call('/api/reviews', { cookie: buyer.cookie, body })).status).toBe(201);
    expect((await call('/api/reviews', { cookie: buyer.cookie, body })).status).toBe(409);

    const reviews = (await notificationsOf(owner)).notifications.filter((n) => n.kind === 'review');
    expect(reviews).toEqual([
      expect.objectContaining({
        text: 'Rita Reviewer left you a review: 4 stars',
        link: `/profile/${owner.username}`,
        count: 1,
        read: false,
      }),
    ]);
  });
});

describe('POST /api/notifications/read', () => {
  async function ownerWithTwoEntries() {
    const [owner, buyer] = await Promise.all([signUp(), signUp()]);
    const first = await insertListing(owner, 'Garden shears');
    const second = await insertListing(owner, 'Camping stove');
    await send(buyer, owner, first);
    await send(buyer, owner, second);
    return { owner, buyer };
  }

  it('marks the given entries read and answers the new unread count', async () => {
    const { owner } = await ownerWithTwoEntries();
    const [newest] = (await notificationsOf(owner)).notifications;
    const response = await markRead(owner, { ids: [newest!.id] });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ unreadCount: 1 });
    const after = await notificationsOf(owner);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false]);
  });

  it('marks everything read when no ids are given', async () => {
    const { owner } = await ownerWithTwoEntries();
    expect(await json(await markRead(owner))).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(owner)).notifications.every((n) => n.read)).toBe(true);
  });

  it("cannot touch another member's entries", async () => {
    const { owner } = await ownerWithTwoEntries();
    const stranger = await signUp();
    const ids = (await notificationsOf(owner)).notifications.map((n) => n.id);
    expect(await json(await markRead(stranger, { ids }))).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(owner)).unreadCount).toBe(2);
  });

  it('refuses malformed ids with a clear message', async () => {
    const member = await signUp();
    for (const ids of ['all', [0], [1.5], ['3']]) {
      const response = await markRead(member, { ids });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe('ids must be a list of notification ids');
    }
  });
});
