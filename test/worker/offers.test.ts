// Offers (docs/api/offers.md): every route and actor, every validation message, races, the
// conversation's event lines, the barter they lead to, and the live frames on both sockets.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { conversationKeyOf } from '@/shared/conversation-key';
import { OFFER_MESSAGES } from '@worker/routes/offers';
import { call, createListing, json, ORIGIN, signUp, signUpAdmin, type Member } from './helpers';
import { openSocket } from './ws-client';

async function setup(listingOverrides: Record<string, unknown> = {}) {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  const listing = await createListing(owner, { title: 'Lawnmower, petrol', ...listingOverrides });
  const bike = await createListing(member, { title: 'Road bike, 54 cm' });
  const tent = await createListing(member, { title: 'Two-person tent' });
  return { owner, member, listing, bike, tent, key: conversationKeyOf(listing.id, owner.id, member.id) };
}

const offer = (member: Member | null, body: unknown) => call('/api/offers', { cookie: member?.cookie, body });
const act = (member: Member | null, id: number, action: string, body: unknown = {}) =>
  call(`/api/offers/${id}/${action}`, { cookie: member?.cookie, body });

async function made(member: Member, body: unknown) {
  const response = await offer(member, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response);
}

async function lines(member: Member, partner: Member, listingId: number) {
  const response = await call(`/api/conversations/${member.id}/${partner.id}/${listingId}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  return json<any[]>(response);
}

describe('POST /api/offers', () => {
  it('creates an open offer of listings and text, with a line and a notification, for a member', async () => {
    const { owner, member, listing, bike, tent, key } = await setup();
    const created = await made(member, {
      listingId: listing.id,
      givenListingIds: [bike.id, tent.id],
      text: '  2 hours of gardening ',
      message: 'Is this still available?',
    });
    expect(created).toMatchObject({
      listingId: listing.id,
      conversation: key,
      fromUserId: member.id,
      toUserId: owner.id,
      status: 'open',
      text: '2 hours of gardening',
      replacesOfferId: null,
      barterId: null,
      respondedAt: null,
    });
    expect(created.givenListings.map((l: any) => l.id)).toEqual([bike.id, tent.id].sort((a, b) => a - b));
    const all = await lines(owner, member, listing.id);
    expect(all.map((m) => m.content)).toEqual([
      'Is this still available?',
      `${member.user.displayName} offered “Road bike, 54 cm” + “Two-person tent” + 2 hours of gardening`,
    ]);
    // A member's text keeps the contract's shape; the line carries kind and event.
    expect(Object.keys(all[0]).sort()).toEqual([
      'content',
      'createdAt',
      'id',
      'listingId',
      'read',
      'receiverId',
      'senderId',
    ]);
    expect(all[1]).toMatchObject({
      kind: 'event',
      event: { type: 'offer_made', offerId: created.id },
      senderId: member.id,
      receiverId: owner.id,
    });
    const bell = await json(await call('/api/notifications', { cookie: owner.cookie }));
    expect(bell.notifications[0]).toMatchObject({
      kind: 'offer',
      text: `${member.user.displayName} made an offer on "Lawnmower, petrol"`,
      link: `/messages/${key}`,
    });
  });

  it('answers 401 to a visitor', async () => {
    const { listing } = await setup();
    const response = await offer(null, { listingId: listing.id, text: 'Some apples' });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Authentication required', code: 'auth_required' });
  });

  it('refuses empty terms, too many listings and unknown listings', async () => {
    const { member, listing } = await setup();
    let response = await offer(member, { listingId: listing.id });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'Choose a listing to offer or describe your offer',
      code: 'offer_required',
      errors: { text: 'Choose a listing to offer or describe your offer' },
    });
    response = await offer(member, { listingId: listing.id, text: '   ', givenListingIds: [] });
    expect((await json(response)).message).toBe('Choose a listing to offer or describe your offer');
    response = await offer(member, { listingId: listing.id, givenListingIds: [1, 2, 3, 4, 5, 6] });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('You can offer at most 5 listings');
    response = await offer(member, { listingId: listing.id, text: 'x'.repeat(501) });
    expect((await json(response)).message).toBe('Offer must be at most 500 characters');
    response = await offer(member, { listingId: 99_999_999, text: 'Apples' });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    response = await offer(member, { listingId: listing.id, givenListingIds: [99_999_999] });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(OFFER_MESSAGES.itemMissing);
  });

  it('refuses an offer on your own listing', async () => {
    const { owner, listing } = await setup();
    const response = await offer(owner, { listingId: listing.id, text: 'Apples' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'You cannot make an offer on your own listing',
      code: expect.any(String),
    });
  });

  it('refuses an inactive listing, and inactive listings as payment', async () => {
    const { owner, member, listing, bike } = await setup();
    await call(`/api/listings/${bike.id}`, { method: 'PUT', cookie: member.cookie, body: { status: 'paused' } });
    let response = await offer(member, { listingId: listing.id, givenListingIds: [bike.id] });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('Only active listings can be offered');
    await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body: { status: 'completed' } });
    response = await offer(member, { listingId: listing.id, text: 'Apples' });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('This listing is not available for offers');
  });

  it("refuses someone else's listing as payment, and the listing itself", async () => {
    const { owner, member, listing } = await setup();
    const third = await signUp();
    const theirs = await createListing(third, { title: 'Kayak and paddle' });
    let response = await offer(member, { listingId: listing.id, givenListingIds: [theirs.id] });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'You can only offer your own listings',
      code: expect.any(String),
      errors: { givenListingIds: 'You can only offer your own listings' },
    });
    const ownerOther = await createListing(owner, { title: 'Garden shears' });
    response = await offer(member, { listingId: listing.id, givenListingIds: [ownerOther.id] });
    expect((await json(response)).message).toBe('You can only offer your own listings');
    response = await offer(member, { listingId: listing.id, givenListingIds: [listing.id] });
    expect((await json(response)).message).toBe('You cannot offer a listing for itself');
  });

  it('allows one open offer per member and listing (409), also when two race', async () => {
    const { member, listing, bike } = await setup();
    const [a, b] = await Promise.all([
      offer(member, { listingId: listing.id, text: 'Apples' }),
      offer(member, { listingId: listing.id, givenListingIds: [bike.id] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await json(loser)).toEqual({
      message: 'You already have an open offer on this listing',
      code: expect.any(String),
    });
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM offers WHERE listing_id = ? AND status = 'open'",
    )
      .bind(listing.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
    const again = await offer(member, { listingId: listing.id, text: 'Pears' });
    expect(again.status).toBe(409);
  });

  it('with "Accept other offers" off takes only what the listing asks for', async () => {
    const { member, listing, bike } = await setup({
      acceptOffers: false,
      whatUserWants: 'Gardening help',
      whatUserWantsOptions: ['Fresh vegetables'],
    });
    let response = await offer(member, { listingId: listing.id, text: 'A box of chocolates' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'This listing accepts only what it asks for',
      code: expect.any(String),
      errors: { text: 'This listing accepts only what it asks for' },
    });
    response = await offer(member, { listingId: listing.id, givenListingIds: [bike.id] });
    expect((await json(response)).message).toBe('This listing accepts only what it asks for');
    const created = await made(member, { listingId: listing.id, text: 'fresh VEGETABLES', givenListingIds: [bike.id] });
    expect(created.text).toBe('Fresh vegetables');
  });

  it('refuses a new offer while the pair has a barter for the listing', async () => {
    const { owner, member, listing } = await setup();
    const first = await made(member, { listingId: listing.id, text: 'Apples' });
    expect((await act(owner, first.id, 'accept')).status).toBe(200);
    const response = await offer(member, { listingId: listing.id, text: 'Pears' });
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({
      message: 'You already have a barter for this listing',
      code: expect.any(String),
    });
  });
});

describe('answering an offer', () => {
  it('accept: the owner accepts, a pending barter with the owner as initiator, one line, both see it', async () => {
    const { owner, member, listing, bike, key } = await setup();
    const created = await made(member, { listingId: listing.id, givenListingIds: [bike.id] });
    const response = await act(owner, created.id, 'accept');
    expect(response.status).toBe(200);
    const accepted = await json(response);
    expect(accepted).toMatchObject({ status: 'accepted', barterId: expect.any(Number) });
    expect(accepted.respondedAt).toEqual(expect.any(String));
    const barter = await json(await call(`/api/barters/${accepted.barterId}`, { cookie: member.cookie }));
    expect(barter).toMatchObject({
      listingId: listing.id,
      initiatorId: owner.id,
      recipientId: member.id,
      status: 'pending',
    });
    const all = await lines(member, owner, listing.id);
    expect(all.at(-1)).toMatchObject({
      kind: 'event',
      content: `${owner.user.displayName} accepted the offer`,
      event: { type: 'offer_accepted', offerId: created.id },
    });
    const info = await json(await call(`/api/conversations/${key}`, { cookie: member.cookie }));
    expect(info.offers[0]).toMatchObject({ id: created.id, status: 'accepted' });
    const bell = await json(await call('/api/notifications', { cookie: member.cookie }));
    expect(bell.notifications[0].text).toBe(`${owner.user.displayName} accepted your offer on "Lawnmower, petrol"`);
  });

  it('accept: the sender (403), a third member (403), an admin (403), a visitor (401), an unknown offer (404)', async () => {
    const { member, listing } = await setup();
    const [third, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const created = await made(member, { listingId: listing.id, text: 'Apples' });
    let response = await act(member, created.id, 'accept');
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      message: 'Waiting for the other member to answer',
      code: expect.any(String),
    });
    for (const who of [third, admin]) {
      response = await act(who, created.id, 'accept');
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({
        message: 'Only the members of this conversation can see or answer its offers',
        code: expect.any(String),
      });
    }
    expect((await act(null, created.id, 'accept')).status).toBe(401);
    response = await act(member, 99_999_999, 'accept');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'Offer not found', code: expect.any(String) });
  });

  it('two concurrent accepts: one 200, one 409, exactly one barter and one line', async () => {
    const { owner, member, listing } = await setup();
    const created = await made(member, { listingId: listing.id, text: 'Apples' });
    const replies = await Promise.all([act(owner, created.id, 'accept'), act(owner, created.id, 'accept')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await json(replies.find((r) => r.status === 409)!)).toEqual({
      message: 'This offer is no longer open',
      code: expect.any(String),
    });
    const barters = await env.DB.prepare('SELECT count(*) AS n FROM barters WHERE listing_id = ?')
      .bind(listing.id)
      .first<{ n: number }>();
    expect(barters!.n).toBe(1);
    const events = (await lines(owner, member, listing.id)).filter((m) => m.kind === 'event').map((m) => m.event.type);
    expect(events).toEqual(['offer_made', 'offer_accepted']);
  });

  it('accepts and a decline racing: exactly one outcome', async () => {
    const { owner, member, listing } = await setup();
    const created = await made(member, { listingId: listing.id, text: 'Apples' });
    const replies = await Promise.all([
      act(owner, created.id, 'accept'),
      act(owner, created.id, 'accept'),
      act(owner, created.id, 'decline'),
    ]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    for (const r of replies.filter((r) => r.status === 409))
      expect(await json(r)).toEqual({ message: 'This offer is no longer open', code: expect.any(String) });
    const barters = await env.DB.prepare('SELECT count(*) AS n FROM barters WHERE listing_id = ?')
      .bind(listing.id)
      .first<{ n: number }>();
    const after = await json(await call(`/api/offers/${created.id}`, { cookie: member.cookie }));
    expect(barters!.n).toBe(after.status === 'accepted' ? 1 : 0);
    const events = (await lines(owner, member, listing.id)).filter((m) => m.kind === 'event');
    expect(events).toHaveLength(2);
  });

  it('decline (the owner) and withdraw (the sender), each with its line; wrong actors are refused', async () => {
    const { owner, member, listing } = await setup();
    const first = await made(member, { listingId: listing.id, text: 'Apples' });
    expect((await act(member, first.id, 'decline')).status).toBe(403);
    let response = await act(owner, first.id, 'withdraw');
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      message: 'Only the member who made this offer can withdraw it',
      code: expect.any(String),
    });
    response = await act(owner, first.id, 'decline');
    expect(response.status).toBe(200);
    expect((await json(response)).status).toBe('declined');
    expect((await act(owner, first.id, 'decline')).status).toBe(409);
    expect((await act(owner, first.id, 'accept')).status).toBe(409);

    const second = await made(member, { listingId: listing.id, text: 'Pears' });
    response = await act(member, second.id, 'withdraw');
    expect(response.status).toBe(200);
    expect((await json(response)).status).toBe('withdrawn');
    const events = (await lines(member, owner, listing.id)).filter((m) => m.kind === 'event').map((m) => m.content);
    expect(events).toEqual([
      `${member.user.displayName} offered Apples`,
      `${owner.user.displayName} declined the offer`,
      `${member.user.displayName} offered Pears`,
      `${member.user.displayName} withdrew the offer`,
    ]);
  });

  it('counter: the owner asks for another of the member’s listings, the member accepts it', async () => {
    const { owner, member, listing, bike, tent } = await setup();
    const first = await made(member, { listingId: listing.id, givenListingIds: [tent.id] });
    // The owner can only ask for the member's listings, never their own.
    const ownerOwn = await createListing(owner, { title: 'Garden shears' });
    let response = await act(owner, first.id, 'counter', { givenListingIds: [ownerOwn.id] });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('A counter can only ask for listings of the member making the offer');
    response = await act(owner, first.id, 'counter', {});
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('Choose a listing to offer or describe your offer');

    const socket = openSocket(
      await call(`/api/conversations/${owner.id}/${listing.id}/ws`, {
        cookie: member.cookie,
        headers: { Upgrade: 'websocket', Origin: ORIGIN },
      }),
    );
    response = await act(owner, first.id, 'counter', { givenListingIds: [bike.id] });
    expect(response.status).toBe(201);
    const counter = await json(response);
    // Live: the counter's line (pointing at the new offer), the new offer and the replaced one.
    await socket.next(
      (f) =>
        f.type === 'message' && f.message.event?.type === 'offer_countered' && f.message.event.offerId === counter.id,
    );
    await socket.next((f) => f.type === 'offer' && f.offer.id === counter.id && f.offer.status === 'open');
    await socket.next((f) => f.type === 'offer' && f.offer.id === first.id && f.offer.status === 'countered');
    socket.socket.close(1000);
    expect(counter).toMatchObject({
      fromUserId: owner.id,
      toUserId: member.id,
      status: 'open',
      replacesOfferId: first.id,
    });
    expect(counter.givenListings.map((l: any) => l.id)).toEqual([bike.id]);
    expect((await json(await call(`/api/offers/${first.id}`, { cookie: owner.cookie }))).status).toBe('countered');
    expect((await act(owner, first.id, 'accept')).status).toBe(409);
    // Now the member answers the counter.
    expect((await act(owner, counter.id, 'accept')).status).toBe(403);
    response = await act(member, counter.id, 'accept');
    expect(response.status).toBe(200);
    const barter = await json(await call(`/api/barters/${(await json(response)).barterId}`, { cookie: owner.cookie }));
    expect(barter).toMatchObject({ initiatorId: owner.id, recipientId: member.id, status: 'pending' });
    const events = (await lines(member, owner, listing.id)).filter((m) => m.kind === 'event').map((m) => m.event.type);
    expect(events).toEqual(['offer_made', 'offer_countered', 'offer_accepted']);
  });

  it('counter: the sender revises; two racing counters leave one open offer', async () => {
    const { owner, member, listing, bike, tent } = await setup();
    const first = await made(member, { listingId: listing.id, givenListingIds: [tent.id] });
    const replies = await Promise.all([
      act(member, first.id, 'counter', { givenListingIds: [bike.id] }),
      act(owner, first.id, 'counter', { text: 'Apples' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const open = await env.DB.prepare("SELECT count(*) AS n FROM offers WHERE listing_id = ? AND status = 'open'")
      .bind(listing.id)
      .first<{ n: number }>();
    expect(open!.n).toBe(1);
    const winner = await json(replies.find((r) => r.status === 201)!);
    const items = await env.DB.prepare('SELECT count(*) AS n FROM offer_items WHERE offer_id = ?')
      .bind(winner.id)
      .first<{ n: number }>();
    expect(items!.n).toBe(winner.givenListings.length);
  });

  it('accepting expires the offer when an offered listing is no longer active', async () => {
    const { owner, member, listing, bike } = await setup();
    const created = await made(member, { listingId: listing.id, givenListingIds: [bike.id] });
    await call(`/api/listings/${bike.id}`, { method: 'PUT', cookie: member.cookie, body: { status: 'paused' } });
    const response = await act(owner, created.id, 'accept');
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({
      message: 'An offered listing is no longer available',
      code: expect.any(String),
    });
    expect((await json(await call(`/api/offers/${created.id}`, { cookie: owner.cookie }))).status).toBe('expired');
  });

  it('GET /api/offers/{id}: parties and admins read it; others 403', async () => {
    const { owner, member, listing } = await setup();
    const [third, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const created = await made(member, { listingId: listing.id, text: 'Apples' });
    for (const who of [owner, member, admin])
      expect((await call(`/api/offers/${created.id}`, { cookie: who.cookie })).status).toBe(200);
    expect((await call(`/api/offers/${created.id}`, { cookie: third.cookie })).status).toBe(403);
    expect((await call(`/api/offers/${created.id}`)).status).toBe(401);
  });
});

describe('GET /api/conversations/{conversation}', () => {
  it('gives each member the partner, the listing and the offers; others 403; unknown 404', async () => {
    const { owner, member, listing, key } = await setup();
    await made(member, { listingId: listing.id, text: 'Apples' });
    const mine = await json(await call(`/api/conversations/${key}`, { cookie: member.cookie }));
    expect(mine).toMatchObject({
      conversation: key,
      partner: { id: owner.id },
      listing: { id: listing.id, userId: owner.id, acceptOffers: true, status: 'active' },
    });
    expect(mine.offers).toHaveLength(1);
    const theirs = await json(await call(`/api/conversations/${key}`, { cookie: owner.cookie }));
    expect(theirs.partner.id).toBe(member.id);
    const [third, admin] = await Promise.all([signUp(), signUpAdmin()]);
    for (const who of [third, admin]) {
      const response = await call(`/api/conversations/${key}`, { cookie: who.cookie });
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({
        message: 'Only the members of this conversation can see it',
        code: expect.any(String),
      });
    }
    expect((await call(`/api/conversations/${key}`)).status).toBe(401);
    expect((await call(`/api/conversations/99999999-${owner.id}-${member.id}`, { cookie: owner.cookie })).status).toBe(
      404,
    );
    // Not canonical (higher id first), or a pair without the owner: no such conversation.
    expect(
      (
        await call(
          `/api/conversations/${listing.id}-${Math.max(owner.id, member.id)}-${Math.min(owner.id, member.id)}`,
          { cookie: owner.cookie },
        )
      ).status,
    ).toBe(404);
    const pairWithoutOwner = [member.id, third.id].sort((a, b) => a - b);
    expect(
      (
        await call(`/api/conversations/${listing.id}-${pairWithoutOwner[0]}-${pairWithoutOwner[1]}`, {
          cookie: member.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("carries the pair's barters, the ones the caller reviewed and the caller's block, in the one read (decision 043)", async () => {
    const { owner, member, listing, bike, key } = await setup();
    const fresh = await json(await call(`/api/conversations/${key}`, { cookie: member.cookie }));
    expect(fresh).toMatchObject({ barters: [], reviewedBarterIds: [], blockedByMe: false });

    // Another member's barter on the same listing is not this conversation's.
    const third = await signUp();
    expect(
      (
        await call('/api/messages', {
          cookie: third.cookie,
          body: { senderId: third.id, receiverId: owner.id, listingId: listing.id, content: 'Is it still there?' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('/api/barters', {
          cookie: third.cookie,
          body: { listingId: listing.id, initiatorId: third.id, recipientId: owner.id, status: 'pending' },
        })
      ).status,
    ).toBe(201);

    const created = await made(member, { listingId: listing.id, givenListingIds: [bike.id] });
    const accepted = await json(await act(owner, created.id, 'accept'));
    // Both members confirm the handover (decision 060).
    for (const who of [owner, member])
      expect(
        (await call(`/api/barters/${accepted.barterId}/complete`, { method: 'PATCH', cookie: who.cookie, body: {} }))
          .status,
      ).toBe(200);
    const review = {
      reviewerId: member.id,
      userId: owner.id,
      listingId: listing.id,
      barterId: accepted.barterId,
      rating: 5,
      comment: 'Mower works perfectly, thank you!',
    };
    expect((await call('/api/reviews', { cookie: member.cookie, body: review })).status).toBe(201);

    const mine = await json(await call(`/api/conversations/${key}`, { cookie: member.cookie }));
    expect(mine.barters).toEqual([
      expect.objectContaining({
        id: accepted.barterId,
        listingId: listing.id,
        initiatorId: owner.id,
        recipientId: member.id,
        status: 'completed',
      }),
    ]);
    expect(mine.reviewedBarterIds).toEqual([accepted.barterId]);
    const theirs = await json(await call(`/api/conversations/${key}`, { cookie: owner.cookie }));
    expect(theirs.barters.map((b: { id: number }) => b.id)).toEqual([accepted.barterId]);
    expect(theirs.reviewedBarterIds).toEqual([]);

    // A block is the blocker's to see: the blocked member's read does not say it.
    expect((await call(`/api/blocks/${member.id}`, { method: 'PUT', cookie: owner.cookie })).status).toBeLessThan(300);
    expect((await json(await call(`/api/conversations/${key}`, { cookie: owner.cookie }))).blockedByMe).toBe(true);
    expect((await json(await call(`/api/conversations/${key}`, { cookie: member.cookie }))).blockedByMe).toBe(false);
  });

  it('lists conversations with their address, including one started by an offer', async () => {
    const { owner, member, listing, key } = await setup();
    await made(member, { listingId: listing.id, text: 'Apples' });
    const list = await json(await call('/api/conversations', { cookie: owner.cookie }));
    expect(list[0]).toMatchObject({
      conversation: key,
      partner: { id: member.id },
      listing: { id: listing.id },
      unreadCount: 1,
    });
  });
});

describe('the whole exchange, live on both sockets', () => {
  const upgrade = (member: Member, partnerId: number, listingId: number) =>
    call(`/api/conversations/${partnerId}/${listingId}/ws`, {
      cookie: member.cookie,
      headers: { Upgrade: 'websocket', Origin: ORIGIN },
    });

  it('offer → accept → confirm → reviews: every step is a line and a frame for both members', async () => {
    const { owner, member, listing, bike } = await setup();
    const ownerSocket = openSocket(await upgrade(owner, member.id, listing.id));
    const memberSocket = openSocket(await upgrade(member, owner.id, listing.id));

    const created = await made(member, { listingId: listing.id, givenListingIds: [bike.id] });
    for (const s of [ownerSocket, memberSocket]) {
      await s.next((f) => f.type === 'offer' && f.offer.id === created.id && f.offer.status === 'open');
      await s.next((f) => f.type === 'message' && f.message.event?.type === 'offer_made');
    }
    const accepted = await json(await act(owner, created.id, 'accept'));
    for (const s of [ownerSocket, memberSocket]) {
      await s.next(
        (f) => f.type === 'offer' && f.offer.status === 'accepted' && f.offer.barterId === accepted.barterId,
      );
      await s.next((f) => f.type === 'barter' && f.barter.id === accepted.barterId && f.barter.status === 'pending');
    }
    const review = (from: Member, to: Member) =>
      call('/api/reviews', {
        cookie: from.cookie,
        body: {
          reviewerId: from.id,
          userId: to.id,
          listingId: listing.id,
          barterId: accepted.barterId,
          rating: 5,
          comment: 'Smooth swap, thank you!',
        },
      });
    const confirm = (who: Member) =>
      call(`/api/barters/${accepted.barterId}/complete`, { method: 'PATCH', cookie: who.cookie, body: {} });
    // Accepting is an agreement, not a completion (decision 060): the owner's confirmation right
    // after accepting leaves it pending, and opens no reviews.
    const first = await confirm(owner);
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ status: 'pending', initiatorConfirmedAt: expect.any(String) });
    for (const s of [ownerSocket, memberSocket]) {
      await s.next((f) => f.type === 'message' && f.message.event?.type === 'barter_confirmed');
      await s.next(
        (f) => f.type === 'barter' && f.barter.status === 'pending' && f.barter.initiatorConfirmedAt !== null,
      );
    }
    const early = await review(owner, member);
    expect(early.status).toBe(400);
    expect((await json(early)).message).toBe(
      'This barter is not yet marked as completed. You can only leave a review after completing a barter.',
    );
    // Neither side completes it alone: confirming again waits for the other member.
    const again = await confirm(owner);
    expect(again.status).toBe(403);
    expect((await json(again)).message).toBe('Waiting for the other member to confirm');
    // The member is asked to confirm too (their bell), and their confirmation completes it.
    const asked = await env.DB.prepare('SELECT kind, text FROM notifications WHERE user_id = ? AND subject_key = ?')
      .bind(member.id, `barter:${accepted.barterId}`)
      .first<{ kind: string; text: string }>();
    expect(asked).toMatchObject({ kind: 'barter_pending' });
    expect(asked!.text).toMatch(/confirmed the handover for .* — confirm it too once you have swapped/);
    expect((await confirm(member)).status).toBe(200);
    for (const s of [ownerSocket, memberSocket]) {
      await s.next((f) => f.type === 'barter' && f.barter.status === 'completed');
      await s.next((f) => f.type === 'message' && f.message.event?.type === 'barter_completed');
    }
    expect((await review(owner, member)).status).toBe(201);
    expect((await review(member, owner)).status).toBe(201);
    for (const s of [ownerSocket, memberSocket]) {
      await s.next((f) => f.type === 'review' && f.reviewerId === owner.id);
      await s.next((f) => f.type === 'review' && f.reviewerId === member.id);
    }
    const events = (await lines(owner, member, listing.id)).filter((m) => m.kind === 'event').map((m) => m.content);
    expect(events).toEqual([
      `${member.user.displayName} offered “Road bike, 54 cm”`,
      `${owner.user.displayName} accepted the offer`,
      `${owner.user.displayName} confirmed the handover`,
      `${member.user.displayName} confirmed the swap. Barter completed!`,
      `${owner.user.displayName} left a review`,
      `${member.user.displayName} left a review`,
    ]);
    ownerSocket.socket.close(1000);
    memberSocket.socket.close(1000);
  });

  it('a cancelled barter is a line and a frame too', async () => {
    const { owner, member, listing } = await setup();
    const socket = openSocket(await upgrade(owner, member.id, listing.id));
    const created = await made(member, { listingId: listing.id, text: 'Apples' });
    const accepted = await json(await act(owner, created.id, 'accept'));
    expect(
      (await call(`/api/barters/${accepted.barterId}/cancel`, { method: 'PATCH', cookie: member.cookie, body: {} }))
        .status,
    ).toBe(200);
    await socket.next((f) => f.type === 'barter' && f.barter.status === 'cancelled');
    await socket.next(
      (f) => f.type === 'message' && f.message.content === `${member.user.displayName} cancelled the barter`,
    );
    socket.socket.close(1000);
  });
});
