// A block hides each member's listings from the other, both ways (docs/api/blocks.md): browse and
// search in every path (browse, category, text search untracked and tracked, distance search with
// and without text, distance any) with X-Total-Count exact and no extra D1 round trip; the listing
// page answers 404; a member's listings answer an empty list; admins are not kept apart.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { browseQueries, unseenPlacesQuery } from '@worker/db/queries/listings';
import { call, createListing, json, signUp, signUpAdmin, type Member } from './helpers';
import { block, metered, unblock } from './blocks-helpers';

let seq = 0;
const word = () =>
  `zb${Date.now().toString(36)}${(seq++).toString(36)}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
const NEAR = `near=${encodeURIComponent('Oakland, CA')}`;

async function seen(member: Member | null, query: string) {
  const response = await call(`/api/listings?${query}`, member ? { cookie: member.cookie } : {});
  expect(response.status, query).toBe(200);
  const items = await json<{ id: number; userId: number }[]>(response);
  return {
    ids: items.map((l) => l.id),
    owners: items.map((l) => l.userId),
    total: Number(response.headers.get('X-Total-Count')),
  };
}

/** `n` copies of a listing written straight into the table (as search-bounded.test.ts does), in two towns and none. */
async function copies(templateId: number, n: number) {
  const { results } = await env.DB.prepare('PRAGMA table_xinfo(listings)').all<{ name: string; hidden: number }>();
  const columns = results.filter((c) => c.name !== 'id' && c.hidden === 0).map((c) => c.name);
  const chosen = (name: string) => {
    if (name === 'latitude') return `CASE x % 3 WHEN 0 THEN NULL WHEN 1 THEN 37.80437 ELSE 40.71427 END`;
    if (name === 'longitude') return `CASE x % 3 WHEN 0 THEN NULL WHEN 1 THEN -122.2708 ELSE -74.00597 END`;
    if (name === 'created_at') return `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x * 7 % 500) || ' minutes')`;
    return name;
  };
  await env.DB.prepare(
    `WITH RECURSIVE xs(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM xs WHERE x < ?)
     INSERT INTO listings (${columns.join(', ')}) SELECT ${columns.map(chosen).join(', ')} FROM listings, xs WHERE listings.id = ?`,
  )
    .bind(n, templateId)
    .run();
}

/**
 * Three members with listings that share a word: `a` (who blocks), `b` (blocked) and `c` (neither).
 * Each has listings in Oakland, in New York and without a known place, in two categories.
 */
async function market() {
  const [a, b, c] = await Promise.all([signUp(), signUp(), signUp()]);
  const w = word();
  const make = (m: Member, title: string, location: string, category: string) =>
    createListing(m, { title: `${title} ${w}`, location, categoriesOffered: [category] });
  const listings = [];
  for (const m of [a, b, c]) {
    listings.push(await make(m, 'Oak bookshelf', 'Oakland, CA', 'home'));
    listings.push(await make(m, 'Garden shears', 'New York, NY', 'food'));
    listings.push(await make(m, 'Seed packets', 'Nowhere Placeville', 'food'));
  }
  return { a, b, c, w, listings };
}

/** What `viewer` must see of the visitor's answer: everything not theirs and not of the other side. */
async function expectApart(viewer: Member, other: Member, query: string) {
  const visitor = await seen(null, query);
  const got = await seen(viewer, query);
  const keep = visitor.ids.filter((_, i) => visitor.owners[i] !== viewer.id && visitor.owners[i] !== other.id);
  expect(got.ids, query).toEqual(keep);
  expect(got.total, query).toBe(keep.length);
  expect(visitor.owners, query).toContain(other.id);
}

describe('browse and search across a block', () => {
  it('leave out each side’s listings for the other, in every path, with exact counts', async () => {
    const { a, b, c, w } = await market();
    await block(a, b);
    const queries = [
      `search=${w}`,
      `search=${w}&category=food`,
      `search=${w}&distance=25&${NEAR}`,
      `search=${w}&distance=any&${NEAR}`,
      `search=${w}&distance=any`,
    ];
    for (const query of queries) {
      await expectApart(a, b, query);
      await expectApart(b, a, query);
    }
    // Pages are cut from what the viewer sees.
    const all = await seen(a, `search=${w}`);
    expect(await seen(a, `search=${w}&limit=2&offset=1`)).toEqual({
      ids: all.ids.slice(1, 3),
      owners: all.owners.slice(1, 3),
      total: all.total,
    });
    // The member in neither side of the block sees everyone's but their own.
    const neither = await seen(c, `search=${w}`);
    expect(new Set(neither.owners)).toEqual(new Set([a.id, b.id]));
    // Unblocked, they see each other again.
    await unblock(a, b);
    expect(new Set((await seen(a, `search=${w}`)).owners)).toEqual(new Set([b.id, c.id]));
  });

  it('browse without text (the counter rows less the listings not seen), by category and within a distance', async () => {
    const { a, b } = await market();
    await block(b, a);
    for (const query of [
      'limit=9',
      'category=food&limit=9',
      `distance=25&${NEAR}&limit=9`,
      `distance=25&${NEAR}&category=home&limit=9`,
      'distance=any&limit=9',
    ]) {
      for (const [viewer, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const visitor = await seen(null, query);
        const got = await seen(viewer, query);
        // The other side's listings are the newest: the visitor's first page has them, theirs does not.
        expect(visitor.owners, query).toContain(other.id);
        expect(got.owners, query).not.toContain(other.id);
        expect(got.owners, query).not.toContain(viewer.id);
        // Counts: the visitor's total less the viewer's own and the other side's listings of the filter.
        const hidden = (await seen(null, `${query.replace(/limit=9/, 'limit=100')}`)).owners.filter(
          (o) => o === viewer.id || o === other.id,
        ).length;
        expect(got.total, query).toBe(visitor.total - hidden);
      }
    }
  });

  it('searches with many matches leave them out of the page and of the counts, with and without a distance', async () => {
    const { a, b, c, w } = await market();
    const template = await createListing(b, { title: `Brass lamp ${w}`, location: 'Oakland, CA' });
    await copies(template.id, 230);
    const more = await createListing(c, { title: `Lamp shade ${w}`, location: 'Oakland, CA' });
    await block(a, b);
    for (const query of [
      `search=${w}&limit=20`,
      `search=${w}&limit=9&offset=3`,
      `search=${w}&distance=25&${NEAR}&limit=20`,
      `search=${w}&distance=25&${NEAR}&limit=9&offset=2`,
    ]) {
      const got = await seen(a, query);
      expect(got.owners, query).not.toContain(b.id);
      expect(got.owners, query).not.toContain(a.id);
      // Everything a sees is c's: their three and the lamp shade (the Oakland ones in range).
      const truth = await env.DB.prepare(
        `SELECT count(*) AS n FROM listings WHERE user_id = ? AND status IN ('active', 'pending') ${query.includes('distance') ? `AND (latitude BETWEEN 37 AND 38.5 OR latitude IS NULL)` : ''}`,
      )
        .bind(c.id)
        .first<{ n: number }>();
      expect(got.total, query).toBe(truth!.n);
    }
    expect((await seen(a, `search=${w}&limit=20`)).ids).toContain(more.id);
    // b, blocked, does not see a's either.
    const fromB = await seen(b, `search=${w}&limit=100`);
    expect(fromB.owners.every((o) => o === c.id)).toBe(true);
    expect(fromB.total).toBe(4);
  });

  it('cost no extra D1 round trip: a member with blocks browses and searches with the same queries as before', async () => {
    const { a, b, w } = await market();
    const paths = [
      '/api/listings?limit=9',
      `/api/listings?search=${w}&limit=9`,
      `/api/listings?distance=25&${NEAR}&limit=9`,
      `/api/listings?search=${w}&distance=25&${NEAR}&limit=9`,
      '/api/listings?category=food&limit=9',
    ];
    const before = [];
    for (const path of paths) before.push((await metered('GET', path, a)).counts);
    await block(a, b);
    for (const [i, path] of paths.entries()) {
      const after = (await metered('GET', path, a)).counts;
      expect(after.d1Queries, path).toBe(before[i]!.d1Queries);
      expect(after.d1Statements, path).toBe(before[i]!.d1Statements);
    }
  });
});

describe('query plans of the listings a viewer does not see', () => {
  it('are read member by member on listings_user_created_idx, never by walking the public listings', async () => {
    const db = createDb(env.DB);
    const statements = [
      browseQueries(db, { viewerId: 1, limit: 9, offset: 0 }).total,
      browseQueries(db, { viewerId: 1, category: 'food', limit: 9, offset: 0 }).total,
      unseenPlacesQuery(db, 1, null),
      unseenPlacesQuery(db, 1, 'food'),
    ];
    for (const statement of statements) {
      const { sql, params } = statement.toSQL();
      const plan = (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);
      expect(
        plan.some((d) => d.includes('listings_user_created_idx')),
        sql,
      ).toBe(true);
      expect(
        plan.filter((d) => /^SCAN listings\b/.test(d)),
        sql,
      ).toEqual([]);
    }
  });
});

describe('the listing page and a member’s listings across a block', () => {
  it('answer 404 for the listing page both ways, as for a missing listing; visitors, others and admins still see it', async () => {
    const [a, b, c, admin] = await Promise.all([signUp(), signUp(), signUp(), signUpAdmin()]);
    const ofA = await createListing(a, { title: 'Folding bicycle' });
    const ofB = await createListing(b, { title: 'Rowing machine' });
    await block(a, b);
    for (const [viewer, listing] of [
      [a, ofB],
      [b, ofA],
    ] as const) {
      const response = await call(`/api/listings/${listing.id}`, { cookie: viewer.cookie });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    }
    for (const viewer of [null, c, admin]) {
      expect((await call(`/api/listings/${ofB.id}`, viewer ? { cookie: viewer.cookie } : {})).status).toBe(200);
    }
    // Their own listings they still see.
    expect((await call(`/api/listings/${ofA.id}`, { cookie: a.cookie })).status).toBe(200);
    // One statement as before: the check is in the listing's read.
    const free = await metered('GET', `/api/listings/${ofA.id}`, c);
    const apart = await metered('GET', `/api/listings/${ofA.id}`, b);
    expect(apart.response.status).toBe(404);
    expect(apart.counts.d1Queries).toBeLessThanOrEqual(free.counts.d1Queries);
  });

  it('a member’s listings are an empty list to the other side, both ways; the profile still answers; admins see all', async () => {
    const [a, b, admin] = await Promise.all([signUp(), signUp(), signUpAdmin()]);
    const ofA = await createListing(a, { title: 'Folding bicycle' });
    const ofB = await createListing(b, { title: 'Rowing machine' });
    await block(b, a);
    expect(await json(await call(`/api/users/${b.id}/listings`, { cookie: a.cookie }))).toEqual([]);
    expect(await json(await call(`/api/users/${a.id}/listings`, { cookie: b.cookie }))).toEqual([]);
    expect((await json<any[]>(await call(`/api/users/${b.id}/listings`))).map((l) => l.id)).toEqual([ofB.id]);
    expect(
      (await json<any[]>(await call(`/api/users/${b.id}/listings`, { cookie: admin.cookie }))).map((l) => l.id),
    ).toEqual([ofB.id]);
    expect(
      (await json<any[]>(await call(`/api/users/${a.id}/listings`, { cookie: a.cookie }))).map((l) => l.id),
    ).toEqual([ofA.id]);
    // The profile is public (a visitor sees it), so it answers as before.
    expect((await call(`/api/users/${b.id}`, { cookie: a.cookie })).status).toBe(200);
    // Still one round trip after the KV read (the route checks the viewer in its own statement).
    const { counts } = await metered('GET', `/api/users/${b.id}/listings`, a);
    expect(counts.d1Queries).toBe(1);
  });
});
