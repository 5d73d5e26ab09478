// The events that push (docs/api/web-push.md, "Events"), through the real routes and jobs: each
// reaches every browser of the member it is for, readable with that browser's keys, and never the
// member who acted; a kind switched off is skipped; a member with the conversation open is not
// pushed for it (the room's broadcast says who is there); a subscription its push service no
// longer knows is deleted. The push service is a stand-in installed as the isolate's fetch, so
// pushes sent after the reply and by a PushOutbox's alarm reach it.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '@/shared/conversation-key';
import { runOfferExpiry } from '@worker/cron/offer-expiry';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { unlimited } from '@worker/lib/cron-budget';
import { call, createListing, json, signUp, signUpAdmin, type Member } from './helpers';
import { globalPushService, pushesTo, subscribeBrowser } from './web-push-service';
import { openSocket } from './ws-client';

let service: ReturnType<typeof globalPushService>;
beforeEach(() => {
  service = globalPushService();
});
afterEach(() => service.restore());

type Browser = Awaited<ReturnType<typeof subscribeBrowser>>;

/** Waits until `browser` has received `count` pushes (work after the reply runs in waitUntil), then reads them. */
async function pushesFor(browser: Browser, count = 1) {
  await expect.poll(() => service.received.filter((r) => r.endpoint === browser.endpoint).length).toBe(count);
  return pushesTo(service, browser);
}

/** Members with a subscribed browser each. */
type Subscribed = Member & { browser: Browser };
async function subscribed(n: number, overrides: Record<string, unknown> = {}) {
  const members: Subscribed[] = [];
  for (let i = 0; i < n; i += 1) {
    const member = await signUp(overrides);
    members.push({ ...member, browser: await subscribeBrowser(member.cookie) });
  }
  // The first three are there whenever asked for (a test destructures what it asked for).
  return members as Subscribed[] & [Subscribed, Subscribed, Subscribed];
}

/** A marker message sent to `to` after the event under test: once it is pushed, any push of the event would have been too. */
async function marker(from: Member, to: Subscribed, listingId: number) {
  const before = service.received.filter((r) => r.endpoint === to.browser.endpoint).length;
  const sent = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content: 'marker' },
  });
  expect(sent.status).toBe(201);
  return (await pushesFor(to.browser, before + 1)).at(-1)!;
}

const send = (from: Member, to: Member, listingId: number, content: string) =>
  call('/api/messages', { cookie: from.cookie, body: { senderId: from.id, receiverId: to.id, listingId, content } });

