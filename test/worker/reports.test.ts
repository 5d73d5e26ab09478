// Reports (docs/api/moderation.md, "Reports"): POST and GET /api/reports for every kind of target,
// who may report what, one open report per reporter and target, the hourly limit, hostile input,
// and the report threshold guard that hides a listing until an admin looks.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '@/shared/constants';
import { proposeCircle } from '@worker/services/trade-circles/propose';
import { call, createListing, json, signUp, signUpAdmin, type Member } from './helpers';

const report = (member: Member | null, body: unknown) => call('/api/reports', { cookie: member?.cookie, body });
const reportsOf = async (member: Member) => json<any[]>(await call('/api/reports', { cookie: member.cookie }));
const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const openCount = () => scalar("SELECT value AS n FROM admin_counters WHERE name = 'reports_open'");

async function send(from: Member, to: Member, listingId: number, content: string): Promise<number> {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)).id;
}

describe('POST /api/reports', () => {
  it('files a report of a listing with a snapshot and the member responsible, answering 201 with it', async () => {
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, {
      title: 'Suspicious gift cards',
      description: 'Pay first, I ship later.',
    });
    const before = await openCount();
    const response = await report(reporter, {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'scam',
      details: '  Asked me to pay by gift card.  ',
    });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({
      id: expect.any(Number),
      targetType: 'listing',
      targetId: listing.id,
      reason: 'scam',
      details: 'Asked me to pay by gift card.',
      status: 'open',
      resolution: null,
      targetLabel: 'Suspicious gift cards',
      createdAt: expect.any(String),
      resolvedAt: null,
    });
    const row = await env.DB.prepare('SELECT reporter_id, target_user_id, snapshot, guard FROM reports WHERE id = ?')
      .bind(body.id)
      .first<any>();
    expect(row.reporter_id).toBe(reporter.id);
    expect(row.target_user_id).toBe(owner.id);
    expect(row.guard).toBeNull();
    expect(JSON.parse(row.snapshot)).toEqual({
      label: 'Suspicious gift cards',
      text: 'Pay first, I ship later.',
      imageUrl: null,
      link: `/listing/${listing.id}`,
    });
    expect(await openCount()).toBe(before + 1);
  });

  it('keeps one open report per reporter and target: the same report again answers 200 with it', async () => {
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const first = await json(await report(reporter, { targetType: 'listing', targetId: listing.id, reason: 'spam' }));
    const again = await report(reporter, {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'scam',
      details: 'More',
    });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(first);
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE reporter_id = ?', reporter.id)).toBe(1);
    // Two at once: still one.
    const [a, b] = await Promise.all([
      report(reporter, { targetType: 'user', targetId: owner.id, reason: 'harassment' }),
      report(reporter, { targetType: 'user', targetId: owner.id, reason: 'harassment' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(
      await scalar("SELECT count(*) AS n FROM reports WHERE reporter_id = ? AND target_type = 'user'", reporter.id),
    ).toBe(1);
  });

  it('reports a member, a received message, an offer made to the reporter and a circle chat line', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Old typewriter' });
    const messageId = await send(member, owner, listing.id, 'Click http://example.test for a prize');
    const offered = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: listing.id, text: 'Two hours of help' },
    });
    expect(offered.status).toBe(201);
    const offer = await json(offered);

    const asUser = await json(await report(owner, { targetType: 'user', targetId: member.id, reason: 'harassment' }));
    expect(asUser.targetLabel).toBe(member.user.displayName);
    const asMessage = await json(await report(owner, { targetType: 'message', targetId: messageId, reason: 'spam' }));
    expect(asMessage.targetLabel).toBe('Message about “Old typewriter”');
    const asOffer = await json(await report(owner, { targetType: 'offer', targetId: offer.id, reason: 'scam' }));
    expect(asOffer.targetLabel).toBe('Offer on “Old typewriter”');
    const snapshots = await env.DB.prepare(
      'SELECT target_type, target_user_id, snapshot FROM reports WHERE reporter_id = ? ORDER BY id',
    )
      .bind(owner.id)
      .all<any>();
    expect(snapshots.results.map((r) => [r.target_type, r.target_user_id, JSON.parse(r.snapshot).text])).toEqual([
      ['user', member.id, ''],
      ['message', member.id, 'Click http://example.test for a prize'],
      ['offer', member.id, 'Two hours of help'],
    ]);

    // A trade circle's chat: a line written by another member of the circle.
    const third = await signUp();
    const items = await Promise.all(
      [owner, member, third].map((m, i) => createListing(m, { title: `Chat circle item ${i}` })),
    );
    const ring = [owner, member, third];
    for (let i = 0; i < 3; i++)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(ring[(i + 1) % 3]!.id, items[i].id)
        .run();
    const circleId = await proposeCircle(
      env,
      ring.map((m, i) => ({ giverId: m.id, listingId: items[i].id, receiverId: ring[(i + 1) % 3]!.id })),
    );
    expect(circleId).toBeTypeOf('number');
    const line = await json(
      await call(`/api/trade-circles/${circleId}/messages`, {
        cookie: member.cookie,
        body: { content: 'Send me your bank details' },
      }),
    );
    const asLine = await report(third, { targetType: 'circle_message', targetId: line.id, reason: 'scam' });
    expect(asLine.status).toBe(201);
    expect((await json(asLine)).targetLabel).toBe('Trade circle chat line');
    // Own line: 400; a member of no such circle: 404.
    expect(
      (await json(await report(member, { targetType: 'circle_message', targetId: line.id, reason: 'scam' }))).message,
    ).toBe('You cannot report your own message');
    const outsider = await signUp();
    const hidden = await report(outsider, { targetType: 'circle_message', targetId: line.id, reason: 'scam' });
    expect(hidden.status).toBe(404);
    expect((await json(hidden)).message).toBe('Message not found');
  });

  it('refuses what is the reporter’s own with a clear 400', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const messageId = await send(member, owner, listing.id, 'Hello');
    const offer = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'A cake' } }),
    );
    const cases: [Member, string, number, string][] = [
      [owner, 'user', owner.id, 'You cannot report yourself'],
      [owner, 'listing', listing.id, 'You cannot report your own listing'],
      [member, 'message', messageId, 'You cannot report your own message'],
      [member, 'offer', offer.id, 'You cannot report your own offer'],
    ];
    for (const [who, targetType, targetId, message] of cases) {
      const response = await report(who, { targetType, targetId, reason: 'other' });
      expect(response.status, targetType).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE reporter_id IN (?, ?)', owner.id, member.id)).toBe(0);
  });

  it('answers 404 for a missing target and for what the reporter cannot see', async () => {
    const [owner, member, stranger] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner);
    const messageId = await send(member, owner, listing.id, 'Private words');
    const offer = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'A pie' } }),
    );
    const cases: [string, number, string][] = [
      ['listing', 999_999_999, 'Listing not found'],
      ['user', 999_999_999, 'User not found'],
      ['message', 999_999_999, 'Message not found'],
      ['offer', 999_999_999, 'Offer not found'],
      ['circle_message', 999_999_999, 'Message not found'],
      // Someone else's conversation and offer.
      ['message', messageId, 'Message not found'],
      ['offer', offer.id, 'Offer not found'],
    ];
    for (const [targetType, targetId, message] of cases) {
      const response = await report(stranger, { targetType, targetId, reason: 'spam' });
      expect(response.status, `${targetType} ${targetId}`).toBe(404);
      expect((await json(response)).message).toBe(message);
    }
    // A hidden listing is missing to everyone but its owner and admins.
    await env.DB.prepare(
      "UPDATE listings SET held_status = status, status = 'hidden', hidden_reason = 'moderation' WHERE id = ?",
    )
      .bind(listing.id)
      .run();
    expect((await report(stranger, { targetType: 'listing', targetId: listing.id, reason: 'spam' })).status).toBe(404);
    expect(
      (await report(await signUpAdmin(), { targetType: 'listing', targetId: listing.id, reason: 'spam' })).status,
    ).toBe(201);
  });

  it('refuses visitors and hostile bodies with the contract’s answers, storing nothing', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const visitor = await report(null, { targetType: 'listing', targetId: listing.id, reason: 'spam' });
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    const bad: [unknown, string, string][] = [
      [{ targetType: 'listing', targetId: listing.id, reason: 'rude' }, 'reason', 'Please choose a reason'],
      [{ targetType: 'listing', targetId: listing.id }, 'reason', 'Please choose a reason'],
      [
        { targetType: 'planet', targetId: listing.id, reason: 'spam' },
        'targetType',
        'Please choose what you are reporting',
      ],
      [{ targetType: 'listing', targetId: 'abc', reason: 'spam' }, 'targetId', 'Please choose what you are reporting'],
      [{ targetType: 'listing', targetId: -4, reason: 'spam' }, 'targetId', 'Please choose what you are reporting'],
      [{ targetType: 'listing', targetId: 1.5, reason: 'spam' }, 'targetId', 'Please choose what you are reporting'],
      [
        { targetType: 'listing', targetId: listing.id, reason: 'spam', details: 'x'.repeat(1001) },
        'details',
        'Details must be at most 1000 characters',
      ],
      [
        { targetType: 'listing', targetId: listing.id, reason: 'spam', details: 42 },
        'details',
        'Details must be at most 1000 characters',
      ],
    ];
    for (const [body, field, message] of bad) {
      const response = await report(member, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await json(response);
      expect(answer.message).toBe(message);
      expect(answer.errors[field]).toBe(message);
    }
    const malformed = await call('/api/reports', { cookie: member.cookie, body: '{"targetType": "listing",' });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).message).toBe('Malformed JSON body');
    expect((await report(member, [1, 2])).status).toBe(400);
    // An id no table can hold names nothing.
    expect((await report(member, { targetType: 'listing', targetId: 1e300, reason: 'spam' })).status).toBe(404);
    expect(
      (await report(member, { targetType: 'listing', targetId: '99999999999999999999', reason: 'spam' })).status,
    ).toBe(404);
    // Exactly 1,000 characters is fine.
    expect(
      (await report(member, { targetType: 'listing', targetId: listing.id, reason: 'spam', details: 'x'.repeat(1000) }))
        .status,
    ).toBe(201);
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE reporter_id = ?', member.id)).toBe(1);
  });

  it(`allows ${REPORTS_PER_HOUR} reports a member an hour, then 429 with Retry-After`, async () => {
    const reporter = await signUp();
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => signUp()));
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) {
      expect((await report(reporter, { targetType: 'user', targetId: target.id, reason: 'spam' })).status).toBe(201);
    }
    const refused = await report(reporter, { targetType: 'user', targetId: targets.at(-1)!.id, reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual({
      message: 'Too many requests. Please try again later.',
      code: 'too_many_requests',
    });
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE reporter_id = ?', reporter.id)).toBe(REPORTS_PER_HOUR);
    // Another member is not affected.
    expect(
      (await report(await signUp(), { targetType: 'user', targetId: targets.at(-1)!.id, reason: 'spam' })).status,
    ).toBe(201);
  });
});

