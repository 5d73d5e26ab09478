// The events that push (docs/api/web-push.md, "Events"), through the real routes and jobs: each
// reaches every browser of the member it is for, readable with that browser's keys, and never the
// member who acted; a kind switched off is skipped; a member with the conversation open is not
// pushed for it (the room's broadcast says who is there); a subscription its push service no
// longer knows is deleted. The push service is a stand-in installed as the isolate's fetch, so
// pushes sent after the reply and by a PushOutbox's alarm reach it.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '@/shared/conversation-key';
import { runOfferExpiry } from '@worker/cron/offer-expiry';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { unlimited } from '@worker/lib/cron-budget';
import { createDb } from '@worker/db/client';
import { subscriptionsFor } from '@worker/db/queries/web-push';
import { METER_HEADER, METER_REQUEST_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { call, createListing, json, ORIGIN, randomIp, signUp, signUpAdmin, type Member } from './helpers';
import { globalPushService, insertSubscriptions, pushesTo, subscribeBrowser } from './web-push-service';
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

/** A socket of `userId` in the conversation's room, as their open tab holds it. */
async function openConversation(listingId: number, userId: number, partnerId: number) {
  return openSocket(
    await roomStub(env, listingId, userId, partnerId).fetch('http://room/', {
      headers: {
        Upgrade: 'websocket',
        'X-User-Id': String(userId),
        'X-Partner-Id': String(partnerId),
        'X-Listing-Id': String(listingId),
        'X-Session-Key': 'c'.repeat(64),
        'X-Session-Created': String(Date.now()),
      },
    }),
  );
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
    const socket = await openConversation(listing.id, owner.id, member.id);
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
    // The ring: each wants the next member's listing; the last want (member 2's, through the route)
    // closes it and proposes the circle: the other two hear of it after the reply, member 2 does not.
    for (let i = 0; i < 2; i += 1)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(members[i]!.id, listings[(i + 1) % 3].id)
        .run();
    const closing = await call(`/api/wants/${listings[0].id}`, { method: 'PUT', cookie: members[2].cookie });
    expect(closing.status).toBe(200);
    const id = (await env.DB.prepare('SELECT circle_id AS id FROM trade_circle_legs WHERE listing_id = ? AND open = 1')
      .bind(listings[0].id)
      .first<{ id: number }>())!.id;
    for (const m of members.slice(0, 2))
      expect((await pushesFor(m.browser))[0]).toEqual({
        title: 'New trade circle',
        body: 'A swap between 3 members includes you: accept or decline it',
        url: `/trade-circles/${id}`,
        tag: `circle-${id}`,
      });

    const posted = await call(`/api/trade-circles/${id}/messages`, {
      cookie: members[0]!.cookie,
      body: { content: 'Shall we meet on Saturday?' },
    });
    expect(posted.status).toBe(201);
    // The chat line: members 1 and 2 (member 1's second push, member 2's first), not the sender.
    for (const [m, count] of [
      [members[1], 2],
      [members[2], 1],
    ] as const)
      expect((await pushesFor(m.browser, count)).at(-1)).toEqual({
        title: `${members[0].user.displayName} in your trade circle`,
        body: 'Shall we meet on Saturday?',
        url: `/trade-circles/${id}`,
        tag: `circle-chat-${id}`,
      });
    // A decision: the others hear of it, the member who decided does not.
    const accepted = await call(`/api/trade-circles/${id}/accept`, { method: 'POST', cookie: members[1].cookie });
    expect(accepted.status).toBe(200);
    for (const [m, count] of [
      [members[0], 2],
      [members[2], 2],
    ] as const)
      expect((await pushesFor(m.browser, count)).at(-1)).toMatchObject({
        title: 'Trade circle accepted',
        body: `${members[1].user.displayName} accepted the trade circle (1 of 3 accepted)`,
      });
    await marker(members[2], members[1], listings[2].id);
    expect((await pushesTo(service, members[1].browser)).map((p) => p.title)).toEqual([
      'New trade circle',
      `${members[0].user.displayName} in your trade circle`,
      `New message from ${members[2].user.displayName}`,
    ]);
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

/** A request with metering on: its counts up to the reply (X-Meter) and in whole, the work after the reply included. */
async function meteredCall(member: Member, path: string, body: unknown) {
  const meterEnv = { ...env, METER: '1' };
  const run = async (request: Request) => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request, meterEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  const response = await run(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'CF-Connecting-IP': randomIp(),
        Cookie: member.cookie,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBeLessThan(300);
  const reply = JSON.parse(response.headers.get(METER_HEADER)!) as MeterCounts;
  const later = response.headers.get(METER_REQUEST_HEADER);
  const whole = later
    ? ((await (await run(new Request(`${ORIGIN}/api/dev/meter?request=${later}`))).json()) as MeterCounts)
    : reply;
  return { reply, whole };
}

describe("a push's own D1 queries", () => {
  it('a message to a member with ten browsers: one read after the reply (and one delete when a browser is gone), within 50 in all', async () => {
    const [owner, member] = await subscribed(2);
    await insertSubscriptions(owner.id, 9);
    const listing = await createListing(owner);
    const message = { senderId: member.id, receiverId: owner.id, listingId: listing.id, content: 'Ten browsers' };
    const sent = await meteredCall(member, '/api/messages', message);
    await expect.poll(() => service.received.filter((r) => r.body.length > 0).length).toBeGreaterThanOrEqual(10);
    // After the reply: the subscriptions with the member's switches, one statement; no write.
    expect(sent.whole.d1Queries - sent.reply.d1Queries).toBe(1);
    expect(sent.whole.d1RowsWritten - sent.reply.d1RowsWritten).toBe(0);
    expect(sent.whole.d1Queries).toBeLessThanOrEqual(50);

    // A browser its push service no longer knows: one more statement, deleting it.
    service.restore();
    service = globalPushService((endpoint) => (endpoint === owner.browser.endpoint ? 410 : 201));
    const again = await meteredCall(member, '/api/messages', { ...message, content: 'One browser gone' });
    expect(again.whole.d1Queries - again.reply.d1Queries).toBe(2);
    expect(again.whole.d1RowsWritten - again.reply.d1RowsWritten).toBe(1);
  });

  it('a member without browsers costs the one read; a member with the conversation open costs none', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const message = { senderId: member.id, receiverId: owner.id, listingId: listing.id, content: 'Nobody subscribed' };
    const sent = await meteredCall(member, '/api/messages', message);
    expect(sent.whole.d1Queries - sent.reply.d1Queries).toBe(1);
    expect(sent.whole.d1RowsRead - sent.reply.d1RowsRead).toBeLessThanOrEqual(5);

    const socket = await openConversation(listing.id, owner.id, member.id);
    const seen = await meteredCall(member, '/api/messages', { ...message, content: 'Read live' });
    await socket.next((f) => f.type === 'message');
    expect(seen.whole.d1Queries - seen.reply.d1Queries).toBe(0);
    socket.socket.close(1000, 'done');
  });

  it('reads the subscriptions through their member index, for any number of members (one bound array)', async () => {
    const query = subscriptionsFor(createDb(env.DB), [1, 2, 3], 'message', 4) as unknown as {
      toSQL(): { sql: string; params: unknown[] };
    };
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail);
    expect(plan.some((d) => /SEARCH push_subscriptions USING INDEX push_subscriptions_user_idx/.test(d))).toBe(true);
    expect(plan.filter((d) => /^SCAN push_subscriptions\b/.test(d))).toEqual([]);
    // 150 members: still one statement (D1 binds at most 100 parameters).
    const many = Array.from({ length: 150 }, (_, i) => 1_000_000 + i);
    await expect(subscriptionsFor(createDb(env.DB), many, 'message')).resolves.toEqual([]);
  });
});
