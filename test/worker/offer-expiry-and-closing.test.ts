// Offers that close without an answer (decision 060): accepting one offer closes the listing's
// other open offers politely (a line in each conversation and a bell entry, in the acceptance's
// batch), and open offers lapse OFFER_EXPIRY_DAYS after they were made (the frequent cron, or an
// accept after the time).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { runOfferExpiry, OFFER_EXPIRY_COST, OFFER_EXPIRY_PAGE } from '@worker/cron/offer-expiry';
import { unlimited } from '@worker/lib/cron-budget';
import { offerExpiryDays } from '@worker/lib/offer-expiry';
import { OFFER_MESSAGES } from '@worker/routes/offers';
import { call, createListing, json, signUp, type Member } from './helpers';

const DAY = 86_400_000;

const offer = (member: Member, body: unknown) => call('/api/offers', { cookie: member.cookie, body });
const act = (member: Member, id: number, action: string) =>
  call(`/api/offers/${id}/${action}`, { cookie: member.cookie, body: {} });
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
const bellOf = async (m: Member) => (await json(await call('/api/notifications', { cookie: m.cookie }))).notifications;
const offerRow = (id: number) =>
  env.DB.prepare('SELECT status, expires_at, responded_at FROM offers WHERE id = ?')
    .bind(id)
    .first<{ status: string; expires_at: string | null; responded_at: string | null }>();

describe('accepting an offer closes the listing’s other open offers', () => {
  it('closes each other open offer with a line and a bell entry, leaves other listings alone', async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { title: 'Sourdough starter' });
    const elsewhere = await createListing(owner, { title: 'Garden shears' });
    const [chosen, second, third] = await Promise.all([signUp(), signUp(), signUp()]);
    const accepted = await made(chosen, { listingId: listing.id, text: 'A jar of honey' });
    const closing = [
      await made(second, { listingId: listing.id, text: 'Two loaves' }),
      await made(third, { listingId: listing.id, text: 'Herb seedlings' }),
    ];
    const untouched = await made(third, { listingId: elsewhere.id, text: 'Herb seedlings' });

    const response = await act(owner, accepted.id, 'accept');
    expect(response.status).toBe(200);
    for (const [i, member] of [second, third].entries()) {
      expect(await offerRow(closing[i].id)).toMatchObject({ status: 'closed', responded_at: expect.any(String) });
      // Before the thread is read (which settles the entry).
      expect((await bellOf(member))[0]).toMatchObject({
        kind: 'offer',
        text: 'Your offer on “Sourdough starter” was closed: it went to another member',
        link: `/messages/${closing[i].conversation}`,
        read: false,
      });
      const last = (await lines(member, owner, listing.id)).at(-1);
      expect(last).toMatchObject({
        kind: 'event',
        event: { type: 'offer_closed', offerId: closing[i].id },
        senderId: owner.id,
        receiverId: member.id,
        content: `${owner.user.displayName} agreed a barter for this listing with another member, so this offer was closed. Thank you for offering!`,
      });
      // The member may make a new offer later (the conversation has no open offer now).
      const read = await json(await call(`/api/offers/${closing[i].id}`, { cookie: member.cookie }));
      expect(read.status).toBe('closed');
    }
    expect((await offerRow(untouched.id))!.status).toBe('open');
    // The closing lines are not the owner's offer steps: their budget counts the acceptance only.
    const steps = await env.DB.prepare(
      `SELECT count(*) AS n FROM messages WHERE sender_id = ? AND json_extract(event, '$.type') IN ('offer_accepted')`,
    )
      .bind(owner.id)
      .first<{ n: number }>();
    expect(steps!.n).toBe(1);
  });

  it('a racing second accept closes nothing more and writes each line once', async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { title: 'Canoe' });
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const first = await made(a, { listingId: listing.id, text: 'Paddles' });
    const other = await made(b, { listingId: listing.id, text: 'Life vests' });
    const [x, y] = await Promise.all([act(owner, first.id, 'accept'), act(owner, first.id, 'accept')]);
    expect([x!.status, y!.status].sort()).toEqual([200, 409]);
    // The closed offer cannot be accepted any more.
    expect((await act(owner, other.id, 'accept')).status).toBe(409);
    const closedLines = await env.DB.prepare(`SELECT count(*) AS n FROM messages WHERE event_key = ?`)
      .bind(`offer:${other.id}:closed`)
      .first<{ n: number }>();
    expect(closedLines!.n).toBe(1);
  });
});

