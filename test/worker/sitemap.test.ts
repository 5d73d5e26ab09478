// robots.txt and the sitemap (decision 056): the public pages, the active listings and the members
// in good standing, paged by id ranges of at most 50,000 past that many URLs, each request one or
// two D1 round trips after its address's daily budget, reading no more rows than its id range
// holds.
import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { listingUrlsQuery, profileUrlsQuery, SITEMAP_CHUNK } from '@worker/db/queries/sitemap';
import { PUBLIC_PAGES } from '@worker/lib/seo/indexing';
import { SITEMAP_PAGE_SIZE } from '@worker/lib/seo/sitemap-xml';
import { RATE_LIMITS } from '@worker/lib/rate-limit';
import { seoRouter } from '@worker/routes/seo';
import { errorReply } from '@worker/lib/errors';
import type { AppEnv } from '@worker/types';
import { call, createListing, ORIGIN, randomIp, signUp } from './helpers';
import { countingDb } from './page-head';

const URLSET =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">(?:<url><loc>[^<>&"']+<\/loc>(?:<lastmod>\d{4}-\d\d-\d\d<\/lastmod>)?<\/url>)*<\/urlset>\n$/;
const INDEX =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">(?:<sitemap><loc>[^<>&"']+<\/loc><\/sitemap>)+<\/sitemapindex>\n$/;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/**
 * The sitemap's routes with `pageSize` ids per page, on a D1 binding that counts round trips (the
 * budget's counter is one of them), from `address` (a new one each time unless given).
 */
async function sitemap(path: string, pageSize = SITEMAP_PAGE_SIZE, address = randomIp()) {
  const counted = countingDb();
  const app = new Hono<AppEnv>().route('/', seoRouter(pageSize));
  app.onError(errorReply);
  const response = await app.request(
    `${ORIGIN}${path}`,
    { headers: { 'CF-Connecting-IP': address } },
    { ...env, DB: counted.db },
  );
  return { response, xml: await response.text(), roundTrips: counted.roundTrips() };
}

