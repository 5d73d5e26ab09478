// A block stops contact both ways (docs/api/blocks.md): messages (a stale tab included), every
// offer step, recording a barter and the live chat answer 403 "You cannot message this member" and
// write nothing; an open conversation socket between the two closes at once when the block is made;
// the thread stays readable; open offers expire; a pending barter can still be settled and a
// completed one reviewed, without a bell entry to the other side. Sending a message keeps its D1
// round trips.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { memberSocketsStub } from '@worker/durable-objects/member-sockets-client';
import { call, createListing, json, ORIGIN, signUp, type Member } from './helpers';
import { bellOf, block, BLOCKED, metered, unblock } from './blocks-helpers';
import { openSocket, settle, type TestSocket } from './ws-client';

const send = (from: Member, to: Member, listingId: number, content = 'Is this still available?') =>
  call('/api/messages', { cookie: from.cookie, body: { senderId: from.id, receiverId: to.id, listingId, content } });
const upgrade = (member: Member, partner: Member, listingId: number) =>
  call(`/api/conversations/${partner.id}/${listingId}/ws`, {
    cookie: member.cookie,
    headers: { Upgrade: 'websocket', Origin: ORIGIN },
  });
const thread = async (member: Member, partner: Member, listingId: number) => {
  const response = await call(`/api/conversations/${member.id}/${partner.id}/${listingId}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  return json<any[]>(response);
};
const messagesAbout = async (listingId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM messages WHERE listing_id = ?')
    .bind(listingId)
    .first<{ n: number }>())!.n;

async function expect403(response: Response) {
  expect(response.status).toBe(403);
  expect(await json(response)).toEqual({ message: BLOCKED, code: expect.any(String) });
}

/** An owner with a listing and a member who has written to them about it. */
async function talking() {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  const listing = await createListing(owner, { title: 'Cast-iron skillet' });
  expect((await send(member, owner, listing.id)).status).toBe(201);
  expect((await send(owner, member, listing.id, 'Yes it is.')).status).toBe(201);
  return { owner, member, listing };
}

describe('messages across a block', () => {
  it.each([
    ['the owner blocked the member', true],
    ['the member blocked the owner', false],
  ])(
    'are refused both ways with 403 when %s, nothing is stored, and no bell entry moves',
    async (_name, ownerBlocks) => {
      const { owner, member, listing } = await talking();
      if (ownerBlocks) await block(owner, member);
      else await block(member, owner);
      const before = await messagesAbout(listing.id);
      const [ownerBell, memberBell] = await Promise.all([bellOf(owner), bellOf(member)]);
      await expect403(await send(member, owner, listing.id, 'Hello again?'));
      await expect403(await send(owner, member, listing.id, 'Still here.'));
      expect(await messagesAbout(listing.id)).toBe(before);
      expect(await bellOf(owner)).toEqual(ownerBell);
      expect(await bellOf(member)).toEqual(memberBell);
      // The thread stays readable on both sides.
      expect((await thread(owner, member, listing.id)).map((m) => m.content)).toEqual([
        'Is this still available?',
        'Yes it is.',
      ]);
      expect((await thread(member, owner, listing.id)).length).toBe(2);
    },
  );

  it('a stale tab posting after the block gets 403; the contract checks come first; unblocking lets them write again', async () => {
    const { owner, member, listing } = await talking();
    await block(owner, member);
    await expect403(await send(member, owner, listing.id, 'From a tab opened before the block'));
    // Unknown listing and malformed bodies keep their own answers.
    expect((await send(member, owner, 999999999)).status).toBe(404);
    expect((await send(member, owner, listing.id, '')).status).toBe(400);
    await unblock(owner, member);
    expect((await send(member, owner, listing.id, 'Thanks for unblocking')).status).toBe(201);
  });

  it('keep the send path at its D1 round trips: the block check rides in the batch', async () => {
    const { owner, member, listing } = await talking();
    const free = await metered('POST', '/api/messages', member, {
      senderId: member.id,
      receiverId: owner.id,
      listingId: listing.id,
      content: 'Counting',
    });
    expect(free.response.status).toBe(201);
    await block(owner, member);
    const refused = await metered('POST', '/api/messages', member, {
      senderId: member.id,
      receiverId: owner.id,
      listingId: listing.id,
      content: 'Counting',
    });
    expect(refused.response.status).toBe(403);
    // The session's user row and the send's one batch, blocked or not.
    expect(free.counts.d1Queries).toBe(2);
    expect(refused.counts.d1Queries).toBe(2);
    expect(refused.counts.d1Statements).toBe(free.counts.d1Statements);
    expect(refused.counts.d1RowsWritten).toBe(0);
  });
});

describe('offers across a block', () => {
  async function offerScene() {
    const { owner, member, listing } = await talking();
    const other = await createListing(owner, { title: 'Dutch oven' });
    const made = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: listing.id, text: 'Two jars of jam' },
    });
    expect(made.status).toBe(201);
    return { owner, member, listing, other, offer: await json(made) };
  }

  it('expire when the block is made, and every step is refused both ways; reading the offer still works', async () => {
    const { owner, member, listing, other, offer } = await offerScene();
    await block(member, owner);
    const after = await call(`/api/offers/${offer.id}`, { cookie: owner.cookie });
    expect(after.status).toBe(200);
    expect(await json(after)).toMatchObject({ id: offer.id, status: 'expired' });
    expect((await call(`/api/offers/${offer.id}`, { cookie: member.cookie })).status).toBe(200);
    await expect403(await call(`/api/offers/${offer.id}/accept`, { cookie: owner.cookie, body: {} }));
    await expect403(await call(`/api/offers/${offer.id}/decline`, { cookie: owner.cookie, body: {} }));
    await expect403(await call(`/api/offers/${offer.id}/withdraw`, { cookie: member.cookie, body: {} }));
    await expect403(
      await call(`/api/offers/${offer.id}/counter`, { cookie: owner.cookie, body: { text: 'Three jars' } }),
    );
    // New offers, either way round.
    await expect403(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: other.id, text: 'A loaf of bread' } }),
    );
    const mine = await createListing(member, { title: 'Bread maker' });
    await expect403(await call('/api/offers', { cookie: owner.cookie, body: { listingId: mine.id, text: 'A pan' } }));
    // Nothing was accepted, no barter made, and no line written after the block.
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM barters WHERE listing_id = ?')
        .bind(listing.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(
      (await env.DB.prepare(`SELECT count(*) AS n FROM offers WHERE listing_id IN (?, ?, ?) AND status = 'open'`)
        .bind(listing.id, other.id, mine.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it('leave offers between other members alone', async () => {
    const { owner, member, offer } = await offerScene();
    const stranger = await signUp();
    await block(owner, stranger);
    expect(await json(await call(`/api/offers/${offer.id}`, { cookie: member.cookie }))).toMatchObject({
      status: 'open',
    });
  });
});

describe('barters and reviews across a block', () => {
  it('recording a barter is refused both ways; a pending one can still be confirmed, without a bell entry for the other side', async () => {
    const { owner, member, listing } = await talking();
    const recorded = await call('/api/barters', {
      cookie: owner.cookie,
      body: { listingId: listing.id, initiatorId: owner.id, recipientId: member.id, status: 'pending' },
    });
    expect(recorded.status).toBe(201);
    const barter = await json(recorded);
    const other = await createListing(owner, { title: 'Carbon steel wok' });
    expect((await send(member, owner, other.id)).status).toBe(201);
    await block(owner, member);
    await expect403(
      await call('/api/barters', {
        cookie: member.cookie,
        body: { listingId: other.id, initiatorId: member.id, recipientId: owner.id, status: 'pending' },
      }),
    );
    await expect403(
      await call('/api/barters', {
        cookie: owner.cookie,
        body: { listingId: other.id, initiatorId: owner.id, recipientId: member.id, status: 'pending' },
      }),
    );

    // The barter recorded before the block is settled as it happened.
    const ownerBell = await bellOf(owner);
    const confirmed = await call(`/api/barters/${barter.id}/complete`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: {},
    });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toMatchObject({ status: 'completed' });
    expect((await bellOf(owner)).filter((e) => e.kind === 'barter_confirmed')).toEqual(
      ownerBell.filter((e) => e.kind === 'barter_confirmed'),
    );

    // And reviewed: the review stands (a block shields nobody from it), its bell entry is not written.
    const review = await call('/api/reviews', {
      cookie: member.cookie,
      body: {
        reviewerId: member.id,
        userId: owner.id,
        listingId: listing.id,
        barterId: barter.id,
        rating: 2,
        comment: 'Late and rude at the swap.',
      },
    });
    expect(review.status).toBe(201);
    expect((await bellOf(owner)).some((e) => e.kind === 'review')).toBe(false);
    const received = await json<any[]>(await call(`/api/users/${owner.id}/reviews`));
    expect(received.map((r) => r.comment)).toEqual(['Late and rude at the swap.']);
    expect(
      (await env.DB.prepare('SELECT review_count AS n FROM users WHERE id = ?').bind(owner.id).first<{ n: number }>())!
        .n,
    ).toBe(1);
  });

  it('without a block the same steps still notify (the check is the only change)', async () => {
    const { owner, member, listing } = await talking();
    const barter = await json(
      await call('/api/barters', {
        cookie: owner.cookie,
        body: { listingId: listing.id, initiatorId: owner.id, recipientId: member.id, status: 'pending' },
      }),
    );
    expect(
      (await call(`/api/barters/${barter.id}/complete`, { method: 'PATCH', cookie: member.cookie, body: {} })).status,
    ).toBe(200);
    expect((await bellOf(owner)).some((e) => e.kind === 'barter_confirmed')).toBe(true);
    const review = await call('/api/reviews', {
      cookie: member.cookie,
      body: {
        reviewerId: member.id,
        userId: owner.id,
        listingId: listing.id,
        barterId: barter.id,
        rating: 5,
        comment: 'Friendly and on time.',
      },
    });
    expect(review.status).toBe(201);
    expect((await bellOf(owner)).some((e) => e.kind === 'review')).toBe(true);
  });
});

describe('live chat across a block', () => {
  const CLOSED = { code: 4003, reason: 'Conversation closed' };

  function closeAll(...sockets: TestSocket[]) {
    for (const socket of sockets) if (!socket.closed()) socket.socket.close(1000, 'done');
  }

  it('refuses the socket upgrade both ways with 403', async () => {
    const { owner, member, listing } = await talking();
    await block(member, owner);
    await expect403(await upgrade(member, owner, listing.id));
    await expect403(await upgrade(owner, member, listing.id));
  });

  it.each([
    ['the owner', true],
    ['the member', false],
  ])(
    'closes the pair’s open sockets at once when %s blocks, in every conversation between them, and no other socket',
    async (_name, ownerBlocks) => {
      const { owner, member, listing } = await talking();
      const second = await createListing(member, { title: 'Bread maker' });
      const stranger = await signUp();
      const third = await createListing(stranger, { title: 'Camping stove' });
      const sockets = {
        owner: openSocket(await upgrade(owner, member, listing.id)),
        member: openSocket(await upgrade(member, owner, listing.id)),
        // A second conversation between them: only the owner has it open.
        ownerOnSecond: openSocket(await upgrade(owner, member, second.id)),
        // The member's conversation with someone else stays open.
        memberWithStranger: openSocket(await upgrade(member, stranger, third.id)),
        stranger: openSocket(await upgrade(stranger, member, third.id)),
      };
      if (ownerBlocks) await block(owner, member);
      else await block(member, owner);
      for (const socket of [sockets.owner, sockets.member, sockets.ownerOnSecond])
        await expect.poll(() => socket.closeEvent()).toEqual(CLOSED);
      await settle();
      expect(sockets.memberWithStranger.closed()).toBe(false);
      expect(sockets.stranger.closed()).toBe(false);
      // The registries forget the closed rooms and keep the one still open.
      const room = roomStub(env, third.id, stranger.id, member.id).id.toString();
      await expect.poll(() => memberSocketsStub(env, member.id).rooms()).toEqual([room]);
      await expect.poll(() => memberSocketsStub(env, owner.id).rooms()).toEqual([]);
      // The open conversation still works.
      sockets.stranger.send({ type: 'typing' });
      expect(await sockets.memberWithStranger.next((f) => f.type === 'typing')).toMatchObject({ type: 'typing' });
      closeAll(sockets.memberWithStranger, sockets.stranger);
    },
  );

  it('a repeated block (already in place) closes nothing new and costs no Durable Object call', async () => {
    const { owner, member, listing } = await talking();
    await block(owner, member);
    await unblock(owner, member);
    const socket = openSocket(await upgrade(member, owner, listing.id));
    await block(owner, member);
    await expect.poll(() => socket.closeEvent()).toEqual(CLOSED);
    const again = await metered('PUT', `/api/blocks/${member.id}`, owner);
    expect(again.response.status).toBe(200);
    expect(again.counts.doRequests).toBe(0);
  });
});