describe('offer expiry', () => {
  it('stamps every new offer and counter with its expiry, OFFER_EXPIRY_DAYS on', async () => {
    const owner = await signUp();
    const member = await signUp();
    const listing = await createListing(owner, { title: 'Bread maker' });
    const before = Date.now();
    const created = await made(member, { listingId: listing.id, text: 'Jam' });
    const days = offerExpiryDays(env);
    expect(Date.parse(created.expiresAt)).toBeGreaterThanOrEqual(before + days * DAY);
    expect(Date.parse(created.expiresAt)).toBeLessThanOrEqual(Date.now() + days * DAY);
    const counter = await call(`/api/offers/${created.id}/counter`, { cookie: owner.cookie, body: { text: 'Jam' } });
    expect(counter.status).toBe(201);
    expect(Date.parse((await json(counter)).expiresAt)).toBeGreaterThanOrEqual(Date.parse(created.expiresAt));
  });

  it('falls back to 7 days for a missing or nonsensical setting', () => {
    expect(offerExpiryDays({ OFFER_EXPIRY_DAYS: '' })).toBe(7);
    expect(offerExpiryDays({ OFFER_EXPIRY_DAYS: '-3' })).toBe(7);
    expect(offerExpiryDays({ OFFER_EXPIRY_DAYS: 'soon' })).toBe(7);
    expect(offerExpiryDays({ OFFER_EXPIRY_DAYS: '14' })).toBe(14);
  });

  it('the cron expires lapsed offers only, tells the maker, and a rerun changes nothing', async () => {
    const owner = await signUp();
    const [member, patient] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Ladder' });
    const lapsed = await made(member, { listingId: listing.id, text: 'Paint' });
    const fresh = await made(patient, { listingId: listing.id, text: 'Brushes' });
    const run = Date.parse(lapsed.expiresAt) + 60_000;
    // Only the first lapses by `run`: the other is moved a day later.
    await env.DB.prepare('UPDATE offers SET expires_at = ? WHERE id = ?')
      .bind(new Date(run + DAY).toISOString(), fresh.id)
      .run();

    // Other tests' offers in this file may lapse by `run` too: at least this one.
    expect(await runOfferExpiry(env, run, unlimited)).toBeGreaterThanOrEqual(1);
    expect(await offerRow(lapsed.id)).toMatchObject({ status: 'expired' });
    expect((await offerRow(fresh.id))!.status).toBe('open');
    expect((await bellOf(member))[0]).toMatchObject({
      kind: 'offer',
      text: 'Your offer on “Ladder” expired without an answer',
      read: false,
    });
    const last = (await lines(member, owner, listing.id)).at(-1);
    expect(last).toMatchObject({
      event: { type: 'offer_expired', offerId: lapsed.id },
      senderId: owner.id,
      receiverId: member.id,
      content: 'This offer expired without an answer. You can make a new one.',
    });
    // A rerun finds nothing due; the member can make a new offer.
    expect(await runOfferExpiry(env, run, unlimited)).toBe(0);
    expect((await offer(member, { listingId: listing.id, text: 'Paint' })).status).toBe(201);
  });

  it('skips its turn when the budget cannot cover a run, and pages a backlog', async () => {
    expect(await runOfferExpiry(env, Date.now(), { left: () => OFFER_EXPIRY_COST - 1, spend: () => {} })).toBeNull();
    expect(OFFER_EXPIRY_PAGE).toBeGreaterThan(0);
  });

  it('an accept after the offer lapsed expires it instead (409) and tells the maker', async () => {
    const owner = await signUp();
    const member = await signUp();
    const listing = await createListing(owner, { title: 'Wheelbarrow' });
    const created = await made(member, { listingId: listing.id, text: 'Compost' });
    await env.DB.prepare('UPDATE offers SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), created.id)
      .run();
    const response = await act(owner, created.id, 'accept');
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe(OFFER_MESSAGES.expired);
    expect((await offerRow(created.id))!.status).toBe('expired');
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM barters WHERE listing_id = ?').bind(listing.id).first(),
    ).toEqual({
      n: 0,
    });
    expect((await bellOf(member))[0]).toMatchObject({ text: 'Your offer on “Wheelbarrow” expired without an answer' });
  });
});
