// Two-way matches: GET /api/matches (explicit and text wants, order, distance, only active, never
// your own), the `match` notification once per pair, the match digest email, and the bounded cost
// for the busiest member, counted with the meter (worker/lib/meter).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { digestMatches, runMatchDigest } from '@worker/cron/match-digest';
import { METER_HEADER } from '@worker/lib/meter';
import worker from '@worker/index';
import { call, createListing, json, ORIGIN, randomIp, signUp, type Member } from './helpers';

const put = (member: Member, id: number) => call(`/api/wants/${id}`, { method: 'PUT', cookie: member.cookie });
const matchesOf = async (member: Member) => {
  const response = await call('/api/matches', { cookie: member.cookie });
  expect(response.status).toBe(200);
  return json<any[]>(response);
};
const pairsOf = (matches: any[]) => matches.map((m) => [m.theirListing.id, m.myListing.id]);

const matchEntries = async (userId: number) =>
  (
    await env.DB.prepare(
      `SELECT subject_key, text, link, count FROM notifications WHERE user_id = ? AND kind = 'match' ORDER BY id`,
    )
      .bind(userId)
      .all<{ subject_key: string; text: string; link: string; count: number }>()
  ).results;

/** Polls a condition until it holds (work after the reply runs in waitUntil); never a fixed sleep. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await scheduler.wait(20);
  }
}

/** A listing that wants nothing the other test listings offer unless told. */
const plain = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'In good condition, pick up any evening.',
  whatUserWants: 'Quokka figurines',
  whatUserWantsOptions: [],
  categoriesOffered: ['goods'],
  ...extra,
});

