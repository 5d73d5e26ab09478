// Listing reads at scale (decision 020): the counter rows (listing_counts, listing_places) stay
// equal to a count over the listings through every change path, the browse count comes from them,
// and the cell-based distance search gives the same listings in the same order as checking every
// listing's distance.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import {
  browseQueries,
  cellsCovering,
  searchCandidatesQuery,
  searchListingsNear,
  searchQueries,
} from '@worker/db/queries/listings';
import { distanceMiles, type Position } from '@worker/lib/geo';
import { call, createListing, json, signUp, signUpAdmin } from './helpers';

const PUBLIC = "status IN ('active', 'pending')";

/** The counters as stored, and as a count over the listings says they must be. */
async function counters() {
  const stored = await env.DB.prepare('SELECT key, n FROM listing_counts WHERE n <> 0 ORDER BY key').all<{
    key: string;
    n: number;
  }>();
  const truth = await env.DB.prepare(
    `SELECT '*' AS key, count(*) AS n FROM listings WHERE ${PUBLIC}
     UNION ALL SELECT 'unplaced', count(*) FROM listings WHERE ${PUBLIC} AND latitude IS NULL
     UNION ALL SELECT 'cat:' || lc.slug, count(*) FROM listing_categories lc JOIN listings l ON l.id = lc.listing_id WHERE l.${PUBLIC} GROUP BY lc.slug`,
  ).all<{ key: string; n: number }>();
  const places = await env.DB.prepare(
    'SELECT key, latitude, longitude, cell, n FROM listing_places WHERE n <> 0 ORDER BY key, latitude, longitude',
  ).all();
  const placesTruth = await env.DB.prepare(
    `SELECT * FROM (
       SELECT '*' AS key, latitude, longitude, cell, count(*) AS n FROM listings WHERE ${PUBLIC} AND latitude IS NOT NULL GROUP BY latitude, longitude
       UNION ALL
       SELECT 'cat:' || c.slug, l.latitude, l.longitude, l.cell, count(*) FROM listings l JOIN listing_categories c ON c.listing_id = l.id
       WHERE l.${PUBLIC} AND l.latitude IS NOT NULL GROUP BY c.slug, l.latitude, l.longitude
     ) ORDER BY key, latitude, longitude`,
  ).all();
  return {
    stored: { counts: stored.results, places: places.results },
    truth: {
      counts: truth.results.filter((row) => row.n !== 0).sort((a, b) => (a.key < b.key ? -1 : 1)),
      places: placesTruth.results,
    },
  };
}

async function expectExact() {
  const { stored, truth } = await counters();
  expect(stored).toEqual(truth);
}

const total = async (query: string) => Number((await call(`/api/listings?${query}`)).headers.get('X-Total-Count'));

