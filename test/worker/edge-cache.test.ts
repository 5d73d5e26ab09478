// Public replies kept at the edge (decision 057): with PUBLIC_CACHE = "1", a guest's listing, the
// categories and the community's counts are served the second time without D1, an edit purges
// the listing, and a signed-in request never uses the cache.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '@worker/index';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { CATEGORIES_CACHE } from '@worker/lib/cache-control';
import { ORIGIN, createListing, randomIp, signUp, signUpAdmin } from './helpers';

async function send(path: string, { method = 'GET', cookie = '', body, cache = '1' }: Record<string, any> = {}) {
  const counts = emptyCounts();
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp(), Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as any,
    { ...meterEnv(env, counts), PUBLIC_CACHE: cache } as Env,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text, d1: counts.d1Queries };
}

const edge = () => (caches as unknown as { default: Cache }).default;

describe('the edge cache', () => {
  it("serves a guest's listing the second time without D1, and an edit purges it", async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { title: 'Cached oak bench' });
    const path = `/api/listings/${listing.id}`;
    const first = await send(path);
    expect(first.response.status).toBe(200);
    expect(first.d1).toBeGreaterThan(0);
    const second = await send(path);
    expect(second.d1).toBe(0);
    expect(second.text).toBe(first.text);
    // The browser gets what the route gives it: no-store (apiHeaders), not the edge's time.
    expect(second.response.headers.get('Cache-Control')).toBe('no-store');

    const edited = await send(path, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { title: 'Cached oak bench, sanded' },
    });
    expect(edited.response.status).toBe(200);
    const after = await send(path);
    expect(after.d1).toBeGreaterThan(0);
    expect(JSON.parse(after.text).title).toBe('Cached oak bench, sanded');
  });

  it('a featured toggle and a delete purge the listing', async () => {
    const owner = await signUp();
    const admin = await signUpAdmin();
    const listing = await createListing(owner);
    const path = `/api/listings/${listing.id}`;
    await send(path);
    expect((await send(path)).d1).toBe(0);
    const featured = await send(`/api/admin/listings/${listing.id}/featured`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { isFeatured: true },
    });
    expect(featured.response.status).toBe(200);
    const after = await send(path);
    expect(after.d1).toBeGreaterThan(0);
    expect(JSON.parse(after.text).isFeatured).toBe(true);
    const removed = await send(path, { method: 'DELETE', cookie: owner.cookie });
    expect(removed.response.status).toBe(200);
    expect((await send(path)).response.status).toBe(404);
  });

  it('a signed-in request bypasses it: read from D1, with the viewer’s fields', async () => {
    const owner = await signUp();
    const member = await signUp();
    const listing = await createListing(owner);
    const path = `/api/listings/${listing.id}`;
    await send(path);
    for (let i = 0; i < 2; i += 1) {
      const signedIn = await send(path, { cookie: member.cookie });
      expect(signedIn.d1).toBeGreaterThan(0);
      expect(JSON.parse(signedIn.text).wantedByMe).toBe(false);
    }
    // The guest's copy has no viewer fields.
    expect(JSON.parse((await send(path)).text)).not.toHaveProperty('wantedByMe');
  });

  it('does nothing without PUBLIC_CACHE', async () => {
    const owner = await signUp();
    const listing = await createListing(owner);
    const path = `/api/listings/${listing.id}`;
    await send(path, { cache: '' });
    expect((await send(path, { cache: '' })).d1).toBeGreaterThan(0);
  });

  it('keeps the categories and the community counts, with the browser’s own Cache-Control', async () => {
    for (const path of ['/api/categories', '/api/users/count', '/api/barters/count', '/api/analytics/dashboard']) {
      await edge().delete(new Request(`${ORIGIN}${path}`));
      const first = await send(path);
      expect(first.response.status, path).toBe(200);
      const second = await send(path);
      expect(second.d1, path).toBe(0);
      expect(second.text, path).toBe(first.text);
      expect(second.response.headers.get('Cache-Control'), path).toBe(
        path === '/api/categories' ? CATEGORIES_CACHE : 'no-store',
      );
    }
  });

  it("keeps the sitemap for the hour it names: a crawler's repeat costs no D1 and no budget, and no cookie is set", async () => {
    await createListing(await signUp(), { title: 'Sitemapped oak bench' });
    for (const path of ['/sitemap.xml', '/sitemap-listings-1.xml']) {
      await edge().delete(new Request(`${ORIGIN}${path}`));
      const first = await send(path);
      expect(first.response.status, path).toBe(200);
      // The budget's counter writes on the plain binding: no bookmark cookie, so the reply is storable.
      expect(first.response.headers.get('Set-Cookie'), path).toBeNull();
      expect(first.d1, path).toBeGreaterThan(0);
      const second = await send(path);
      expect(second.d1, path).toBe(0);
      expect(second.text, path).toBe(first.text);
      expect(second.response.headers.get('Cache-Control'), path).toBe('public, max-age=3600');
    }
  });
});