describe('a new message', () => {
  it('pushes the receiver (the first 100 characters, the conversation, one tag a conversation), never the sender', async () => {
    const [owner, member] = await subscribed(2, { displayName: 'Robin Reed' });
    const listing = await createListing(owner, { title: 'Road bike' });
    const content = `Is the bike still there? ${'I can pick it up this evening. '.repeat(6)}`;
    expect((await send(member, owner, listing.id, content)).status).toBe(201);

    const [push] = await pushesFor(owner.browser);
    expect(push).toEqual({
      title: 'New message from Robin Reed',
      body: expect.stringMatching(/^Is the bike still there\? I can pick it up/),
      url: `/messages/${conversationKeyOf(listing.id, owner.id, member.id)}`,
      tag: `conversation-${listing.id}-${member.id}`,
    });
    expect(Array.from(push!.body)).toHaveLength(100);
    expect(push!.body.endsWith('…')).toBe(true);
    const { headers } = service.received.find((r) => r.endpoint === owner.browser.endpoint)!;
    expect(headers.get('Urgency')).toBe('high');
    expect(headers.get('TTL')).toBe(String(24 * 3600));
    // The sender's own browser got nothing (the reply went the other way after).
    await marker(owner, member, listing.id);
    expect(await pushesTo(service, member.browser)).toHaveLength(1);
  });

  it('skips a member who has the conversation open (the room says so with the broadcast), and a kind switched off', async () => {
    const [owner, member] = await subscribed(2);
    const listing = await createListing(owner, { title: 'Garden shears' });
    // The owner's tab holds the conversation's socket.
    const socket = openSocket(
      await roomStub(env, listing.id, owner.id, member.id).fetch('http://room/', {
        headers: {
          Upgrade: 'websocket',
          'X-User-Id': String(owner.id),
          'X-Partner-Id': String(member.id),
          'X-Listing-Id': String(listing.id),
          'X-Session-Key': 'c'.repeat(64),
          'X-Session-Created': String(Date.now()),
        },
      }),
    );
    expect((await send(member, owner, listing.id, 'Seen live, not pushed')).status).toBe(201);
    await socket.next((f) => f.type === 'message');
    socket.socket.close(1000, 'done');
    await expect
      .poll(
        async () =>
          (await roomStub(env, listing.id, owner.id, member.id).broadcast({ type: 'typing', userId: 0 })).open,
      )
      .toEqual([]);
    // Now closed: the next message is pushed, and it is the first the owner's browser gets.
    const [push] = await (async () => {
      expect((await send(member, owner, listing.id, 'Pushed now')).status).toBe(201);
      return pushesFor(owner.browser);
    })();
    expect(push!.body).toBe('Pushed now');

    // Messages switched off: nothing for them, while an offer still pushes.
    await call('/api/push/settings', { method: 'PUT', cookie: owner.cookie, body: { kinds: { message: false } } });
    expect((await send(member, owner, listing.id, 'Switched off')).status).toBe(201);
    const offer = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: listing.id, text: 'A cake' },
    });
    expect(offer.status).toBe(201);
    const pushes = await pushesFor(owner.browser, 2);
    expect(pushes.map((p) => p.title)).toEqual(['New message from ' + member.user.displayName, 'New offer']);
  });

  it('deletes a subscription its push service answers 410 for', async () => {
    const [owner, member] = await subscribed(2);
    service.restore();
    service = globalPushService((endpoint) => (endpoint === owner.browser.endpoint ? 410 : 201));
    const listing = await createListing(owner);
    expect((await send(member, owner, listing.id, 'Anyone there?')).status).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?')
              .bind(owner.browser.endpoint)
              .first<{ n: number }>()
          )?.n,
      )
      .toBe(0);
  });
});

describe('a trade circle chat message', () => {
  it('pushes the other members, not the sender', async () => {
    const members = await subscribed(3);
    const listings = [];
    for (const [i, m] of members.entries()) listings.push(await createListing(m, { title: `Circle thing ${i}` }));
    // The ring: each wants the next member's listing; the last want closes it and proposes the circle.
    for (let i = 0; i < 3; i += 1)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(members[i]!.id, listings[(i + 1) % 3].id)
        .run();
    const { proposeCircle } = await import('@worker/services/trade-circles/propose');
    const id = await proposeCircle(env, [
      { giverId: members[1]!.id, listingId: listings[1].id, receiverId: members[0]!.id },
      { giverId: members[0]!.id, listingId: listings[0].id, receiverId: members[2]!.id },
      { giverId: members[2]!.id, listingId: listings[2].id, receiverId: members[1]!.id },
    ]);
    expect(id).toBeTypeOf('number');
    // The proposal's pushes go through the outbox (its alarm runs on its own): each member hears once.
    for (const m of members)
      expect((await pushesFor(m.browser))[0]).toMatchObject({
        title: 'New trade circle',
        url: `/trade-circles/${id}`,
        tag: `circle-${id}`,
      });

    const posted = await call(`/api/trade-circles/${id}/messages`, {
      cookie: members[0]!.cookie,
      body: { content: 'Shall we meet on Saturday?' },
    });
    expect(posted.status).toBe(201);
    for (const m of members.slice(1))
      expect((await pushesFor(m.browser, 2))[1]).toEqual({
        title: `${members[0]!.user.displayName} in your trade circle`,
        body: 'Shall we meet on Saturday?',
        url: `/trade-circles/${id}`,
        tag: `circle-chat-${id}`,
      });
    // A decision: the others hear of it, the member who decided does not.
    expect((await call(`/api/trade-circles/${id}/accept`, { method: 'POST', cookie: members[1]!.cookie })).status).toBe(
      200,
    );
    for (const m of [members[0]!, members[2]!])
      expect((await pushesFor(m.browser, m === members[0] ? 2 : 3)).at(-1)).toMatchObject({
        title: 'Trade circle accepted',
        body: `${members[1]!.user.displayName} accepted the trade circle (1 of 3 accepted)`,
      });
    expect(await pushesTo(service, members[1]!.browser)).toHaveLength(2);
    expect(await pushesTo(service, members[0]!.browser)).toHaveLength(2);
  });
});