describe('GET /api/matches', () => {
  it('finds an explicit match both ways, for both members, and notifies each of them once', async () => {
    const [ana, ben] = await Promise.all([signUp({ displayName: 'Ana Alder' }), signUp({ displayName: 'Ben Birch' })]);
    const drill = await createListing(ana, plain('Cordless drill'));
    const tent = await createListing(ben, plain('Two-person tent'));
    expect((await put(ana, tent.id)).status).toBe(200);
    expect(await matchesOf(ana)).toEqual([]);
    expect(await matchEntries(ana.id)).toEqual([]);
    expect((await put(ben, drill.id)).status).toBe(200);

    const forAna = await matchesOf(ana);
    expect(forAna).toHaveLength(1);
    expect(forAna[0]).toMatchObject({
      theirListing: { id: tent.id, title: 'Two-person tent', user: { id: ben.id } },
      myListing: { id: drill.id, title: 'Cordless drill' },
      member: { id: ben.id, username: ben.username, displayName: 'Ben Birch', avatarUrl: null },
      iWant: 'explicit',
      theyWant: 'explicit',
      distance: 0,
    });
    expect(Object.keys(forAna[0].member).sort()).toEqual(['avatarUrl', 'displayName', 'id', 'username']);
    expect(pairsOf(await matchesOf(ben))).toEqual([[drill.id, tent.id]]);

    expect(await matchEntries(ana.id)).toEqual([
      {
        subject_key: `match:${drill.id}:${tent.id}`,
        text: 'New match: Ben Birch would take your "Cordless drill" and offers "Two-person tent"',
        link: '/matches',
        count: 1,
      },
    ]);
    expect(await matchEntries(ben.id)).toEqual([
      {
        subject_key: `match:${tent.id}:${drill.id}`,
        text: 'New match: Ana Alder would take your "Two-person tent" and offers "Cordless drill"',
        link: '/matches',
        count: 1,
      },
    ]);
    // Once: a repeated PUT, or a want withdrawn and given again, notifies nobody again.
    await put(ben, drill.id);
    await call(`/api/wants/${drill.id}`, { method: 'DELETE', cookie: ben.cookie });
    await put(ben, drill.id);
    await call(`/api/notifications/read`, { cookie: ana.cookie, body: {} });
    await put(ana, tent.id);
    expect((await matchEntries(ana.id)).map((e) => e.count)).toEqual([1]);
    expect(await matchEntries(ben.id)).toHaveLength(1);
    const unread = await env.DB.prepare(
      `SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'match' AND read_at IS NULL`,
    )
      .bind(ana.id)
      .first('n');
    expect(unread).toBe(0);
  });

  it('finds text matches through the listings\u2019 wants, found when the second listing is created', async () => {
    const [cleo, dan] = await Promise.all([signUp(), signUp()]);
    const tent = await createListing(cleo, plain('Two-person camping tent', { whatUserWants: 'A mountain bike' }));
    const bike = await createListing(
      dan,
      plain('Mountain bike, 26 inch wheels', { whatUserWants: 'Camping tent or sleeping bag' }),
    );
    const [match] = await matchesOf(cleo);
    expect(match).toMatchObject({
      theirListing: { id: bike.id },
      myListing: { id: tent.id },
      iWant: 'text',
      theyWant: 'text',
    });
    expect(pairsOf(await matchesOf(dan))).toEqual([[tent.id, bike.id]]);
    // Detected after the reply of the listing's creation.
    await eventually(
      () => matchEntries(cleo.id),
      (entries) => entries.length === 1,
    );
    await eventually(
      () => matchEntries(dan.id),
      (entries) => entries.length === 1,
    );
  });

  it('matches a want phrase against category names, accents and word beginnings', async () => {
    const [eve, finn] = await Promise.all([signUp(), signUp()]);
    const lamp = await createListing(
      eve,
      plain('Brass reading lamp', { whatUserWants: 'Anything tech', categoriesOffered: ['home'] }),
    );
    // No word of "tech" in its text, but it is in Technology; and "crêpe" matches the want "crepes".
    const router = await createListing(
      finn,
      plain('Wireless router', {
        description: 'Barely used.',
        categoriesOffered: ['tech'],
        whatUserWants: 'Crepes, or a lamp',
      }),
    );
    const [match] = await matchesOf(eve);
    expect(match).toMatchObject({
      theirListing: { id: router.id },
      myListing: { id: lamp.id },
      iWant: 'text',
      theyWant: 'text',
    });
  });

  it('puts explicit before text, then the nearest, with an unknown distance last', async () => {
    const me = await signUp();
    const mine = await createListing(
      me,
      plain('Sewing machine', { whatUserWants: 'Garden shears', location: 'Oakland, CA' }),
    );
    const partner = async (title: string, location: string) => {
      const member = await signUp();
      const listing = await createListing(member, plain(title, { whatUserWants: 'A sewing machine', location }));
      return { member, listing };
    };
    const textFar = await partner('Garden shears, steel', 'Sacramento, CA');
    const textNear = await partner('Garden shears, long handles', 'Berkeley, CA');
    const textUnknown = await partner('Garden shears, small', 'Nowhereville Heights');
    const explicitFar = await partner('Garden shears, vintage', 'Boston, MA');
    await put(me, explicitFar.listing.id);
    const bothExplicit = await partner('Garden shears, new', 'Portland, ME');
    await put(me, bothExplicit.listing.id);
    await put(bothExplicit.member, mine.id);

    const matches = await matchesOf(me);
    expect(matches.map((m) => m.theirListing.id)).toEqual([
      bothExplicit.listing.id,
      explicitFar.listing.id,
      textNear.listing.id,
      textFar.listing.id,
      textUnknown.listing.id,
    ]);
    expect(matches.map((m) => [m.iWant, m.theyWant])).toEqual([
      ['explicit', 'explicit'],
      ['explicit', 'text'],
      ['text', 'text'],
      ['text', 'text'],
      ['text', 'text'],
    ]);
    expect(matches[2].distance).toBeGreaterThan(2);
    expect(matches[2].distance).toBeLessThan(10);
    expect(matches[3].distance).toBeGreaterThan(60);
    expect(matches[4].distance).toBeNull();
  });

  it('shows only active listings on both sides and never your own', async () => {
    const [gus, hana] = await Promise.all([signUp(), signUp()]);
    const mine = await createListing(gus, plain('Kayak paddle', { whatUserWants: 'Climbing rope' }));
    // Gus's second listing wants his own first one: never a match with himself.
    await createListing(gus, plain('Climbing rope, 30 m', { whatUserWants: 'Kayak paddle' }));
    expect(await matchesOf(gus)).toEqual([]);
    const theirs = await createListing(hana, plain('Climbing rope, 60 m', { whatUserWants: 'Kayak paddle' }));
    expect(pairsOf(await matchesOf(gus))).toEqual([[theirs.id, mine.id]]);
    await call(`/api/listings/${theirs.id}`, { method: 'PUT', cookie: hana.cookie, body: { status: 'paused' } });
    expect(await matchesOf(gus)).toEqual([]);
    await call(`/api/listings/${theirs.id}`, { method: 'PUT', cookie: hana.cookie, body: { status: 'active' } });
    expect(await matchesOf(gus)).toHaveLength(1);
    await call(`/api/listings/${mine.id}`, { method: 'PUT', cookie: gus.cookie, body: { status: 'pending' } });
    expect(await matchesOf(gus)).toEqual([]);
    expect(await matchesOf(hana)).toEqual([]);
  });

  it('reads want texts full of FTS5 syntax as plain words (no 500)', async () => {
    const [ivy, jon] = await Promise.all([signUp(), signUp()]);
    const hostile = ['"bike" OR NEAR(a b', '{title}: *', 'tent* AND -', "'; DROP TABLE wants; --", '^camp ( ) " :'];
    await createListing(
      ivy,
      plain('Camping tent', { whatUserWants: hostile[0], whatUserWantsOptions: hostile.slice(1) }),
    );
    await createListing(jon, plain('Bike near me', { whatUserWants: 'Camping tent' }));
    expect((await call('/api/matches', { cookie: ivy.cookie })).status).toBe(200);
    expect((await call('/api/matches', { cookie: jon.cookie })).status).toBe(200);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM wants').first('n');
    expect(typeof count).toBe('number');
  });
});

