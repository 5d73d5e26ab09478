// Tracked text searches (decision 030): a search matching more than TRACK_FROM listings is
// answered from counter rows kept by triggers and a ranked window, and must give exactly what the
// full count and ranking give, through every change path, on every page, with and without a
// distance, for members (whose own listings are left out) and visitors.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { rankedSearchQuery, type ListingSearch } from '../../worker/db/queries/listings';
import { MAX_TRACKED, RANKED_WINDOW, TRACK_FROM } from '../../worker/db/queries/search-terms';
import { call, createListing, json, signUp, type Member } from './helpers';

const PUBLIC = "status IN ('active', 'pending')";
let seq = 0;
const word = () => `zq${Date.now().toString(36)}${(seq++).toString(36)}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

/**
 * `n` copies of a listing made through the API, written straight into the table (the API's rate
 * limits would take minutes): varied titles (so relevance varies, with ties), places (two towns and
 * none) and creation times; each keeps the template's categories.
 */
async function copies(template: { id: number }, n: number, w: string) {
  const { results } = await env.DB.prepare('PRAGMA table_xinfo(listings)').all<{ name: string; hidden: number }>();
  const columns = results.filter((c) => c.name !== 'id' && c.hidden === 0).map((c) => c.name);
  const chosen = (name: string) => {
    if (name === 'title') return `CASE x % 3 WHEN 0 THEN '${w} lamp' WHEN 1 THEN 'Lamp with a ${w} shade and more words here' ELSE 'Plain lamp' END`;
    if (name === 'description') return `CASE x % 3 WHEN 2 THEN 'It has a ${w} base.' ELSE description END`;
    if (name === 'latitude') return `CASE x % 4 WHEN 0 THEN NULL WHEN 1 THEN 37.80437 WHEN 2 THEN 40.71427 ELSE latitude END`;
    if (name === 'longitude') return `CASE x % 4 WHEN 0 THEN NULL WHEN 1 THEN -122.2708 WHEN 2 THEN -74.00597 ELSE longitude END`;
    if (name === 'created_at') return `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x * 7 % 500) || ' minutes')`;
    return name;
  };
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE xs(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM xs WHERE x < ?)
       INSERT INTO listings (${columns.join(', ')}) SELECT ${columns.map(chosen).join(', ')} FROM listings, xs WHERE listings.id = ?`,
    ).bind(n, template.id),
    env.DB.prepare(
      `INSERT INTO listing_categories (listing_id, slug) SELECT l.id, c.slug FROM listings l, listing_categories c
       WHERE c.listing_id = ? AND l.user_id = (SELECT user_id FROM listings WHERE id = ?) AND l.id > ?`,
    ).bind(template.id, template.id, template.id),
  ]);
}

async function search(query: string, member?: Member) {
  const response = await call(`/api/listings?${query}`, member ? { cookie: member.cookie } : {});
  expect(response.status).toBe(200);
  return { ids: ((await json(response)) as { id: number }[]).map((l) => l.id), total: Number(response.headers.get('X-Total-Count')) };
}

/** What the full count and ranking give (the path every untracked search takes). */
async function truth(filter: Omit<ListingSearch, 'limit' | 'offset'>, offset: number, limit: number) {
  const rows = await rankedSearchQuery(createDb(env.DB), { ...filter, limit, offset });
  const all = await rankedSearchQuery(createDb(env.DB), { ...filter, limit: 100_000, offset: 0 });
  return { ids: rows.map((r) => r.listing.id), total: all.length };
}

/** The tracked search's counts as stored, and as a count over the listings says they must be. */
async function expectCountersExact(w: string, category = '') {
  const term = await env.DB.prepare('SELECT total, unplaced, places FROM search_terms WHERE fts = ? AND category = ?')
    .bind(`"${w}"*`, category)
    .first<{ total: number; unplaced: number; places: string }>();
  expect(term).not.toBeNull();
  const matches = `FROM listings l WHERE l.${PUBLIC} AND l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH '"${w}"*')${category ? ` AND l.id IN (SELECT listing_id FROM listing_categories WHERE slug = '${category}')` : ''}`;
  const expected = await env.DB.prepare(`SELECT count(*) AS total, sum(l.latitude IS NULL) AS unplaced ${matches}`).first<{ total: number; unplaced: number }>();
  expect({ total: term!.total, unplaced: term!.unplaced }).toEqual({ total: expected!.total, unplaced: expected!.unplaced ?? 0 });
  const places = Object.entries(JSON.parse(term!.places) as Record<string, Record<string, number>>)
    .flatMap(([cell, inCell]) => Object.entries(inCell).map(([place, n]) => [`${cell}:${place}`, n]))
    .filter(([, n]) => n !== 0)
    .sort();
  const placesTruth = await env.DB.prepare(
    `SELECT l.cell || ':' || l.latitude || ',' || l.longitude AS place, count(*) AS n ${matches} AND l.latitude IS NOT NULL GROUP BY l.latitude, l.longitude`,
  ).all<{ place: string; n: number }>();
  expect(places).toEqual(placesTruth.results.map((r) => [r.place, r.n]).sort());
}

