// Distance search: GET /api/listings?distance=&near= | &lat=&lng=, the cf and DEFAULT_NEAR
// fallbacks, distanceMiles on listings, paging counts, and the index the box query reads.
// Places are real GeoNames rows (setup.ts); listing coordinates come from their typed location.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '@worker/app';
import { createDb } from '@worker/db/client';
import { areaCandidatesQuery, unlocatedCandidatesQuery } from '@worker/db/queries/listings';
import { boundingBox, distanceMiles } from '@worker/lib/geo';
import { call, createListing, json, signUp, unique } from './helpers';

/** Listings with a unique word in the title, so a search sees only this test's listings. */
async function listingsWith(word: string, locations: string[]) {
  const owner = await signUp();
  const made = [];
  for (const [i, location] of locations.entries())
    made.push(await createListing(owner, { title: `${word} item ${i}`, location }));
  return { owner, made };
}

async function search(word: string, params: string) {
  const response = await call(`/api/listings?search=${word}&${params}`);
  return {
    response,
    status: response.status,
    total: Number(response.headers.get('X-Total-Count')),
    items: response.ok ? await json<any[]>(response) : [],
  };
}

const titles = (items: any[]) => items.map((item) => item.title).sort();

describe('distance filter', () => {
  it('keeps a listing in Oakland within 25 miles of San Francisco and drops one in Boston', async () => {
    const word = unique('near');
    await listingsWith(word, ['Oakland, CA', 'Boston, MA']);
    const { status, total, items } = await search(word, `distance=25&near=${encodeURIComponent('San Francisco')}`);
    expect(status).toBe(200);
    expect(total).toBe(1);
    expect(items).toHaveLength(1);
    expect(items[0].location).toBe('Oakland, CA');
    // Oakland's and San Francisco's GeoNames points are about 8 miles apart.
    expect(items[0].distanceMiles).toBeGreaterThan(7);
    expect(items[0].distanceMiles).toBeLessThan(10);
    expect(items[0].distanceMiles).toBe(Math.round(items[0].distanceMiles * 10) / 10);
  });

  it('without text, finds every listing in range (the columns of a batched read stay in place)', async () => {
    const { made } = await listingsWith(unique('plain'), ['Anchorage, AK', 'Anchorage, AK', 'Boston, MA']);
    const response = await call(`/api/listings?distance=5&near=${encodeURIComponent('Anchorage, AK')}&limit=50`);
    expect(response.status).toBe(200);
    const ids = (await json<any[]>(response)).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([made[0]!.id, made[1]!.id]));
    expect(ids).not.toContain(made[2]!.id);
  });

  it('takes near with a region or country, and a latitude and longitude instead', async () => {
    const word = unique('latlng');
    await listingsWith(word, ['Oakland, CA', 'Boston, MA', 'Cambridge, MA']);
    const near = await search(word, `distance=10&near=${encodeURIComponent('Boston, MA')}`);
    expect(titles(near.items)).toEqual([`${word} item 1`, `${word} item 2`]);
    // Near Boston in England, neither of the Massachusetts listings is within 100 miles.
    expect((await search(word, `distance=100&near=${encodeURIComponent('Boston, United Kingdom')}`)).total).toBe(0);

    const byCoordinates = await search(word, 'distance=5&lat=42.3601&lng=-71.0589');
    expect(byCoordinates.total).toBe(2);
    const boston = byCoordinates.items.find((item) => item.location === 'Boston, MA');
    expect(boston.distanceMiles).toBeLessThan(0.5);
  });

  it('applies no filter for distance=any but still says how far each listing is', async () => {
    const word = unique('any');
    await listingsWith(word, ['Oakland, CA', 'Boston, MA', 'Behind the old mill']);
    const any = await search(word, `distance=any&near=${encodeURIComponent('San Francisco, CA')}`);
    expect(any.total).toBe(3);
    const byLocation = Object.fromEntries(any.items.map((item) => [item.location, item.distanceMiles]));
    expect(byLocation['Oakland, CA']).toBeLessThan(10);
    expect(byLocation['Boston, MA']).toBeGreaterThan(2600);
    // A listing whose location names no place has no coordinates: its distance is unknown (null).
    expect(byLocation).toHaveProperty(['Behind the old mill'], null);

    // Without distance nor a place, listings come back as before, without distanceMiles.
    const plain = await search(word, '');
    expect(plain.total).toBe(3);
    expect(plain.items.every((item) => !('distanceMiles' in item))).toBe(true);
  });

  it('lists listings without coordinates after those in range, with distanceMiles null, and drops far ones', async () => {
    const word = unique('nocoord');
    const { made } = await listingsWith(word, [
      'Behind the old mill',
      'Oakland, CA',
      'Boston, MA',
      'Berkeley, CA',
      'Up the lane past the oak',
    ]);
    const [mill, oakland, , berkeley, lane] = made;
    const { status, total, items } = await search(word, 'distance=25&near=Oakland');
    expect(status).toBe(200);
    expect(total).toBe(4);
    // In range first (newest first), then the unknown places (newest first); Boston is gone.
    expect(items.map((item) => item.id)).toEqual([berkeley.id, oakland.id, lane.id, mill.id]);
    expect(items.slice(0, 2).every((item) => typeof item.distanceMiles === 'number' && item.distanceMiles <= 25)).toBe(
      true,
    );
    expect(items.slice(2).map((item) => item.distanceMiles)).toEqual([null, null]);

    // Paging runs over that one order: a page can hold the last nearby listing and the first unknown one.
    const pages = [];
    for (const offset of [0, 1, 2, 3]) {
      const page = await search(word, `distance=25&near=Oakland&limit=1&offset=${offset}`);
      expect(page.total).toBe(4);
      pages.push(...page.items.map((item) => item.id));
    }
    expect(pages).toEqual([berkeley.id, oakland.id, lane.id, mill.id]);
    const across = await search(word, 'distance=25&near=Oakland&limit=2&offset=1');
    expect(across.items.map((item) => item.id)).toEqual([oakland.id, lane.id]);

    // Nothing in range: the unknown places are still listed.
    const nowhereNear = await search(word, `distance=5&near=${encodeURIComponent('Denver, CO')}`);
    expect(nowhereNear.items.map((item) => item.id)).toEqual([lane.id, mill.id]);
    expect(nowhereNear.total).toBe(2);
  });

  it('without a distance, a text search finds every match: far away, nearby and of unknown place', async () => {
    const word = unique('everywhere');
    await listingsWith(word, ['Oakland, CA', 'Boston, MA', 'Behind the old mill']);
    const { status, total, items } = await search(word, '');
    expect(status).toBe(200);
    expect(total).toBe(3);
    expect(items.map((item) => item.location).sort()).toEqual(['Behind the old mill', 'Boston, MA', 'Oakland, CA']);
  });

  it('refuses an unknown place, bad coordinates and other distances', async () => {
    const unknown = await search('x', 'distance=25&near=Qqzzxx%20Heights');
    expect(unknown.status).toBe(400);
    expect(await json(unknown.response)).toEqual({
      message: 'We could not find that place',
      code: expect.any(String),
      errors: { near: 'We could not find that place' },
    });
    for (const params of ['lat=91&lng=0', 'lat=10', 'lng=10', 'lat=abc&lng=1', 'lat=0&lng=-181']) {
      const bad = await search('x', `distance=25&${params}`);
      expect(bad.status).toBe(400);
      expect((await json(bad.response)).errors.lat).toBe(
        'lat and lng must be a latitude (-90 to 90) and a longitude (-180 to 180)',
      );
    }
    expect((await search('x', 'distance=30&near=Oakland')).status).toBe(400);
  });

  it('pages the filtered result: X-Total-Count counts every match, pages are newest first', async () => {
    const word = unique('page');
    const { made } = await listingsWith(word, [
      'Oakland, CA',
      'Boston, MA',
      'Berkeley, CA',
      'Alameda, CA',
      'Boston, MA',
      'San Francisco, CA',
      'Oakland, CA',
    ]);
    const nearby = made.filter((listing) => listing.location !== 'Boston, MA').reverse();
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await search(word, `distance=25&near=Oakland&limit=2&offset=${offset}`);
      expect(page.total).toBe(5);
      pages.push(...page.items);
    }
    expect(pages.map((item) => item.id)).toEqual(nearby.map((listing) => listing.id));
    const empty = await search(word, 'distance=25&near=Oakland&limit=2&offset=10');
    expect(empty.total).toBe(5);
    expect(empty.items).toEqual([]);
    const count = await search(word, 'distance=25&near=Oakland&limit=0');
    expect(count.total).toBe(5);
    expect(count.items).toEqual([]);
  });

  it('combines with the category filter', async () => {
    const word = unique('cat');
    const owner = await signUp();
    await createListing(owner, { title: `${word} tools`, location: 'Oakland, CA', categoriesOffered: ['tech'] });
    await createListing(owner, { title: `${word} home`, location: 'Oakland, CA', categoriesOffered: ['home'] });
    const { total, items } = await search(word, 'category=tech&distance=5&near=Oakland');
    expect(total).toBe(1);
    expect(items[0].title).toBe(`${word} tools`);
  });

  it('finds listings across the antimeridian and over a pole', async () => {
    const word = unique('edge');
    const { made } = await listingsWith(word, ['Oakland, CA', 'Oakland, CA']);
    const place = (id: number, latitude: number, longitude: number) =>
      env.DB.prepare('UPDATE listings SET latitude = ?, longitude = ? WHERE id = ?')
        .bind(latitude, longitude, id)
        .run();
    await place(made[0].id, -16.5, 179.95);
    await place(made[1].id, 89.95, 0);
    const across = await search(word, 'distance=10&lat=-16.5&lng=-179.95');
    expect(across.items.map((item) => item.id)).toEqual([made[0].id]);
    expect(across.items[0].distanceMiles).toBeCloseTo(6.6, 0);
    const overPole = await search(word, 'distance=10&lat=89.95&lng=180');
    expect(overPole.items.map((item) => item.id)).toEqual([made[1].id]);
  });

  it('checks the exact distance: a box corner is farther than the box edge', async () => {
    const word = unique('corner');
    const { made } = await listingsWith(word, ['Oakland, CA', 'Oakland, CA']);
    const place = (id: number, latitude: number, longitude: number) =>
      env.DB.prepare('UPDATE listings SET latitude = ?, longitude = ? WHERE id = ?')
        .bind(latitude, longitude, id)
        .run();
    // The 10-mile box around (0, 0) reaches 0.1447 degrees each way; (0.13, 0.13) is 12.7 miles off.
    await place(made[0].id, 0.1, 0.1);
    await place(made[1].id, 0.13, 0.13);
    const { total, items } = await search(word, 'distance=10&lat=0&lng=0');
    expect(total).toBe(1);
    expect(items.map((item) => item.id)).toEqual([made[0].id]);
    expect(items[0].distanceMiles).toBe(9.8);
  });
});

