// Members' repeatable writes (decision 040): every write a member can repeat spends a daily budget
// of its action family (RATE_LIMITS, "Members' repeatable writes"); past it 429 with Retry-After,
// the write is not made, and refused attempts write no rows. What each action writes, measured
// here through the metering layer, times its budget, is what one member can spend in a day.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { emptyCounts, METER_HEADER, METER_REQUEST_HEADER, meterEnv, type MeterCounts } from '@worker/lib/meter';
import { HttpError } from '@worker/lib/errors';
import { hit } from '@worker/db/queries/rate-limits';
import { RATE_LIMITS, rateLimitKey } from '@worker/lib/rate-limit';
import { proposeCircle } from '@worker/services/trade-circles/propose';
import { memberSubject, type MemberBudget } from '@worker/middleware/member-budget';
import worker from '@worker/index';
import { metered } from './blocks-helpers';
import { call, createListing, json, ORIGIN, randomIp, signUp, validListing, type Member } from './helpers';

const DAY_SECONDS = 24 * 60 * 60;

/** The member's day of `rule` already spent (spending it through the API would take minutes). */
async function spent(member: Member, rule: MemberBudget) {
  const key = await rateLimitKey(rule, memberSubject(member.id));
  await env.DB.prepare(
    'INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, ?2, ?3) ON CONFLICT(key) DO UPDATE SET count = ?2, reset_at = ?3',
  )
    .bind(key, RATE_LIMITS[rule].limit, Date.now() + DAY_SECONDS * 1000)
    .run();
}

/**
 * The member's day of offer steps already taken: counted from the lines the steps write (decision
 * 049), so the day is spent by that many offer lines of theirs.
 */
async function offerStepsSpent(member: Member) {
  const owner = await signUp();
  const listing = await createListing(owner, { title: 'Garden hose' });
  const lines = Array.from({ length: RATE_LIMITS.offerStepsPerMember.limit }, (_, i) => i);
  await env.DB.prepare(
    `INSERT INTO messages (id, sender_id, receiver_id, listing_id, content, kind, event, created_at)
     SELECT (SELECT coalesce(max(id), 0) FROM messages) + row_number() OVER (), ?1, ?2, ?3, 'An offer step', 'event',
            json_object('type', 'offer_made', 'offerId', 1000000 + value, 'barterId', NULL), ?5
       FROM json_each(?4)`,
  )
    // Ninety seconds ago: out of the message budget's minute, in the day.
    .bind(member.id, owner.id, listing.id, JSON.stringify(lines), new Date(Date.now() - 90_000).toISOString())
    .run();
}

function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get('Retry-After'));
  expect(seconds).toBeGreaterThan(DAY_SECONDS - 120);
  expect(seconds).toBeLessThanOrEqual(DAY_SECONDS);
}

const send = (member: Member, method: string, path: string, body: unknown = {}) =>
  call(path, { method, cookie: member.cookie, body });

describe('a rate-limit counter past its limit', () => {
  it('stops one past the limit: refusals after the first write no row, and Retry-After stays exact', async () => {
    const subject = `ip-${crypto.randomUUID()}`;
    const start = 1_700_000_000_000;
    const { limit, windowMs } = RATE_LIMITS.contactPerIp;
    for (let i = 0; i < limit; i++) await hit(env.DB, 'contactPerIp', subject, start);
    for (let i = 1; i <= 4; i++) {
      const counts = emptyCounts();
      const at = start + i * 1_000;
      const refused = await hit(meterEnv(env, counts).DB, 'contactPerIp', subject, at).then(
        () => null,
        (error: HttpError) => error,
      );
      expect(refused?.status).toBe(429);
      expect(refused?.headers?.['Retry-After']).toBe(String((windowMs - i * 1_000) / 1000));
      // The first refusal marks the window spent; the next ones write nothing.
      expect(counts.d1RowsWritten).toBe(i === 1 ? 1 : 0);
    }
    const row = await env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?')
      .bind(await rateLimitKey('contactPerIp', subject))
      .first<{ count: number }>();
    expect(row!.count).toBe(limit + 1);
    // A new window counts from 1 again.
    await expect(hit(env.DB, 'contactPerIp', subject, start + windowMs)).resolves.toBeUndefined();
  });
});

