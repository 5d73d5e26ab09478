// Public reads kept at the edge (decision 057): with PUBLIC_CACHE = "1" (a custom domain: the Cache
// API keeps nothing on workers.dev), a reply that is the same for every caller is stored in the
// data centre's cache, keyed by its URL alone, for a short time, and served from there without
// a D1 read. Purged in this data centre when what it shows changes (purgePublic); other data
// centres keep their copy until it expires, so the time is short. Never for a viewer-dependent
// reply: `guests` routes use the cache only for a request without a session cookie.
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { readSessionId } from '../lib/session';
import type { AppEnv } from '../types';

/** How long the edge keeps each kind of reply, in seconds. */
export const EDGE_SECONDS = {
  /** A listing: its owner's edits and moderation purge it here; elsewhere a minute late at most. */
  listing: 60,
  /** The community's counts: aggregates, a minute late is harmless; never purged. */
  figures: 60,
  /** The categories change only with a migration (a deploy). */
  categories: 3600,
  /** A sitemap or one of its pages: what crawlers are told to keep for the hour (decision 056). */
  sitemap: 3600,
} as const;

/** The browser's Cache-Control of the reply, kept beside the edge's own in the stored copy. */
const BROWSER_CACHE_CONTROL = 'X-Browser-Cache-Control';

export const publicCacheOn = (env: { PUBLIC_CACHE?: string }) => env.PUBLIC_CACHE === '1';

/** The data centre's cache (Workers' `caches.default`; the shared tsconfig types `caches` as the DOM's). */
const edge = () => (caches as unknown as { default: Cache }).default;

const keyOf = (url: string) => new Request(url, { method: 'GET' });

/** After the route's viewer(): serves the stored reply, or stores the route's 200. */
export const edgeCached = (seconds: number, { guests = false } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!publicCacheOn(c.env) || c.req.method !== 'GET' || (guests && readSessionId(c) !== undefined)) return next();
    const key = keyOf(c.req.url);
    const stored = await edge().match(key);
    if (stored) return browserCopy(stored);
    await next();
    if (c.res.status !== 200 || c.res.headers.has('Set-Cookie')) return;
    const copy = new Response(c.res.clone().body, c.res);
    copy.headers.set(BROWSER_CACHE_CONTROL, c.res.headers.get('Cache-Control') ?? '');
    copy.headers.set('Cache-Control', `public, max-age=${seconds}`);
    c.executionCtx.waitUntil(edge().put(key, copy));
  });

/** The stored reply as the route gave it to the browser (apiHeaders adds `no-store` when it had none). */
function browserCopy(stored: Response): Response {
  const reply = new Response(stored.body, stored);
  const browser = reply.headers.get(BROWSER_CACHE_CONTROL);
  reply.headers.delete(BROWSER_CACHE_CONTROL);
  if (browser) reply.headers.set('Cache-Control', browser);
  else reply.headers.delete('Cache-Control');
  return reply;
}

/** Drops the stored copies of `paths` (this data centre's), before the write's reply. */
export async function purgePublic(c: Context<AppEnv>, paths: string[]): Promise<void> {
  if (!publicCacheOn(c.env)) return;
  await Promise.all(paths.map((path) => edge().delete(keyOf(new URL(path, c.req.url).href))));
}

/** The public reply of a listing (GET /api/listings/{id} without a session). */
export const listingPath = (id: number) => `/api/listings/${id}`;