describe('where a search starts without near or lat/lng', () => {
  async function fetchWith(path: string, overrides: Partial<Env>, cf?: Record<string, unknown>) {
    const ctx = createExecutionContext();
    const request = new Request(`http://localhost${path}`, {
      headers: { 'CF-Connecting-IP': '10.9.9.9' },
      ...(cf ? { cf } : {}),
    });
    const response = await app.fetch(request, { ...env, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return { total: Number(response.headers.get('X-Total-Count')), items: (await response.json()) as any[] };
  }

  it('uses DEFAULT_NEAR (Oakland, CA) outside production', async () => {
    const word = unique('fallback');
    await listingsWith(word, ['Berkeley, CA', 'Boston, MA']);
    expect(env.DEFAULT_NEAR).toBe('Oakland, CA');
    const { total, items } = await search(word, 'distance=10');
    expect(total).toBe(1);
    expect(items[0].location).toBe('Berkeley, CA');
    expect(items[0].distanceMiles).toBeLessThan(5);
  });

  it("uses Cloudflare's position of the visitor in production", async () => {
    const word = unique('cf');
    await listingsWith(word, ['Berkeley, CA', 'Boston, MA']);
    const boston = { latitude: '42.36010', longitude: '-71.05890', country: 'US' };
    const fromBoston = await fetchWith(
      `/api/listings?search=${word}&distance=10`,
      { ENVIRONMENT: 'production' },
      boston,
    );
    expect(fromBoston.items.map((item) => item.location)).toEqual(['Boston, MA']);
    // Outside production request.cf is Miniflare's placeholder, so it is not used.
    const inTest = await fetchWith(`/api/listings?search=${word}&distance=10`, {}, boston);
    expect(inTest.items.map((item) => item.location)).toEqual(['Berkeley, CA']);
    // In production without a cf position, DEFAULT_NEAR again.
    const noCf = await fetchWith(`/api/listings?search=${word}&distance=10`, { ENVIRONMENT: 'production' });
    expect(noCf.items.map((item) => item.location)).toEqual(['Berkeley, CA']);
  });

  it('applies no filter when no position can be found at all', async () => {
    const word = unique('nowhere');
    await listingsWith(word, ['Berkeley, CA', 'Boston, MA']);
    const unset = await fetchWith(`/api/listings?search=${word}&distance=10`, { DEFAULT_NEAR: '' });
    expect(unset.total).toBe(2);
    expect(unset.items.every((item) => !('distanceMiles' in item))).toBe(true);
  });
});

describe('distance on one listing', () => {
  it('GET /api/listings/:id says how far it is from near or lat/lng, when given', async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { location: 'Boston, MA' });
    const fromCambridge = await json(
      await call(`/api/listings/${listing.id}?near=${encodeURIComponent('Cambridge, MA')}`),
    );
    expect(fromCambridge.distanceMiles).toBeGreaterThan(1);
    expect(fromCambridge.distanceMiles).toBeLessThan(5);
    const fromOakland = await json(await call(`/api/listings/${listing.id}?lat=37.80437&lng=-122.2708`));
    expect(fromOakland.distanceMiles).toBeGreaterThan(2500);
    expect('distanceMiles' in (await json(await call(`/api/listings/${listing.id}`)))).toBe(false);
    const unplaced = await createListing(owner, { location: 'Behind the old mill' });
    expect((await json(await call(`/api/listings/${unplaced.id}?near=Oakland`))).distanceMiles).toBeNull();
    expect((await call(`/api/listings/${listing.id}?near=Qqzzxx`)).status).toBe(400);
  });
});

