// The home page of a signed-in member (decision 065): the page embeds GET /api/home's reply in its
// one D1 batch and its first screen shows the member's section, escaped, above the marketplace; a
// guest's home carries neither.
import { describe, expect, it } from 'vitest';
import { call, createListing, json, signUp } from './helpers';
import { page } from './page-helpers';

const HOSTILE = `</h3><script>alert(1)</script><img src=x onerror=alert(2)> & "q"`;

async function busyOwner() {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  const listing = await createListing(owner, { title: HOSTILE });
  const bike = await createListing(member, { title: 'Road bike, 54 cm' });
  const offered = await call('/api/offers', {
    cookie: member.cookie,
    body: { listingId: listing.id, givenListingIds: [bike.id], message: 'Is this still available?' },
  });
  expect(offered.status).toBe(201);
  return { owner, member, listing };
}

describe("a member's home page", () => {
  it("embeds GET /api/home as it answers, in the page's one batch after the session", async () => {
    const { owner } = await busyOwner();
    const home = await page('/', { cookie: owner.cookie });
    const api = await call('/api/home', { cookie: owner.cookie });
    expect(home.boot.memberHome).toEqual(await json(api));
    expect(home.boot.memberHome.openOffers.toAnswer).toBe(1);
    expect(home.roundTrips).toBe(2);
  });

  it("writes the member's section first, escaped, with its counts and links", async () => {
    const { owner, member, listing } = await busyOwner();
    const { html } = await page('/', { cookie: owner.cookie });
    const root = html.slice(html.indexOf('id="root"'));
    expect(root.indexOf('id="member-home-heading"')).toBeGreaterThan(-1);
    // Above the marketplace: before the hero's heading.
    expect(root.indexOf('id="member-home-heading"')).toBeLessThan(root.indexOf('id="home-title"'));
    expect(root).toContain('>Your activity</h2>');
    expect(root).toContain('1 offer to answer');
    expect(root).toContain('1 open offer · 0 wants');
    expect(root).toContain(`href="/listing/${listing.id}"`);
    expect(root).toContain(`${member.user.displayName} · `);
    // The hostile title is text, never markup.
    expect(root).not.toContain('<script>alert(1)');
    expect(root).not.toContain('<img src=x');
    expect(root).toContain('&lt;/h3&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("gives a guest the spec's home: no member section, no member data, no more round trips", async () => {
    await busyOwner();
    const guest = await page('/');
    expect(guest.boot.memberHome).toBeUndefined();
    // (The inlined stylesheet names the section's classes; the page's content does not.)
    expect(guest.html.slice(guest.html.indexOf('id="root"'))).not.toContain('member-home');
    expect(guest.roundTrips).toBe(1);
  });

  it("never embeds one member's home in another's page", async () => {
    const { owner } = await busyOwner();
    const stranger = await signUp();
    const theirs = await page('/', { cookie: stranger.cookie });
    expect(theirs.boot.memberHome).toEqual({
      unreadConversations: [],
      openOffers: { toAnswer: 0, waiting: 0 },
      circles: { deciding: 0, agreed: 0 },
      listingActivity: [],
    });
    expect(theirs.html).not.toContain(owner.user.displayName + ' · ');
    // Other pages do not read it.
    expect((await page('/browse', { cookie: owner.cookie })).boot.memberHome).toBeUndefined();
  });
});