describe('the match digest email', () => {
  it('emails each verified member with notifications on about new unread matches, once per run', async () => {
    const [kim, lou, max] = await Promise.all([
      signUp({ displayName: 'Kim Kale' }),
      signUp({ displayName: 'Lou Lark' }),
      signUp(),
    ]);
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id IN (?, ?)').bind(kim.id, lou.id).run();
    const start = new Date(Date.now() - 1000).toISOString();
    const kite = await createListing(kim, plain('Stunt kite'));
    const skates = await createListing(lou, plain('Roller skates'));
    const saw = await createListing(max, plain('Hand saw'));
    await put(kim, skates.id);
    await put(lou, kite.id);
    await put(kim, saw.id);
    await put(max, kite.id);
    // Lou has seen the match in the app already: no email for Lou.
    await call('/api/notifications/read', { cookie: lou.cookie, body: {} });
    const run = await digestMatches(env, start, new Date(Date.now() + 1000).toISOString());
    // Kim's two and Max's one (Lou's is read; other tests' entries may share the window).
    expect(run.entries).toBeGreaterThanOrEqual(3);
    const { results } = await env.DB.prepare(
      "SELECT to_address, subject, text_body FROM email_outbox WHERE to_address IN (?, ?, ?) AND subject LIKE '%match%'",
    )
      .bind(kim.email, lou.email, max.email)
      .all<{ to_address: string; subject: string; text_body: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.to_address).toBe(kim.email);
    expect(results[0]!.subject).toBe('You have 2 new matches: swaps both sides want');
    expect(results[0]!.text_body).toContain('Lou Lark would take your "Stunt kite" and offers "Roller skates"');
    expect(results[0]!.text_body).toContain('/matches');
  });

  it('claims its run: the same scheduled time twice sends nothing the second time', async () => {
    const at = Date.parse('2031-05-01T10:15:00.000Z');
    const first = await runMatchDigest(env, at);
    expect(first).not.toBeNull();
    expect(await runMatchDigest(env, at)).toBeNull();
  });
});

/** A request through the Worker with the meter on; its counts come back in X-Meter. */
async function metered(path: string, cookie: string, method = 'GET') {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { Cookie: cookie, 'CF-Connecting-IP': randomIp(), Origin: ORIGIN },
    }),
    { ...env, METER: '1' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    response,
    counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as {
      d1Queries: number;
      d1Statements: number;
      d1RowsRead: number;
      d1RowsWritten: number;
    },
  };
}