describe('geometry', () => {
  it('the box holds every point within the distance', () => {
    for (const center of [
      { latitude: 37.8, longitude: -122.27 },
      { latitude: -16.5, longitude: 179.9 },
      { latitude: 89.9, longitude: 10 },
      { latitude: -89.95, longitude: -170 },
    ]) {
      for (const miles of [5, 25, 100]) {
        const box = boundingBox(center, miles);
        for (let bearing = 0; bearing < 360; bearing += 7.5) {
          // A point at exactly `miles` along the bearing (spherical destination formula).
          const d = miles / 3958.7613;
          const b = (bearing * Math.PI) / 180;
          const lat1 = (center.latitude * Math.PI) / 180;
          const lng1 = (center.longitude * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
          const lng2 =
            lng1 +
            Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
          const point = { latitude: (lat2 * 180) / Math.PI, longitude: (((lng2 * 180) / Math.PI + 540) % 360) - 180 };
          expect(distanceMiles(center, point)).toBeCloseTo(miles, 6);
          expect(point.latitude >= box.minLatitude && point.latitude <= box.maxLatitude).toBe(true);
          expect(box.longitudes.some(([west, east]) => point.longitude >= west && point.longitude <= east)).toBe(true);
        }
      }
    }
  });

  it('reads the box through an index, never by scanning listings', async () => {
    const db = createDb(env.DB);
    const center = { latitude: 37.8, longitude: -122.27 };
    for (const filter of [{}, { search: 'bookshelf' }, { category: 'home' }, { search: 'shelf', category: 'home' }]) {
      const { sql, params } = areaCandidatesQuery(db, filter, center, 25).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(details.filter((detail) => /^SCAN listings\b(?! USING)/.test(detail))).toEqual([]);
      if (!('search' in filter) && !('category' in filter))
        expect(details.join('\n')).toContain('listings_coordinates_idx');
    }
    for (const filter of [{}, { search: 'bookshelf' }, { category: 'home' }]) {
      const { sql, params } = unlocatedCandidatesQuery(db, filter).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(details.filter((detail) => /^SCAN listings\b(?! USING)/.test(detail))).toEqual([]);
      if (!('search' in filter) && !('category' in filter))
        expect(details.join('\n')).toContain('listings_coordinates_idx');
    }
    const across = areaCandidatesQuery(db, {}, { latitude: 0, longitude: 179.99 }, 25).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${across.sql}`)
      .bind(...across.params)
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join('\n')).toContain('listings_coordinates_idx');
  });
});