async function trackedCount() {
  return (await env.DB.prepare('SELECT count(*) AS n FROM search_terms').first<{ n: number }>())!.n;
}

describe('tracked text searches', () => {
  it('are tracked once they match many listings, and answer every page as the full ranking does', async () => {
    const owner = await signUp();
    const viewer = await signUp();
    const w = word();
    const template = await createListing(owner, { title: `${w} lamp`, location: 'Oakland, CA' });
    await copies(template, TRACK_FROM + 140, w);
    const before = await trackedCount();
    const first = await search(`search=${w}&limit=9`);
    expect(await trackedCount()).toBe(before + 1);
    await expectCountersExact(w);
    expect(first).toEqual(await truth({ search: w }, 0, 9));
    // Pages through the window and past it (read in full), for a visitor and for a member.
    for (const offset of [9, 90, RANKED_WINDOW - 5, RANKED_WINDOW + 20]) {
      expect(await search(`search=${w}&limit=9&offset=${offset}`)).toEqual(await truth({ search: w }, offset, 9));
    }
    expect(await search(`search=${w}&limit=20`, viewer)).toEqual(await truth({ search: w, viewerId: viewer.id }, 0, 20));
    // The owner does not see their own listings: all of them are theirs.
    expect(await search(`search=${w}&limit=9`, owner)).toEqual({ ids: [], total: 0 });
  });

  it('keep their counters and pages exact through creates, edits, pauses, moves, category changes and deletes', async () => {
    const owner = await signUp();
    const other = await signUp();
    const w = word();
    const template = await createListing(owner, { title: `${w} lamp`, location: 'Oakland, CA', categoriesOffered: ['home'] });
    await copies(template, TRACK_FROM + 20, w);
    await search(`search=${w}`);
    await search(`search=${w}&category=home`);
    await expectCountersExact(w);
    await expectCountersExact(w, 'home');
    const ids = (await env.DB.prepare('SELECT id FROM listings WHERE user_id = ? ORDER BY id').bind(owner.id).all<{ id: number }>()).results.map((r) => r.id);
    const edit = (id: number, body: Record<string, unknown>) => call(`/api/listings/${id}`, { method: 'PUT', cookie: owner.cookie, body });
    // A new listing of another member that matches, in a third town.
    const added = await createListing(other, { title: `Brass ${w}`, location: 'Boston, MA', categoriesOffered: ['tech'] });
    // The text no longer matches; paused; moved; recategorised; deleted.
    expect((await edit(ids[1]!, { title: 'A plain lamp', description: 'Nothing to see.' })).status).toBe(200);
    expect((await edit(ids[2]!, { status: 'paused' })).status).toBe(200);
    expect((await edit(ids[3]!, { location: 'Boston, MA' })).status).toBe(200);
    expect((await edit(ids[4]!, { categoriesOffered: ['tech'] })).status).toBe(200);
    expect((await call(`/api/listings/${ids[5]}`, { method: 'DELETE', cookie: owner.cookie })).status).toBeLessThan(300);
    // Direct SQL counts too: a status change and a text change in one statement.
    await env.DB.prepare(`UPDATE listings SET status = 'completed', title = 'Sold' WHERE id = ?`).bind(ids[6]).run();
    await env.DB.prepare(`UPDATE listings SET status = 'active', title = ? WHERE id = ?`).bind(`Back ${w}`, ids[6]).run();
    await expectCountersExact(w);
    await expectCountersExact(w, 'home');
    expect(await search(`search=${w}&limit=12`)).toEqual(await truth({ search: w }, 0, 12));
    expect(await search(`search=${w}&category=home&limit=12&offset=12`)).toEqual(await truth({ search: w, category: 'home' }, 12, 12));
    const newest = await search(`search=${encodeURIComponent(`brass ${w}`)}`);
    expect(newest.ids).toContain(added.id);
  });

  it('count and page within a distance as the full search does: in range by relevance, then those without a place', async () => {
    const owner = await signUp();
    const viewer = await signUp();
    const w = word();
    const template = await createListing(owner, { title: `${w} lamp`, location: 'Oakland, CA' });
    await copies(template, TRACK_FROM + 60, w);
    const near = `distance=25&near=${encodeURIComponent('Oakland, CA')}`;
    const first = await search(`search=${w}&${near}&limit=9`, viewer);
    await expectCountersExact(w);
    // In range: the Oakland copies (a quarter, plus the template's own place); then the unplaced ones.
    const full = await search(`search=${w}&${near}&limit=100`, viewer);
    const located = (await env.DB.prepare(`SELECT count(*) AS n FROM listings WHERE user_id = ? AND latitude BETWEEN 37 AND 38.5`).bind(owner.id).first<{ n: number }>())!.n;
    const unplaced = (await env.DB.prepare(`SELECT count(*) AS n FROM listings WHERE user_id = ? AND latitude IS NULL`).bind(owner.id).first<{ n: number }>())!.n;
    expect(first.total).toBe(located + unplaced);
    expect(full.total).toBe(first.total);
    expect(full.ids.slice(0, 9)).toEqual(first.ids);
    // Every page put together is every match once, the located ones first.
    const pages: number[] = [];
    for (let offset = 0; offset < full.total; offset += 30) pages.push(...(await search(`search=${w}&${near}&limit=30&offset=${offset}`, viewer)).ids);
    expect(new Set(pages).size).toBe(full.total);
    const placeOf = new Map(
      (await env.DB.prepare('SELECT id, latitude FROM listings WHERE user_id = ?').bind(owner.id).all<{ id: number; latitude: number | null }>()).results.map((r) => [r.id, r.latitude]),
    );
    const firstUnplaced = pages.findIndex((id) => placeOf.get(id) === null);
    expect(firstUnplaced).toBe(located);
    expect(pages.slice(firstUnplaced).every((id) => placeOf.get(id) === null)).toBe(true);
  });

  it('order equal relevance newest first, across the window and its cut', async () => {
    const owner = await signUp();
    const w = word();
    const template = await createListing(owner, { title: `${w} lamp`, description: 'Same words.', location: 'Oakland, CA' });
    await copies(template, RANKED_WINDOW + 50, w);
    const all = await search(`search=${w}&limit=100`);
    expect(all).toEqual(await truth({ search: w }, 0, 100));
    for (const offset of [RANKED_WINDOW - 60, RANKED_WINDOW - 10]) {
      expect(await search(`search=${w}&limit=30&offset=${offset}`)).toEqual(await truth({ search: w }, offset, 30));
    }
  });

  it('forget the least recently asked search when the most are tracked', async () => {
    const owner = await signUp();
    const w = word();
    const template = await createListing(owner, { title: `${w} lamp`, location: 'Oakland, CA' });
    await copies(template, TRACK_FROM + 5, w);
    const missing = MAX_TRACKED - (await trackedCount());
    // Fill the table with old searches up to the most kept.
    await env.DB.prepare(
      `WITH RECURSIVE xs(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM xs WHERE x < ?)
       INSERT INTO search_terms (fts, category, used_at) SELECT '"old' || x || '"*', '', '2020-01-0' || (1 + x % 8) || 'T00:00:00.000Z' FROM xs`,
    )
      .bind(missing)
      .run();
    const oldest = await env.DB.prepare('SELECT id FROM search_terms ORDER BY used_at, id LIMIT 1').first<{ id: number }>();
    expect(await trackedCount()).toBe(MAX_TRACKED);
    expect(await search(`search=${w}`)).toEqual(await truth({ search: w }, 0, 100));
    expect(await trackedCount()).toBe(MAX_TRACKED);
    expect(await env.DB.prepare('SELECT 1 FROM search_terms WHERE id = ?').bind(oldest!.id).first()).toBeNull();
    await expectCountersExact(w);
  });

  it('leave a search with few matches untracked', async () => {
    const owner = await signUp();
    const w = word();
    await createListing(owner, { title: `${w} lamp` });
    const before = await trackedCount();
    expect((await search(`search=${w}`)).total).toBe(1);
    expect(await trackedCount()).toBe(before);
  });

  it('cost a listing change one row written per tracked search it comes into, with the most tracked', async () => {
    const owner = await signUp();
    const w = word();
    const first = await createListing(owner, { title: `${w} lamp`, location: 'Oakland, CA' });
    const second = await createListing(owner, { title: `${w} lamp`, location: 'Oakland, CA' });
    const retitle = (id: number) => env.DB.prepare('UPDATE listings SET title = ? WHERE id = ?').bind(`${w}x lamp`, id).run();
    await env.DB.prepare('DELETE FROM search_terms').run();
    const untracked = await retitle(first.id);
    // The most searches tracked, two of which (any category, and home) match the new title.
    await env.DB.prepare(
      `WITH RECURSIVE xs(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM xs WHERE x < ?)
       INSERT INTO search_terms (fts, category, used_at) SELECT '"other' || x || '"*', '', '2026-01-01T00:00:00.000Z' FROM xs`,
    )
      .bind(MAX_TRACKED - 2)
      .run();
    await env.DB.prepare(`INSERT INTO search_terms (fts, category, used_at) VALUES (?, '', '2026-01-01T00:00:00.000Z'), (?, 'home', '2026-01-01T00:00:00.000Z')`)
      .bind(`"${w}x"*`, `"${w}x"*`)
      .run();
    const tracked = await retitle(second.id);
    expect(tracked.meta.rows_written).toBe(untracked.meta.rows_written + 2);
    const totals = await env.DB.prepare('SELECT total FROM search_terms WHERE fts = ? ORDER BY category').bind(`"${w}x"*`).all<{ total: number }>();
    expect(totals.results.map((r) => r.total)).toEqual([1, 1]);
    // Each trigger statement reads every tracked search once (an FTS lookup by rowid each).
    expect(tracked.meta.rows_read - untracked.meta.rows_read).toBeLessThan(3 * MAX_TRACKED);
  });
});