describe('offer steps', () => {
  it('push the member who did not take the step: made, countered, accepted, and the other offers closed', async () => {
    const [owner, member, other] = await subscribed(3);
    const listing = await createListing(owner, { title: 'Camping stove' });
    const key = conversationKeyOf(listing.id, owner.id, member.id);

    const made = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'A tent' } }),
    );
    expect((await pushesFor(owner.browser))[0]).toEqual({
      title: 'New offer',
      body: `${member.user.displayName} made an offer on “Camping stove”`,
      url: `/messages/${key}`,
      tag: `offer-${listing.id}-${member.id}`,
    });
    const elsewhere = await call('/api/offers', {
      cookie: other.cookie,
      body: { listingId: listing.id, text: 'Some rope' },
    });
    expect(elsewhere.status).toBe(201);
    await pushesFor(owner.browser, 2);

    const countered = await json(
      await call(`/api/offers/${made.id}/counter`, { cookie: owner.cookie, body: { text: 'Two tents' } }),
    );
    expect((await pushesFor(member.browser))[0]).toMatchObject({
      title: 'Counter-offer',
      body: `${owner.user.displayName} countered your offer on “Camping stove”`,
      tag: `offer-${listing.id}-${owner.id}`,
    });
    expect((await call(`/api/offers/${countered.id}/accept`, { method: 'POST', cookie: member.cookie })).status).toBe(
      200,
    );
    expect((await pushesFor(owner.browser, 3))[2]).toMatchObject({ title: 'Offer accepted', url: `/messages/${key}` });
    // The other member's offer closed politely: they hear of it; the actor's browser heard nothing more.
    expect((await pushesFor(other.browser))[0]).toMatchObject({
      title: 'Offer closed',
      body: 'Your offer on “Camping stove” was closed: it went to another member',
    });
    expect(await pushesTo(service, member.browser)).toHaveLength(1);
    const urgency = service.received.filter((r) => r.endpoint === other.browser.endpoint)[0]!.headers;
    expect([urgency.get('Urgency'), urgency.get('TTL')]).toEqual(['high', String(3 * 24 * 3600)]);
  });

  it('push a decline and a withdrawal, and an expiry from the cron (through the outbox) to the maker', async () => {
    const [owner, member] = await subscribed(2);
    const listing = await createListing(owner, { title: 'Kayak paddle' });
    const first = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'Jam' } }),
    );
    expect((await call(`/api/offers/${first.id}/decline`, { method: 'POST', cookie: owner.cookie })).status).toBe(200);
    expect((await pushesFor(member.browser))[0]).toMatchObject({ title: 'Offer declined' });
    const second = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'Bread' } }),
    );
    expect((await call(`/api/offers/${second.id}/withdraw`, { method: 'POST', cookie: member.cookie })).status).toBe(
      200,
    );
    expect((await pushesFor(owner.browser, 3))[2]).toMatchObject({ title: 'Offer withdrawn' });

    const third = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'Honey' } }),
    );
    await pushesFor(owner.browser, 4);
    await env.DB.prepare("UPDATE offers SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(third.id).run();
    expect(await runOfferExpiry(env, Date.now(), unlimited)).toBeGreaterThanOrEqual(1);
    expect((await pushesFor(member.browser, 2))[1]).toMatchObject({
      title: 'Offer expired',
      body: 'Your offer on “Kayak paddle” expired without an answer',
    });
    expect(await pushesTo(service, owner.browser)).toHaveLength(4);
  });
});