/** Members written directly (no password work): ids. */
async function bulkMembers(count: number, tag: string): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO users (username, password, display_name, email)
     SELECT ?2 || i, 'x', 'Bulk ' || ?2 || i, ?2 || i || '@example.com' FROM n RETURNING id`,
  )
    .bind(count, tag)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** `perOwner` active listings for each owner, with the given title and want (Oakland). */
async function bulkListings(
  owners: number[],
  perOwner: number,
  title: string,
  wants: string,
): Promise<{ id: number; user_id: number }[]> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO listings (user_id, title, description, what_user_wants, location, distance, latitude, longitude, categories_offered)
     SELECT o.value, ?3 || ' ' || n.i, 'Bulk listing for the cost test', ?4, 'Oakland, CA', 10, 37.8, -122.27, '["goods"]'
       FROM json_each(?1) o CROSS JOIN n RETURNING id, user_id`,
  )
    .bind(JSON.stringify(owners), perOwner, title, wants)
    .all<{ id: number; user_id: number }>();
  return results;
}

describe('bounded work', () => {
  it('the busiest member\u2019s matches stay within the page budget: few queries, at most 1,000 rows read', async () => {
    const busy = await signUp();
    const tag = `b${Date.now().toString(36)}`;
    // The busy member: 40 active listings (only the newest 20 count), each wanting vintage cameras.
    const mine = await bulkListings([busy.id], 40, `${tag} Espresso machine`, 'Vintage camera or film camera');
    // 60 partners with 6 listings each; the busy member wants 200 of them (the cap).
    const partners = await bulkMembers(60, `${tag}p`);
    const theirs = await bulkListings(partners, 6, `${tag} Vintage camera`, 'Espresso machine');
    await env.DB.prepare('INSERT INTO wants (user_id, listing_id) SELECT ?1, value FROM json_each(?2)')
      .bind(busy.id, JSON.stringify(theirs.slice(0, 200).map((l) => l.id)))
      .run();
    // 400 members each want one of the busy member's listings.
    const fans = await bulkMembers(400, `${tag}f`);
    await env.DB.prepare(
      `INSERT INTO wants (user_id, listing_id) SELECT f.value, json_extract(?2, '$[' || (f.key % 40) || ']') FROM json_each(?1) f`,
    )
      .bind(JSON.stringify(fans), JSON.stringify(mine.map((l) => l.id)))
      .run();
    // And 500 more market listings that the busy member's text wants name.
    const market = await bulkMembers(50, `${tag}m`);
    await bulkListings(market, 10, `${tag} Film camera`, 'Quokka figurines');

    const { response, counts } = await metered('/api/matches', busy.cookie);
    expect(response.status).toBe(200);
    const matches = (await response.json()) as any[];
    expect(matches.length).toBe(50);
    expect(matches[0]).toMatchObject({ iWant: 'explicit', theyWant: 'text' });
    expect(matches.every((m) => m.myListing.user.id === busy.id && m.theirListing.user.id !== busy.id)).toBe(true);
    console.log(`GET /api/matches, busiest member: ${JSON.stringify(counts)}`);
    expect(counts.d1Queries).toBeLessThanOrEqual(5);
    expect(counts.d1Statements).toBeLessThanOrEqual(12);
    expect(counts.d1RowsRead).toBeLessThanOrEqual(1000);

    // Adding a want (its match detection included) stays small too.
    const target = theirs[250]!;
    const added = await metered(`/api/wants/${target.id}`, busy.cookie, 'PUT');
    expect(added.response.status).toBe(400); // at the cap
    await env.DB.prepare('DELETE FROM wants WHERE user_id = ? AND listing_id = ?').bind(busy.id, theirs[0]!.id).run();
    const put = await metered(`/api/wants/${target.id}`, busy.cookie, 'PUT');
    expect(put.response.status).toBe(200);
    console.log(`PUT /api/wants, busiest member: ${JSON.stringify(put.counts)}`);
    // The want and its match detection (4), then the circle search through it: one load and at
    // most two proposal batches (3). The ceiling for adding a want is 10.
    expect(put.counts.d1Queries).toBeLessThanOrEqual(7);
    // Match detection reads under 300 rows here; the circle search through the new want reads its
    // capped neighbourhood (docs/algorithms/trade-circles.md "Caps"), about 1,400 rows for this
    // member, whose listings 400 members want.
    expect(put.counts.d1RowsRead).toBeLessThanOrEqual(3000);
    // Twenty of the busy member's listings pair with the new want: one entry each side, not twenty.
    expect(put.counts.d1RowsWritten).toBeLessThan(40);
    // The new want made a match with the partner (who wants espresso machines by text).
    const entries = (await matchEntries(busy.id)).filter((e) => e.subject_key.endsWith(`:${target.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.text).toMatch(/\(20 possible swaps\)$/);
  });
});
