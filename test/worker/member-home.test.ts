// GET /api/home (decision 065): the signed-in member's unread conversations, open offers, circles
// and listings' activity, only their own, in one D1 round trip after the session.
import { describe, expect, it } from 'vitest';
import { MEMBER_HOME_SHOWN } from '@/shared/contract/home';
import { conversationKeyOf } from '@/shared/conversation-key';
import { call, createListing, json, signUp, type Member } from './helpers';
import { block, metered } from './blocks-helpers';

const home = async (member: Member) => {
  const response = await call('/api/home', { cookie: member.cookie });
  expect(response.status).toBe(200);
  return json(response);
};

async function setup() {
  const [owner, member, wanter] = await Promise.all([signUp(), signUp(), signUp()]);
  const listing = await createListing(owner, { title: 'Lawnmower, petrol' });
  const quiet = await createListing(owner, { title: 'Quiet listing' });
  const bike = await createListing(member, { title: 'Road bike, 54 cm' });
  const offered = await call('/api/offers', {
    cookie: member.cookie,
    body: { listingId: listing.id, givenListingIds: [bike.id], message: 'Is this still available?' },
  });
  expect(offered.status, await offered.clone().text()).toBe(201);
  const wanted = await call(`/api/wants/${listing.id}`, { cookie: wanter.cookie, method: 'PUT' });
  expect(wanted.status, await wanted.clone().text()).toBe(200);
  return { owner, member, wanter, listing, quiet, bike };
}

describe('GET /api/home', () => {
  it("gives the owner the unread conversation, the offer to answer and the listing's activity", async () => {
    const { owner, member, listing } = await setup();
    const mine = await home(owner);
    expect(mine.unreadConversations).toHaveLength(1);
    expect(mine.unreadConversations[0]).toMatchObject({
      conversation: conversationKeyOf(listing.id, owner.id, member.id),
      partner: { id: member.id },
      listing: { id: listing.id, title: 'Lawnmower, petrol' },
    });
    expect(mine.unreadConversations[0].unreadCount).toBeGreaterThan(0);
    expect(mine.openOffers).toEqual({ toAnswer: 1, waiting: 0 });
    expect(mine.circles).toEqual({ deciding: 0, agreed: 0 });
    // The quiet listing has nothing on it, so it is not named.
    expect(mine.listingActivity).toEqual([{ id: listing.id, title: 'Lawnmower, petrol', openOffers: 1, wants: 1 }]);
  });

  it('gives the offering member their offer as waiting and no unread line of their own', async () => {
    const { member } = await setup();
    const theirs = await home(member);
    expect(theirs.openOffers).toEqual({ toAnswer: 0, waiting: 1 });
    expect(theirs.unreadConversations).toEqual([]);
    // Their bike has no offers or wants on it.
    expect(theirs.listingActivity).toEqual([]);
  });

  it("never shows another member's conversations, offers or listings", async () => {
    const { owner, member, wanter, listing } = await setup();
    const stranger = await signUp();
    expect(await home(stranger)).toEqual({
      unreadConversations: [],
      openOffers: { toAnswer: 0, waiting: 0 },
      circles: { deciding: 0, agreed: 0 },
      listingActivity: [],
    });
    // The wanter wants the owner's listing, which is not theirs: nothing of it on their home.
    const wanters = await home(wanter);
    expect(JSON.stringify(wanters)).not.toContain(String(`"id":${listing.id},`));
    expect(JSON.stringify(wanters)).not.toContain(owner.user.username);
    expect(JSON.stringify(wanters)).not.toContain(member.user.username);
  });

  it('leaves out the wants of a member in a block with the owner', async () => {
    const { owner, wanter, listing } = await setup();
    await block(owner, wanter);
    const mine = await home(owner);
    expect(mine.listingActivity).toEqual([{ id: listing.id, title: 'Lawnmower, petrol', openOffers: 1, wants: 0 }]);
  });

  it(`names at most ${MEMBER_HOME_SHOWN} busy listings`, async () => {
    const owner = await signUp();
    const wanter = await signUp();
    const listings = [];
    for (let i = 0; i <= MEMBER_HOME_SHOWN; i++) listings.push(await createListing(owner, { title: `Listing ${i}` }));
    for (const l of listings) {
      const wanted = await call(`/api/wants/${l.id}`, { cookie: wanter.cookie, method: 'PUT' });
      expect(wanted.status).toBe(200);
    }
    const mine = await home(owner);
    expect(mine.listingActivity).toHaveLength(MEMBER_HOME_SHOWN);
    // Newest first: the first listing made is the one left out.
    expect(mine.listingActivity.map((l: { id: number }) => l.id)).not.toContain(listings[0].id);
  });

  it('answers a guest 401 and a forged session 401', async () => {
    expect((await call('/api/home')).status).toBe(401);
    expect((await call('/api/home', { cookie: 'session=forged' })).status).toBe(401);
  });

  it('costs one D1 round trip after the session and writes nothing', async () => {
    const { owner } = await setup();
    const { response, counts } = await metered('GET', '/api/home', owner);
    expect(response.status).toBe(200);
    // The session's user row, then the home's batch of three statements.
    expect(counts.d1Queries).toBe(2);
    expect(counts.d1RowsWritten).toBe(0);
    expect(counts.kvWrites).toBe(0);
  });
});