describe("members' repeatable writes: each family's daily budget", () => {
  // Every write route a member can repeat, with the family it spends. Ids that name nothing are
  // fine: the budget is spent before the route reads anything.
  const routes: [MemberBudget, string, string][] = [
    ['wantWritesPerMember', 'PUT', '/api/wants/1'],
    ['wantWritesPerMember', 'DELETE', '/api/wants/1'],
    ['listingCreatesPerMember', 'POST', '/api/listings'],
    ['listingEditsPerMember', 'PUT', '/api/listings/1'],
    ['listingEditsPerMember', 'DELETE', '/api/listings/1'],
    ['profileEditsPerMember', 'PATCH', '/api/users/1'],
    ['offerStepsPerMember', 'POST', '/api/offers'],
    ['offerStepsPerMember', 'POST', '/api/offers/1/accept'],
    ['offerStepsPerMember', 'POST', '/api/offers/1/decline'],
    ['offerStepsPerMember', 'POST', '/api/offers/1/withdraw'],
    ['offerStepsPerMember', 'POST', '/api/offers/1/counter'],
    ['barterStepsPerMember', 'POST', '/api/barters'],
    ['barterStepsPerMember', 'PATCH', '/api/barters/1/complete'],
    ['barterStepsPerMember', 'PATCH', '/api/barters/1/cancel'],
    ['reviewsPerMember', 'POST', '/api/reviews'],
    ['savedSearchWritesPerMember', 'POST', '/api/stored-searches'],
    ['savedSearchWritesPerMember', 'PUT', '/api/stored-searches/1'],
    ['savedSearchWritesPerMember', 'DELETE', '/api/stored-searches/1'],
    ['circleDecisionsPerMember', 'POST', '/api/trade-circles/1/accept'],
    ['circleDecisionsPerMember', 'POST', '/api/trade-circles/1/decline'],
    ['uploadUrlsPerMemberDay', 'POST', '/api/objects/upload'],
  ];

  it.each(routes)('%s: %s %s answers 429 with Retry-After once the day is spent', async (rule, method, path) => {
    const member = await signUp();
    await (rule === 'offerStepsPerMember' ? offerStepsSpent(member) : spent(member, rule));
    expectRefused(await send(member, method, path.replace('/api/users/1', `/api/users/${member.id}`)));
  });

  it('a want past the budget is not made, and refused attempts write no rows', async () => {
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    await spent(member, 'wantWritesPerMember');
    // The first refusal marks the window spent (one row), later ones write nothing.
    const first = await metered('PUT', `/api/wants/${listing.id}`, member);
    expectRefused(first.response);
    expect(first.counts.d1RowsWritten).toBeLessThanOrEqual(1);
    for (let i = 0; i < 3; i++) {
      const again = await metered('PUT', `/api/wants/${listing.id}`, member);
      expectRefused(again.response);
      expect(again.counts.d1RowsWritten).toBe(0);
    }
    expect(await json(await call('/api/wants', { cookie: member.cookie }))).toEqual([]);
  });

  it('a listing, a profile edit and a saved search past the budget are not made', async () => {
    const member = await signUp();
    await Promise.all([
      spent(member, 'listingCreatesPerMember'),
      spent(member, 'profileEditsPerMember'),
      spent(member, 'savedSearchWritesPerMember'),
    ]);
    expectRefused(
      await send(member, 'POST', '/api/listings', {
        title: 'Cast iron skillet',
        description: 'Seasoned, 26 cm, well loved.',
        categoriesOffered: ['home'],
        whatUserWants: 'Books',
        location: 'Oakland, CA',
        distance: 25,
        imageUrls: [],
      }),
    );
    expectRefused(await send(member, 'PATCH', `/api/users/${member.id}`, { bio: 'Changed' }));
    expectRefused(await send(member, 'POST', '/api/stored-searches', { userId: member.id, query: 'skillet' }));
    const listings = await json(await call(`/api/users/${member.id}/listings`, { cookie: member.cookie }));
    expect(listings).toEqual([]);
    const me = await json(await call(`/api/users/${member.id}`, { cookie: member.cookie }));
    expect(me.bio).not.toBe('Changed');
    expect(await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }))).toEqual([]);
  });

  it(`spends the budget one write at a time: ${RATE_LIMITS.savedSearchWritesPerMember.limit} saved-search writes, then 429; another member is untouched`, async () => {
    const [member, other] = await Promise.all([signUp(), signUp()]);
    const created = await json(
      await send(member, 'POST', '/api/stored-searches', { userId: member.id, query: 'bicycle' }),
    );
    for (let i = 1; i < RATE_LIMITS.savedSearchWritesPerMember.limit; i++) {
      expect(
        (await send(member, 'PUT', `/api/stored-searches/${created.id}`, { notificationsEnabled: i % 2 === 0 })).status,
      ).toBe(200);
    }
    expectRefused(await send(member, 'PUT', `/api/stored-searches/${created.id}`, { notificationsEnabled: true }));
    expect((await send(other, 'POST', '/api/stored-searches', { userId: other.id, query: 'bicycle' })).status).toBe(
      201,
    );
  });

  it('a signed upload URL PUT again within its 15 minutes writes no D1 row (the URL, not the PUT, is budgeted)', async () => {
    const member = await signUp();
    const { uploadURL } = await json(await send(member, 'POST', '/api/objects/upload'));
    const bytes = new Uint8Array(1024);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const putMetered = async () => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(uploadURL, { method: 'PUT', body: bytes, headers: { 'Content-Type': 'image/jpeg' } }),
        { ...env, METER: '1' },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(200);
      return JSON.parse(response.headers.get(METER_HEADER)!) as MeterCounts;
    };
    expect((await putMetered()).d1RowsWritten).toBe(1);
    for (let i = 0; i < 3; i++) expect((await putMetered()).d1RowsWritten).toBe(0);
  });

  it('holds under concurrent writes: with 5 left in the day, 12 saves at once store exactly 5', async () => {
    const member = await signUp();
    const key = await rateLimitKey('savedSearchWritesPerMember', memberSubject(member.id));
    await env.DB.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, ?2, ?3)')
      .bind(key, RATE_LIMITS.savedSearchWritesPerMember.limit - 5, Date.now() + DAY_SECONDS * 1000)
      .run();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(member, 'POST', '/api/stored-searches', { userId: member.id, query: `lamp ${i}` }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    expect(await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }))).toHaveLength(
      5,
    );
  });

  it('visitors get the 401 of the route and spend nothing', async () => {
    const response = await call('/api/wants/1', { method: 'PUT' });
    expect(response.status).toBe(401);
  });
});