/** What the sitemap must list: every active listing and every member in good standing, by the tables. */
async function expectedUrls() {
  const listings = await env.DB.prepare("SELECT id FROM listings WHERE status = 'active'").all<{ id: number }>();
  const members = await env.DB.prepare(
    "SELECT username FROM users WHERE suspended_until IS NULL OR suspended_until <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  ).all<{ username: string }>();
  return [
    ...PUBLIC_PAGES.map((path) => `${ORIGIN}${path}`),
    ...listings.results.map((row) => `${ORIGIN}/listing/${row.id}`),
    ...members.results.map((row) => `${ORIGIN}/profile/${row.username}`),
  ].sort();
}

/** Members and listings in every state the sitemap must tell apart. */
async function community() {
  const owner = await signUp();
  const active = await createListing(owner, { title: 'Sitemap active lamp' });
  const left: number[] = [];
  for (const status of ['paused', 'completed', 'hidden', 'pending', 'deleted']) {
    const listing = await createListing(owner, { title: `Sitemap ${status} lamp` });
    await env.DB.prepare('UPDATE listings SET status = ? WHERE id = ?').bind(status, listing.id).run();
    left.push(listing.id);
  }
  const suspended = await signUp();
  await env.DB.prepare('UPDATE users SET suspended_until = ? WHERE id = ?')
    .bind(new Date(Date.now() + 86_400_000).toISOString(), suspended.id)
    .run();
  const banned = await signUp();
  await env.DB.prepare("UPDATE users SET suspended_until = '9999-12-31T23:59:59.999Z' WHERE id = ?")
    .bind(banned.id)
    .run();
  const pastSuspension = await signUp();
  await env.DB.prepare("UPDATE users SET suspended_until = '2020-01-01T00:00:00.000Z' WHERE id = ?")
    .bind(pastSuspension.id)
    .run();
  return { owner, active, left, suspended, banned, pastSuspension };
}

describe('robots.txt', () => {
  it('allows the public pages, disallows the API and the private pages, and names the sitemap', async () => {
    const response = await call('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const lines = (await response.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/messages', '/settings', '/login', '/signup', '/auth', '/reset-password'])
      expect(lines).toContain(`Disallow: ${path}`);
    // Listings, profiles and browse stay open to crawlers.
    expect(lines.filter((line) => /^Disallow: \/(listing|profile|browse|$)/.test(line))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap', () => {
  it('lists the public pages, the active listings with their lastmod and the members in good standing, in one urlset', async () => {
    const { owner, active, left, suspended, banned, pastSuspension } = await community();
    const response = await call('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const xml = await response.text();
    expect(xml).toMatch(URLSET);
    const urls = locs(xml);
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/browse?category=goods`);
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/listing/${active.id}</loc><lastmod>${active.createdAt.slice(0, 10)}</lastmod></url>`,
    );
    for (const id of left) expect(urls).not.toContain(`${ORIGIN}/listing/${id}`);
    expect(urls).toContain(`${ORIGIN}/profile/${owner.username}`);
    expect(urls).toContain(`${ORIGIN}/profile/${pastSuspension.username}`);
    expect(urls).not.toContain(`${ORIGIN}/profile/${suspended.username}`);
    expect(urls).not.toContain(`${ORIGIN}/profile/${banned.username}`);
    expect(urls.sort()).toEqual(await expectedUrls());
    // The budget's counter, the bounds, then the listings' and the profiles' statements side by side.
    expect((await sitemap('/sitemap.xml')).roundTrips).toBe(4);
  });

  it('becomes an index of id-range pages past the page size, each page at most that many URLs, together the same URLs', async () => {
    await community();
    for (let i = 0; i < 4; i += 1) await createListing(await signUp(), { title: `Sitemap paging ${i}` });
    const pageSize = 3;
    const index = await sitemap('/sitemap.xml', pageSize);
    expect(index.response.status).toBe(200);
    expect(index.xml).toMatch(INDEX);
    // The budget's counter and the bounds.
    expect(index.roundTrips).toBe(2);
    const bounds = await env.DB.prepare(
      'SELECT (SELECT max(id) FROM listings) AS listings, (SELECT max(id) FROM users) AS users',
    ).first<{ listings: number; users: number }>();
    const pages = locs(index.xml);
    expect(pages).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      ...Array.from(
        { length: Math.ceil(bounds!.listings / pageSize) },
        (_, i) => `${ORIGIN}/sitemap-listings-${i + 1}.xml`,
      ),
      ...Array.from(
        { length: Math.ceil(bounds!.users / pageSize) },
        (_, i) => `${ORIGIN}/sitemap-profiles-${i + 1}.xml`,
      ),
    ]);
    const all: string[] = [];
    for (const page of pages) {
      const shown = await sitemap(page.slice(ORIGIN.length), pageSize);
      expect(shown.response.status, page).toBe(200);
      expect(shown.response.headers.get('Cache-Control')).toBe('public, max-age=3600');
      expect(shown.xml, page).toMatch(URLSET);
      const urls = locs(shown.xml);
      if (page.endsWith('/sitemap-pages.xml')) expect(shown.roundTrips).toBe(0);
      else {
        expect(urls.length, page).toBeLessThanOrEqual(pageSize);
        // The budget's counter, then the page's one statement.
        expect(shown.roundTrips).toBe(2);
      }
      all.push(...urls);
    }
    expect(all.sort()).toEqual(await expectedUrls());
    for (const path of ['/sitemap-listings-0.xml', '/sitemap-users-1.xml', '/sitemap-listings-50001.xml'])
      expect((await sitemap(path, pageSize)).response.status, path).toBe(404);
  });

  it("refuses an address's seventh reading request of the day with 429 and Retry-After, before reading a range", async () => {
    await community();
    const address = randomIp();
    const { limit } = RATE_LIMITS.sitemapReadsPerAddressDay;
    expect(limit).toBe(6);
    for (let i = 0; i < limit; i += 1) {
      const path = i % 2 ? '/sitemap.xml' : '/sitemap-listings-1.xml';
      expect((await sitemap(path, 3, address)).response.status, path).toBe(200);
    }
    for (const path of ['/sitemap-listings-1.xml', '/sitemap.xml', '/sitemap-profiles-2.xml']) {
      const refused = await sitemap(path, 3, address);
      expect(refused.response.status, path).toBe(429);
      expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600);
      expect(JSON.parse(refused.xml).message).toBe('Too many requests. Please try again later.');
      // The counter alone: no bounds, no range.
      expect(refused.roundTrips, path).toBe(1);
    }
    // Another address, and the static pages' list, are not affected.
    expect((await sitemap('/sitemap-listings-1.xml', 3)).response.status).toBe(200);
    expect((await sitemap('/sitemap-pages.xml', 3, address)).response.status).toBe(200);
  });

  it('pages by 50,000 ids in production, and reads a page by primary key: about the rows of its id range', async () => {
    expect(SITEMAP_PAGE_SIZE).toBe(50_000);
    await community();
    const db = createDb(env.DB);
    const top = await env.DB.prepare('SELECT max(id) AS id FROM listings').first<{ id: number }>();
    const cases = [
      [listingUrlsQuery(db, ORIGIN, 0, 5), 5],
      [profileUrlsQuery(db, ORIGIN, 0, 5), 5],
      // The whole table's range, whatever the listings' status: not the status index's every active listing.
      [listingUrlsQuery(db, ORIGIN, 0, top!.id), top!.id],
    ] as const;
    for (const [query, ids] of cases) {
      const { sql, params } = query.getQuery();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const steps = plan.results.map((row) => row.detail);
      expect(steps.filter((step) => /^(SCAN|SEARCH) (listings|users)/.test(step))).toEqual([
        expect.stringMatching(/USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/),
      ]);
      expect(steps.join('; ')).not.toContain('TEMP B-TREE');
      const run = await env.DB.prepare(sql)
        .bind(...params)
        .all();
      // The range's rows, and a few per chunk of SITEMAP_CHUNK ids (the chunk's row and its range's end).
      expect(run.meta.rows_read).toBeLessThanOrEqual(ids + 3 * Math.ceil(ids / SITEMAP_CHUNK));
    }
  });
});
