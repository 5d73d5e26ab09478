// What crawlers ask for besides the pages (decision 056, docs/api/pages.md): robots.txt and the
// sitemap. The sitemap is one <urlset> while the listings' and members' ids leave room for all of
// them in SITEMAP_PAGE_SIZE URLs, else an index of pages, each one id range of SITEMAP_PAGE_SIZE
// ids (so at most that many URLs): /sitemap-pages.xml, /sitemap-listings-<n>.xml and
// /sitemap-profiles-<n>.xml. The index reads the two highest ids (one statement), a page its id
// range by primary key (one), the single urlset the ids and both ranges (three). Every request
// that reads the tables first counts against the address's daily sitemap budget (a row written;
// 429 with Retry-After past it, before any range is read), and where the edge cache is on, a
// reply is kept there for the hour its Cache-Control names, so a crawler's repeats cost no D1.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { allSitemapUrls, sitemapBounds, sitemapUrls, type SitemapKind } from '../db/queries/sitemap';
import { PUBLIC_PAGES, robotsTxt } from '../lib/seo/indexing';
import { escapeXml, pathUrls, SITEMAP_PAGE_SIZE, sitemapIndex, urlsetParts } from '../lib/seo/sitemap-xml';
import { hit } from '../db/queries/rate-limits';
import { clientIp } from '../lib/rate-limit';
import { edgeCached, EDGE_SECONDS } from '../middleware/edge-cache';
import { sessionDefaults } from '../middleware/session';
import type { AppEnv } from '../types';

/** Crawlers need not come back within the hour; what a sitemap lists changes slowly. */
const CACHED = 'public, max-age=3600';
const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': CACHED,
  'X-Content-Type-Options': 'nosniff',
};

/** The sitemap's routes, with `pageSize` URLs (ids) per page: SITEMAP_PAGE_SIZE, smaller in tests. */
export function seoRouter(pageSize = SITEMAP_PAGE_SIZE) {
  const app = new Hono<AppEnv>();
  const xml = (parts: readonly string[]) => new Response(parts.join(''), { headers: XML_HEADERS });

  app.get('/robots.txt', (c) =>
    c.body(robotsTxt(new URL(c.req.url).origin), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHED,
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  app.get('/sitemap.xml', ...sitemapReader, async (c) => {
    const db = c.get('db');
    const origin = new URL(c.req.url).origin;
    const bounds = await sitemapBounds(db);
    // Ids are unique: no more URLs than the highest ids together (and the public pages).
    if (PUBLIC_PAGES.length + bounds.listings + bounds.profiles <= pageSize) {
      const urls = await allSitemapUrls(db, escapeXml(origin), bounds);
      return xml(urlsetParts([pathUrls(origin, PUBLIC_PAGES), ...urls]));
    }
    const pages = (kind: SitemapKind) =>
      Array.from({ length: Math.ceil(bounds[kind] / pageSize) }, (_, i) => `/sitemap-${kind}-${i + 1}.xml`);
    return xml([sitemapIndex(origin, ['/sitemap-pages.xml', ...pages('listings'), ...pages('profiles')])]);
  });

  app.get('/sitemap-pages.xml', (c) => xml(urlsetParts([pathUrls(new URL(c.req.url).origin, PUBLIC_PAGES)])));

  app.get('/:file{sitemap-[a-z]+-[0-9]+\\.xml}', ...sitemapReader, async (c) => {
    const match = /^sitemap-(listings|profiles)-([1-9][0-9]{0,5})\.xml$/.exec(c.req.param('file'));
    const n = match ? Number(match[2]) : 0;
    // An index names at most SITEMAP_PAGE_SIZE sitemaps: no page past that exists.
    if (!match || n > SITEMAP_PAGE_SIZE) return c.text('Not found', 404);
    const kind = match[1] as SitemapKind;
    const origin = escapeXml(new URL(c.req.url).origin);
    return xml(urlsetParts(await sitemapUrls(c.get('db'), kind, origin, (n - 1) * pageSize, n * pageSize)));
  });

  return app;
}

/**
 * Counts the request against its address's daily sitemap budget, on the plain binding before the
 * request's D1 session opens: the counter's write is the instance's, not a reader's, so it sends
 * no bookmark cookie back and the reply stays storable at the edge and in crawlers' caches.
 */
const sitemapBudget = createMiddleware<AppEnv>(async (c, next) => {
  await hit(c.env.DB, 'sitemapReadsPerAddressDay', clientIp(c));
  return next();
});

/** A reading sitemap request: the edge's copy when there is one, else the budget, then D1. */
const sitemapReader = [edgeCached(EDGE_SECONDS.sitemap), sitemapBudget, sessionDefaults] as const;