describe('a new two-way match', () => {
  it('pushes the partner, not the member whose want made it', async () => {
    const [ana, ben] = await subscribed(2);
    const drill = await createListing(ana, { title: 'Cordless drill', whatUserWants: 'Quokka figurines' });
    const tent = await createListing(ben, { title: 'Two-person tent', whatUserWants: 'Quokka figurines' });
    expect((await call(`/api/wants/${tent.id}`, { method: 'PUT', cookie: ana.cookie })).status).toBe(200);
    expect((await call(`/api/wants/${drill.id}`, { method: 'PUT', cookie: ben.cookie })).status).toBe(200);
    // The two wants are also a trade circle of two, proposed at once: Ana hears of both, Ben of neither.
    const pushes = await pushesFor(ana.browser, 2);
    expect(pushes.map((p) => p.title).sort()).toEqual(['New trade circle', 'New two-way match']);
    expect(pushes.find((p) => p.url === '/matches')).toEqual({
      title: 'New two-way match',
      body: `${ben.user.displayName} would take your “Cordless drill” and offers “Two-person tent”`,
      url: '/matches',
      tag: `match-${drill.id}-${tent.id}`,
    });
    // A match is low urgency, a circle normal.
    const urgencies = service.received
      .filter((r) => r.endpoint === ana.browser.endpoint)
      .map((r) => r.headers.get('Urgency'));
    expect(urgencies.sort()).toEqual(['low', 'normal']);
    await marker(ana, ben, drill.id);
    expect(await pushesTo(service, ben.browser)).toHaveLength(1);
  });
});

describe('a barter to confirm', () => {
  it('pushes the member asked to confirm a recorded barter', async () => {
    const [owner, member] = await subscribed(2);
    const listing = await createListing(owner, { title: 'Bread maker' });
    expect((await send(member, owner, listing.id, 'Swap for my jam?')).status).toBe(201);
    await pushesFor(owner.browser);
    const recorded = await call('/api/barters', {
      cookie: owner.cookie,
      body: { listingId: listing.id, initiatorId: owner.id, recipientId: member.id },
    });
    expect(recorded.status).toBe(201);
    const barter = await json(recorded);
    expect((await pushesFor(member.browser))[0]).toEqual({
      title: 'Confirm your barter',
      body: `${owner.user.displayName} recorded a barter for “Bread maker”: confirm it once you have swapped`,
      url: `/messages/${conversationKeyOf(listing.id, owner.id, member.id)}`,
      tag: `barter-${barter.id}`,
    });
    expect(service.received.find((r) => r.endpoint === member.browser.endpoint)!.headers.get('Urgency')).toBe('normal');
  });

  it('pushes the other side of an accepted offer once one side confirmed the handover, and nothing on completion', async () => {
    const [owner, member] = await subscribed(2);
    const listing = await createListing(owner, { title: 'Sewing machine' });
    const offer = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'A quilt' } }),
    );
    expect((await call(`/api/offers/${offer.id}/accept`, { method: 'POST', cookie: owner.cookie })).status).toBe(200);
    const { barterId } = await json(await call(`/api/offers/${offer.id}`, { cookie: owner.cookie }));
    expect((await pushesFor(member.browser))[0]).toMatchObject({ title: 'Offer accepted' });
    const confirm = (who: Member) => call(`/api/barters/${barterId}/complete`, { method: 'PATCH', cookie: who.cookie });
    expect((await confirm(member)).status).toBe(200);
    expect((await pushesFor(owner.browser, 2))[1]).toEqual({
      title: 'Confirm your barter',
      body: `${member.user.displayName} confirmed the handover of “Sewing machine”: confirm it too`,
      url: `/messages/${conversationKeyOf(listing.id, owner.id, member.id)}`,
      tag: `barter-${barterId}`,
    });
    // The second confirmation completes it: nothing left to confirm, no push.
    expect((await confirm(owner)).status).toBe(200);
    await marker(owner, member, listing.id);
    expect(await pushesTo(service, member.browser)).toHaveLength(2);
  });
});

describe("a moderator's warning", () => {
  it('pushes the member warned', async () => {
    const [member] = await subscribed(1);
    const admin = await signUpAdmin();
    await subscribeBrowser(admin.cookie);
    const reporter = await signUp();
    const listing = await createListing(member, { title: 'Questionable poster' });
    const filed = await json(
      await call('/api/reports', {
        cookie: reporter.cookie,
        body: { reason: 'spam', targetType: 'listing', targetId: listing.id },
      }),
    );
    const resolved = await call(`/api/admin/reports/${filed.id}/resolve`, {
      cookie: admin.cookie,
      body: { action: 'warn', note: 'First time' },
    });
    expect(resolved.status).toBe(200);
    expect((await pushesFor(member.browser))[0]).toEqual({
      title: 'A warning from the moderators',
      body: 'A moderator warned you about your listing “Questionable poster”: please read the community standards',
      url: '/community-standards',
      tag: `moderation-${filed.id}`,
    });
  });
});