describe('listing counters', () => {
  it('stay exact through create, edits, deletes, admin actions and account deletion', async () => {
    await expectExact();
    const owner = await signUp();
    const admin = await signUpAdmin();
    const before = { all: await total('limit=1'), food: await total('category=food&limit=1') };

    const a = await createListing(owner, { categoriesOffered: ['home', 'food'] });
    const b = await createListing(owner, { categoriesOffered: ['tech'], location: 'Boston, MA' });
    const c = await createListing(owner, { categoriesOffered: ['food'], location: 'Qqzzxx Nowhere' });
    await expectExact();
    expect(await total('limit=1')).toBe(before.all + 3);
    expect(await total('category=food&limit=1')).toBe(before.food + 2);

    const put = (id: number, body: Record<string, unknown>, cookie = owner.cookie) =>
      call(`/api/listings/${id}`, { method: 'PUT', cookie, body });
    for (const status of ['paused', 'pending', 'completed', 'active']) {
      expect((await put(a.id, { status })).status).toBe(200);
      await expectExact();
    }
    expect(await total('category=food&limit=1')).toBe(before.food + 2);
    expect((await put(a.id, { status: 'paused' })).status).toBe(200);
    expect(await total('category=food&limit=1')).toBe(before.food + 1);
    expect(await total('limit=1')).toBe(before.all + 2);

    // Categories changed (while public and while paused), a place changed, a place lost and found.
    expect((await put(b.id, { categoriesOffered: ['food', 'goods'] })).status).toBe(200);
    await expectExact();
    expect((await put(a.id, { categoriesOffered: ['creative'] })).status).toBe(200);
    await expectExact();
    expect((await put(b.id, { location: 'Oakland, CA' })).status).toBe(200);
    await expectExact();
    expect((await put(b.id, { location: 'Qqzzxx Elsewhere' })).status).toBe(200);
    await expectExact();
    expect(
      (await put(c.id, { location: 'Berkeley, CA', status: 'pending', categoriesOffered: ['education'] })).status,
    ).toBe(200);
    await expectExact();

    // Admin actions: featuring changes no count; an admin deletes a listing.
    expect(
      (await call(`/api/admin/listings/${c.id}/featured`, { cookie: admin.cookie, body: { isFeatured: true } })).status,
    ).toBe(200);
    await expectExact();
    expect((await call(`/api/listings/${c.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    await expectExact();
    // The owner deletes a public one; a direct status change in SQL is counted too.
    expect((await call(`/api/listings/${b.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE listings SET status = 'active' WHERE id = ?").bind(a.id).run();
    await expectExact();

    // Account deletion: every listing of the member goes by cascade.
    await createListing(owner, { categoriesOffered: ['food', 'tech'], location: 'San Francisco, CA' });
    await expectExact();
    expect((await call(`/api/users/${owner.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await expectExact();
    expect(await total('limit=1')).toBe(before.all);
    expect(await total('category=food&limit=1')).toBe(before.food);
  });

  it('the browse count and pages read the counters and the public index, not every listing', async () => {
    const owner = await signUp();
    for (let i = 0; i < 3; i++)
      await createListing(owner, { categoriesOffered: ['goods'], title: `Counted crate ${i}` });
    const response = await call('/api/listings?limit=2&offset=0');
    const page = await json<any[]>(response);
    const truth = await env.DB.prepare(`SELECT count(*) AS n FROM listings WHERE ${PUBLIC}`).first<{ n: number }>();
    expect(Number(response.headers.get('X-Total-Count'))).toBe(truth!.n);
    const newest = await env.DB.prepare(
      `SELECT id FROM listings WHERE ${PUBLIC} ORDER BY created_at DESC, id DESC LIMIT 2`,
    ).all<{ id: number }>();
    expect(page.map((l) => l.id)).toEqual(newest.results.map((r) => r.id));
    // Signed in: the counter row less the member's own public listings, and a page without them.
    for (const category of ['', 'goods']) {
      const query = `limit=2&offset=0${category ? `&category=${category}` : ''}`;
      const join = category
        ? `AND EXISTS (SELECT 1 FROM listing_categories c WHERE c.listing_id = listings.id AND c.slug = '${category}')`
        : '';
      const signedIn = await call(`/api/listings?${query}`, { cookie: owner.cookie });
      const others = await env.DB.prepare(`SELECT count(*) AS n FROM listings WHERE ${PUBLIC} AND user_id <> ? ${join}`)
        .bind(owner.id)
        .first<{ n: number }>();
      expect(Number(signedIn.headers.get('X-Total-Count'))).toBe(others!.n);
      const theirs = await env.DB.prepare(
        `SELECT id FROM listings WHERE ${PUBLIC} AND user_id <> ? ${join} ORDER BY created_at DESC, id DESC LIMIT 2`,
      )
        .bind(owner.id)
        .all<{ id: number }>();
      expect((await json<any[]>(signedIn)).map((l) => l.id)).toEqual(theirs.results.map((r) => r.id));
    }
    for (const filter of [{}, { category: 'goods' }, { viewerId: owner.id }]) {
      const { sql, params } = browseQueries(createDb(env.DB), { ...filter, limit: 9, offset: 0 }).page.toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join('\n');
      // A category walks its own partial index of public listings (decision 041).
      expect(details).toContain(
        filter.category ? `listings_public_${filter.category}_idx` : 'listings_public_created_idx',
      );
      expect(details).not.toContain('listings_status_created_idx');
    }
  });
});

/** The distance search as it was: every listing's distance checked, newest first, then the unplaced (never the viewer's own). */
async function reference(
  center: Position,
  miles: number,
  filter: { category?: string; search?: string; viewerId?: number },
) {
  const params: unknown[] = [];
  let where = '';
  if (filter.category) {
    where += ' AND EXISTS (SELECT 1 FROM listing_categories c WHERE c.listing_id = l.id AND c.slug = ?)';
    params.push(filter.category);
  }
  if (filter.search) {
    where += ' AND l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ?)';
    params.push(`"${filter.search}"*`);
  }
  if (filter.viewerId !== undefined) {
    where += ' AND l.user_id <> ?';
    params.push(filter.viewerId);
  }
  // A text search puts equally relevant listings newest first by id (decision 047: ids only grow,
  // so it is creation order, and the index alone gives it); browse orders by created_at.
  const newest = filter.search ? 'l.id DESC' : 'l.created_at DESC, l.id DESC';
  const rows = await env.DB.prepare(
    `SELECT l.id, l.latitude, l.longitude, l.created_at FROM listings l WHERE l.${PUBLIC}${where} ORDER BY ${newest}`,
  )
    .bind(...params)
    .all<{ id: number; latitude: number | null; longitude: number | null }>();
  const within = rows.results.filter(
    (r) =>
      r.latitude !== null &&
      r.longitude !== null &&
      distanceMiles(center, { latitude: r.latitude, longitude: r.longitude }) <= miles,
  );
  return [...within, ...rows.results.filter((r) => r.latitude === null)].map((r) => r.id);
}

describe('cell-based distance search', () => {
  it('finds the same listings in the same order as checking every distance', async () => {
    const owner = await signUp();
    const neighbour = await signUp();
    // Listings at scattered coordinates (as places resolve to), some sharing a place, some without
    // one, across cell edges, the antimeridian and near a pole; statuses and categories mixed.
    const spots: (Position | null)[] = [];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 60; i++) spots.push({ latitude: 37 + random() * 2, longitude: -123 + random() * 2 });
    for (let i = 0; i < 10; i++) spots.push({ latitude: 38, longitude: -122 }); // a cell corner, shared
    for (let i = 0; i < 10; i++)
      spots.push({
        latitude: -16.5 + random() * 0.2,
        longitude: random() < 0.5 ? 179.9 + random() * 0.1 : -180 + random() * 0.1,
      });
    for (let i = 0; i < 60; i++) spots.push({ latitude: 89.9 + random() * 0.09, longitude: -180 + random() * 360 }); // spread over many cells
    for (let i = 0; i < 8; i++) spots.push(null);
    const statuses = ['active', 'active', 'active', 'pending', 'paused', 'completed'];
    const slugs = ['home', 'food', 'tech'];
    let day = 0;
    for (const [i, spot] of spots.entries()) {
      const status = statuses[Math.floor(random() * statuses.length)]!;
      const slug = slugs[Math.floor(random() * slugs.length)]!;
      const createdAt = new Date(Date.UTC(2026, 0, 1) + (day++ % 40) * 3_600_000).toISOString(); // ties on purpose
      const inserted = await env.DB.prepare(
        `INSERT INTO listings (user_id, title, description, categories_offered, what_user_wants, location, distance, status, latitude, longitude, created_at)
         VALUES (?, 'Cellwalk spade', 'A listing placed by the cell test.', ?, 'Anything', 'Somewhere', 10, ?, ?, ?, ?) RETURNING id`,
      )
        .bind(
          i % 3 === 0 ? neighbour.id : owner.id,
          JSON.stringify([slug]),
          status,
          spot?.latitude ?? null,
          spot?.longitude ?? null,
          createdAt,
        )
        .first<{ id: number }>();
      await env.DB.prepare('INSERT INTO listing_categories (listing_id, slug) VALUES (?, ?)')
        .bind(inserted!.id, slug)
        .run();
    }
    await expectExact();

    const db = createDb(env.DB);
    const centers: Position[] = [
      { latitude: 38, longitude: -122 },
      { latitude: 37.8, longitude: -122.27 },
      { latitude: 38.5, longitude: -122.5 },
      { latitude: -16.5, longitude: -179.95 },
      { latitude: 89.95, longitude: 180 },
      { latitude: 0, longitude: 0 },
    ];
    let found = 0;
    for (const center of centers) {
      for (const miles of [5, 25, 100]) {
        // A signed-in member (the neighbour, who owns a third of them) never sees their own.
        const viewerId = neighbour.id;
        const filters = [
          {},
          { category: 'food' },
          { search: 'Cellwalk' },
          { search: 'Cellwalk', category: 'tech' },
          { viewerId },
          { category: 'food', viewerId },
          { search: 'Cellwalk', viewerId },
        ];
        for (const filter of filters) {
          const expected = await reference(center, miles, filter);
          found += expected.length;
          for (const [offset, limit] of [
            [0, 100],
            [Math.max(0, expected.length - 5), 3],
          ] as const) {
            const { items, total } = await searchListingsNear(db, { ...filter, limit, offset }, center, miles);
            const label = JSON.stringify({ center, miles, filter, offset, limit });
            expect({ label, ids: items.map((item) => item.id) }).toEqual({
              label,
              ids: expected.slice(offset, offset + limit),
            });
            expect({ label, total }).toEqual({ label, total: expected.length });
          }
        }
      }
    }
    // The comparison is over real results, not empty ones.
    expect(found).toBeGreaterThan(500);
    // The pole's listings spread over more cells than one compound SELECT may hold (D1: 5) and than
    // are read one by one (48): both the nested UNION ALL and the single-branch fallback run above.
    const poleCells = await env.DB.prepare(
      "SELECT count(DISTINCT cell) AS n FROM listings WHERE latitude > 89.9 AND title = 'Cellwalk spade'",
    ).first<{ n: number }>();
    expect(poleCells!.n).toBeGreaterThan(48);
  }, 180_000);

  it('covers a circle with a few cells, and gives up on cells near a pole', () => {
    expect(cellsCovering({ latitude: 37.8, longitude: -122.27 }, 50)!.length).toBeLessThanOrEqual(9);
    expect(cellsCovering({ latitude: 37.8, longitude: -122.27 }, 10)!.length).toBeLessThanOrEqual(4);
    expect(cellsCovering({ latitude: 89.95, longitude: 0 }, 10)).toBeNull();
    // Across the antimeridian: cells on both sides.
    const across = cellsCovering({ latitude: -16.5, longitude: 179.95 }, 10)!;
    expect(across.some((cell) => cell % 360 === 359)).toBe(true);
    expect(across.some((cell) => cell % 360 === 0)).toBe(true);
  });
});

describe('text search in one pass', () => {
  it('gives the page and the count searchQueries gives, without scanning listings', async () => {
    const owner = await signUp();
    const other = await signUp();
    for (let i = 0; i < 7; i++)
      await createListing(i % 2 ? owner : other, {
        title: `Onepass trowel ${i}`,
        description: i % 3 ? 'A onepass garden tool.' : 'Steel, onepass.',
        categoriesOffered: [i % 2 ? 'home' : 'food'],
      });
    const db = createDb(env.DB);
    const filters = [
      { search: 'onepass' },
      { search: 'onepass garden' },
      { search: 'onepass', category: 'home' },
      { search: 'onepass', viewerId: owner.id },
      { search: 'trowel onepass' },
    ];
    for (const filter of filters) {
      for (const [offset, limit] of [
        [0, 3],
        [3, 3],
        [6, 3],
        [9, 3],
        [0, 100],
      ] as const) {
        const label = JSON.stringify({ filter, offset, limit });
        const { page, total } = searchQueries(db, { ...filter, limit, offset });
        const [expected, [counted]] = await db.batch([page, total]);
        const response = await call(
          `/api/listings?${new URLSearchParams({ search: filter.search, ...(filter.category ? { category: filter.category } : {}), limit: String(limit), offset: String(offset) })}`,
          {
            cookie: filter.viewerId ? owner.cookie : undefined,
          },
        );
        const ids = (await json<any[]>(response)).map((l) => l.id);
        expect({ label, ids, total: Number(response.headers.get('X-Total-Count')) }).toEqual({
          label,
          ids: expected.map((r) => r.listing.id),
          total: counted!.total,
        });
      }
    }
    const { sql, params } = searchCandidatesQuery(db, {
      search: 'onepass',
      category: 'home',
      limit: 9,
      offset: 0,
    }).toSQL();
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
    expect(plan.some((d) => /listings_fts VIRTUAL TABLE/.test(d))).toBe(true);
    expect(
      plan.filter((d) => /^SCAN (listings|listing_categories|users)\b|listings_status_created_idx/.test(d)),
    ).toEqual([]);
  });
});