/**
 * The request's rows written with metering on, the work it left for after its reply included
 * (GET /api/dev/meter?request=<n>), and its JSON body.
 */
async function rowsOf(
  method: string,
  path: string,
  member: Member,
  body: unknown = {},
): Promise<{ rows: number; body: any }> {
  const meterEnv = { ...env, METER: '1' };
  const run = async (request: Request) => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request, meterEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  const response = await run(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        Origin: ORIGIN,
        'CF-Connecting-IP': randomIp(),
        Cookie: member.cookie,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  const text = await response.text();
  const later = response.headers.get(METER_REQUEST_HEADER);
  const counts = (
    later
      ? await (await run(new Request(`${ORIGIN}/api/dev/meter?request=${later}`))).json()
      : JSON.parse(response.headers.get(METER_HEADER)!)
  ) as MeterCounts;
  return { rows: counts.d1RowsWritten, body: text ? JSON.parse(text) : null };
}

describe('what one member can write in a day', () => {
  it('every family spent to its budget stays within 5% of the 100,000 rows written a day, none past 1.5% (decision 040)', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    // Verified members are mailed notices (a barter to confirm, a review): the dearer case.
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id IN (?1, ?2)').bind(owner.id, member.id).run();
    const worst = new Map<MemberBudget, number>();
    const measure = async (rule: MemberBudget, method: string, path: string, who: Member, body: unknown = {}) => {
      const { rows, body: reply } = await rowsOf(method, path, who, body);
      worst.set(rule, Math.max(worst.get(rule) ?? 0, rows));
      return reply;
    };
    // Listings: a new one that makes a two-way match (its notices), an edit, a status change, a deletion.
    const lawnmower = await createListing(owner, { title: 'Petrol lawnmower', whatUserWants: 'Road bike' });
    const bike = await measure(
      'listingCreatesPerMember',
      'POST',
      '/api/listings',
      member,
      validListing({ title: 'Road bike, 54 cm', whatUserWants: 'Lawnmower' }),
    );
    const table = await measure(
      'listingCreatesPerMember',
      'POST',
      '/api/listings',
      owner,
      validListing({ title: 'Oak dining table', whatUserWants: 'Road bike' }),
    );
    await measure('listingEditsPerMember', 'PUT', `/api/listings/${table.id}`, owner, {
      title: 'Oak dining table, six seats',
    });
    await measure('listingEditsPerMember', 'PUT', `/api/listings/${table.id}`, owner, { status: 'paused' });
    await measure('listingEditsPerMember', 'PUT', `/api/listings/${table.id}`, owner, { status: 'active' });
    // Wants: one that closes a two-way match (both told, a circle of two proposed), and churn.
    await measure('wantWritesPerMember', 'PUT', `/api/wants/${lawnmower.id}`, member);
    await measure('wantWritesPerMember', 'PUT', `/api/wants/${bike.id}`, owner);
    await measure('wantWritesPerMember', 'DELETE', `/api/wants/${bike.id}`, owner);
    // Profile, saved searches, upload URLs.
    await measure('profileEditsPerMember', 'PATCH', `/api/users/${member.id}`, member, {
      displayName: 'Renamed member',
      location: 'Oakland',
      bio: 'Fixes bikes',
    });
    const saved = await measure('savedSearchWritesPerMember', 'POST', '/api/stored-searches', member, {
      userId: member.id,
      query: 'bike',
    });
    await measure('savedSearchWritesPerMember', 'PUT', `/api/stored-searches/${saved.id}`, member, {
      notificationsEnabled: false,
    });
    await measure('savedSearchWritesPerMember', 'DELETE', `/api/stored-searches/${saved.id}`, member);
    await measure('uploadUrlsPerMemberDay', 'POST', '/api/objects/upload', member);
    // Offers: made with a covering message, countered, declined, made again and accepted.
    const made = await measure('offerStepsPerMember', 'POST', '/api/offers', member, {
      listingId: lawnmower.id,
      givenListingIds: [bike.id],
      text: 'and a pump',
      message: 'Hello!',
    });
    const countered = await measure('offerStepsPerMember', 'POST', `/api/offers/${made.id}/counter`, owner, {
      text: 'Just the bike',
    });
    await measure('offerStepsPerMember', 'POST', `/api/offers/${countered.id}/decline`, member);
    const again = await measure('offerStepsPerMember', 'POST', '/api/offers', member, {
      listingId: lawnmower.id,
      text: 'a pump',
    });
    const accepted = await measure('offerStepsPerMember', 'POST', `/api/offers/${again.id}/accept`, owner);
    // Barters and reviews: confirmed by both (decision 060), reviewed, another recorded and cancelled.
    await measure('barterStepsPerMember', 'PATCH', `/api/barters/${accepted.barterId}/complete`, owner);
    await measure('barterStepsPerMember', 'PATCH', `/api/barters/${accepted.barterId}/complete`, member);
    await measure('reviewsPerMember', 'POST', '/api/reviews', member, {
      userId: owner.id,
      reviewerId: member.id,
      barterId: accepted.barterId,
      listingId: lawnmower.id,
      rating: 5,
      comment: 'Friendly and on time, great trade.',
    });
    expect(
      (
        await send(member, 'POST', '/api/messages', {
          senderId: member.id,
          receiverId: owner.id,
          listingId: table.id,
          content: 'Is the table still free?',
        })
      ).status,
    ).toBe(201);
    const recorded = await measure('barterStepsPerMember', 'POST', '/api/barters', owner, {
      listingId: table.id,
      initiatorId: owner.id,
      recipientId: member.id,
      status: 'pending',
    });
    await measure('barterStepsPerMember', 'PATCH', `/api/barters/${recorded.id}/cancel`, owner);
    await measure('listingEditsPerMember', 'DELETE', `/api/listings/${table.id}`, owner);
    // A trade circle of five: a member's acceptance (every member told).
    const ring = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    const items = await Promise.all(ring.map((m, i) => createListing(m, { title: `Circle item ${i + 1}` })));
    for (let i = 0; i < 5; i++)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(ring[(i + 1) % 5]!.id, items[i].id)
        .run();
    const circle = await proposeCircle(
      env,
      ring.map((m, i) => ({ giverId: m.id, listingId: items[i].id, receiverId: ring[(i + 1) % 5]!.id })),
    );
    await measure('circleDecisionsPerMember', 'POST', `/api/trade-circles/${circle}/accept`, ring[0]!);

    const families = Object.keys(RATE_LIMITS).filter((rule) => worst.has(rule as MemberBudget)) as MemberBudget[];
    expect(families).toHaveLength(10);
    const perFamily = families.map((rule) => ({
      rule,
      rows: worst.get(rule)!,
      day: worst.get(rule)! * RATE_LIMITS[rule].limit,
    }));
    console.log(JSON.stringify(perFamily));
    for (const { rule, day } of perFamily) expect(day, rule).toBeLessThanOrEqual(1_500);
    expect(perFamily.reduce((sum, f) => sum + f.day, 0)).toBeLessThanOrEqual(5_000);
  });
});