describe('GET /api/reports', () => {
  it('lists the member’s own reports newest first, with their outcome, and nobody else’s', async () => {
    const [owner, reporter, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Reported lamp' });
    const first = await json(
      await report(reporter, { targetType: 'listing', targetId: listing.id, reason: 'prohibited' }),
    );
    const second = await json(
      await report(reporter, { targetType: 'user', targetId: owner.id, reason: 'harassment', details: 'Rude' }),
    );
    await report(other, { targetType: 'user', targetId: owner.id, reason: 'spam' });
    await env.DB.prepare("UPDATE reports SET status = 'resolved', resolution = 'warn', resolved_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), first.id)
      .run();
    const mine = await reportsOf(reporter);
    expect(mine.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(mine[1]).toMatchObject({
      status: 'resolved',
      resolution: 'warn',
      targetLabel: 'Reported lamp',
      resolvedAt: expect.any(String),
    });
    expect(mine[0]).toMatchObject({ status: 'open', resolution: null, details: 'Rude' });
    expect(mine[0]).not.toHaveProperty('note');
    expect((await call('/api/reports')).status).toBe(401);
  });
});

describe('the report threshold guard', () => {
  it('hides a listing once three distinct members have open reports on it, and files a guard report', async () => {
    const owner = await signUp();
    const reporters = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Counterfeit watches' });
    await report(reporters[0]!, { targetType: 'listing', targetId: listing.id, reason: 'scam' });
    // The same member twice does not count twice.
    await report(reporters[0]!, { targetType: 'listing', targetId: listing.id, reason: 'scam' });
    await report(reporters[1]!, { targetType: 'listing', targetId: listing.id, reason: 'prohibited' });
    expect((await call(`/api/listings/${listing.id}`)).status).toBe(200);
    await report(reporters[2]!, { targetType: 'listing', targetId: listing.id, reason: 'scam' });

    const row = await env.DB.prepare('SELECT status, held_status, hidden_reason FROM listings WHERE id = ?')
      .bind(listing.id)
      .first<any>();
    expect(row).toEqual({ status: 'hidden', held_status: 'active', hidden_reason: 'reports' });
    const guard = await env.DB.prepare(
      "SELECT reporter_id, target_user_id, reason, details, status FROM reports WHERE guard = 'report_threshold' AND target_id = ?",
    )
      .bind(listing.id)
      .all<any>();
    expect(guard.results).toEqual([
      {
        reporter_id: null,
        target_user_id: owner.id,
        reason: 'scam',
        details: 'Hidden automatically: 3 members reported this listing',
        status: 'open',
      },
    ]);
    // Out of public view at once; a fourth report finds it missing, and files no second guard report.
    expect((await call(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await report(await signUp(), { targetType: 'listing', targetId: listing.id, reason: 'spam' })).status).toBe(
      404,
    );
    expect(
      await scalar("SELECT count(*) AS n FROM reports WHERE guard = 'report_threshold' AND target_id = ?", listing.id),
    ).toBe(1);
  });

  it('calls off the proposed trade circle the hidden listing is in', async () => {
    const members = await Promise.all([signUp(), signUp(), signUp()]);
    const items = await Promise.all(members.map((m, i) => createListing(m, { title: `Guarded circle item ${i}` })));
    for (let i = 0; i < 3; i++)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(members[(i + 1) % 3]!.id, items[i].id)
        .run();
    const circleId = await proposeCircle(
      env,
      members.map((m, i) => ({ giverId: m.id, listingId: items[i].id, receiverId: members[(i + 1) % 3]!.id })),
    );
    for (const reporter of await Promise.all([signUp(), signUp(), signUp()])) {
      await report(reporter, { targetType: 'listing', targetId: items[0].id, reason: 'spam' });
    }
    expect(await scalar('SELECT status = ? AS n FROM trade_circles WHERE id = ?', 'declined', circleId)).toBe(1);
    expect(await scalar('SELECT count(*) AS n FROM trade_circle_legs WHERE circle_id = ? AND open = 1', circleId)).toBe(
      0,
    );
  });
});
