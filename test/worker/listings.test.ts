import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { ftsQuery, searchQueries } from '@worker/db/queries/listings';
import { call, createListing, json, signUp, signUpAdmin, unique, validListing, type Member } from './helpers';

/** A word no other test uses, so searches by it see only this test's listings. */
const word = () =>
  unique('zq')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

async function setStatus(id: number, status: string) {
  await env.DB.prepare('UPDATE listings SET status = ? WHERE id = ?').bind(status, id).run();
}

async function search(query: string) {
  const response = await call(`/api/listings?${query}`);
  expect(response.status).toBe(200);
  return { items: await json<any[]>(response), total: Number(response.headers.get('X-Total-Count')) };
}

describe('GET /api/categories', () => {
  it('lists the six categories by id', async () => {
    const response = await call('/api/categories');
    expect(response.status).toBe(200);
    const categories = await json<any[]>(response);
    expect(categories.map((c) => c.slug)).toEqual(['home', 'tech', 'education', 'creative', 'food', 'goods']);
    expect(categories[0]).toEqual({ id: expect.any(Number), name: 'Home & Garden', slug: 'home' });
    expect(categories.map((c) => c.id)).toEqual([...categories.map((c) => c.id)].sort((a, b) => a - b));
  });
});

describe('POST /api/listings', () => {
  it('creates an active listing for the member, with its owner and category rows', async () => {
    const member = await signUp();
    const response = await call('/api/listings', {
      cookie: member.cookie,
      body: validListing({ userId: member.id, categoriesOffered: ['home', 'tech', 'home'], distance: '10' }),
    });
    expect(response.status).toBe(201);
    const listing = await json(response);
    expect(listing).toMatchObject({
      userId: member.id,
      title: 'Hand-built oak bookshelf',
      categoriesOffered: ['home', 'tech'],
      whatUserWantsOptions: ['Fresh vegetables'],
      acceptOffers: true,
      distance: 10,
      imageUrls: [],
      status: 'active',
      isFeatured: false,
      user: { id: member.id, username: member.username, displayName: member.user.displayName, avatarUrl: null },
    });
    expect(Object.keys(listing.user).sort()).toEqual(['avatarUrl', 'displayName', 'id', 'username']);
    expect(new Date(listing.createdAt).toISOString()).toBe(listing.createdAt);
    const rows = await env.DB.prepare('SELECT slug FROM listing_categories WHERE listing_id = ? ORDER BY slug')
      .bind(listing.id)
      .all();
    expect(rows.results.map((r: any) => r.slug)).toEqual(['home', 'tech']);
  });

  it('ignores a client-sent status and featured flag', async () => {
    const member = await signUp();
    const listing = await createListing(member, { status: 'completed', isFeatured: true });
    expect(listing).toMatchObject({ status: 'active', isFeatured: false });
  });

  it('answers 401 for a visitor and 403 when userId is someone else', async () => {
    const visitor = await call('/api/listings', { body: validListing() });
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    const [member, other] = await Promise.all([signUp(), signUp()]);
    const impostor = await call('/api/listings', { cookie: member.cookie, body: validListing({ userId: other.id }) });
    expect(impostor.status).toBe(403);
  });

  it.each([
    [{ title: 'Oak' }, 'title', 'Title must be at least 5 characters'],
    [{ title: '    Oak     ' }, 'title', 'Title must be at least 5 characters'],
    [{ title: 't'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [{ title: undefined }, 'title', 'Title must be at least 5 characters'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
    [{ description: 'd'.repeat(2001) }, 'description', 'Description must be at most 2000 characters'],
    [{ whatUserWants: 'no' }, 'whatUserWants', 'Please specify what you want in return'],
    [{ whatUserWants: 'w'.repeat(201) }, 'whatUserWants', 'What you want in return must be at most 200 characters'],
    [{ categoriesOffered: [] }, 'categoriesOffered', 'Please select at least one category'],
    [{ categoriesOffered: undefined }, 'categoriesOffered', 'Please select at least one category'],
    [{ categoriesOffered: ['spaceships'] }, 'categoriesOffered', 'Please select a valid category'],
    [{ categoriesOffered: ['home', 'nope'] }, 'categoriesOffered', 'Please select a valid category'],
    [
      { whatUserWantsOptions: ['a', 'b', 'c', 'd', 'e', 'f'] },
      'whatUserWantsOptions',
      'Maximum of 5 additional options reached',
    ],
    [{ whatUserWantsOptions: ['Fine', '   '] }, 'whatUserWantsOptions.1', 'Additional options cannot be blank'],
    [
      { whatUserWantsOptions: ['o'.repeat(201)] },
      'whatUserWantsOptions.0',
      'Each option must be at most 200 characters',
    ],
    [{ acceptOffers: 'yes' }, 'acceptOffers', 'Accept offers must be true or false'],
    [{ location: '  ' }, 'location', 'Location is required'],
    [{ location: 'l'.repeat(101) }, 'location', 'Location must be at most 100 characters'],
    [{ distance: 7 }, 'distance', 'Distance must be 5, 10, 25 or 50 miles'],
    [{ distance: 100 }, 'distance', 'Distance must be 5, 10, 25 or 50 miles'],
    [{ distance: undefined }, 'distance', 'Distance must be 5, 10, 25 or 50 miles'],
    [{ imageUrls: ['https://example.com/cat.jpg'] }, 'imageUrls.0', 'Images must be uploaded through this site'],
    [
      { imageUrls: Array.from({ length: 4 }, () => `/objects/uploads/${crypto.randomUUID()}`) },
      'imageUrls',
      'You can only upload up to 3 images.',
    ],
    [
      { imageUrls: [`/objects/uploads/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`] },
      'imageUrls',
      'Images must be uploaded through this site',
    ],
  ])('refuses %o with the spec message', async (override, field, message) => {
    const member = await signUp();
    const response = await call('/api/listings', { cookie: member.cookie, body: validListing(override) });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.errors[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  it('answers 400 for malformed JSON and for a non-object body', async () => {
    const member = await signUp();
    expect((await call('/api/listings', { cookie: member.cookie, body: '{"title":' })).status).toBe(400);
    expect((await call('/api/listings', { cookie: member.cookie, body: '[1,2]' })).status).toBe(400);
  });
});

describe('GET /api/listings/:id', () => {
  it('returns a listing of any status, and 404 for a missing one', async () => {
    const member = await signUp();
    const listing = await createListing(member);
    await setStatus(listing.id, 'paused');
    const response = await call(`/api/listings/${listing.id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: listing.id, status: 'paused', user: { id: member.id } });
    const missing = await call('/api/listings/999999999');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    expect((await call('/api/listings/not-a-number')).status).toBe(404);
  });
});

describe('GET /api/listings', () => {
  it('lists newest first with X-Total-Count, and pages with limit and offset', async () => {
    const member = await signUp();
    const w = word();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createListing(member, { title: `Listing ${w} ${i}` }));
    const all = await search(`search=${w}`);
    expect(all.total).toBe(3);
    expect(all.items.map((l) => l.id)).toEqual(created.map((l) => l.id).reverse());
    expect(all.items[0].user).toEqual({
      id: member.id,
      username: member.username,
      displayName: member.user.displayName,
      avatarUrl: null,
    });

    const first = await search(`search=${w}&limit=2`);
    expect(first.items.map((l) => l.id)).toEqual([created[2].id, created[1].id]);
    expect(first.total).toBe(3);
    const second = await search(`search=${w}&limit=2&offset=2`);
    expect(second.items.map((l) => l.id)).toEqual([created[0].id]);
    expect(second.total).toBe(3);
    expect((await search(`search=${w}&offset=5`)).items).toEqual([]);
  });

  it('defaults to 100 per page, clamps larger limits to 100 and refuses non-numeric paging', async () => {
    const whole = await search('');
    expect(whole.items.length).toBe(Math.min(whole.total, 100));
    const clamped = await search('limit=5000');
    expect(clamped.items.length).toBe(Math.min(clamped.total, 100));
    for (const query of ['limit=ten', 'offset=-1', 'limit=1.5']) {
      const response = await call(`/api/listings?${query}`);
      expect(response.status).toBe(400);
    }
  });

  it('accepts the search bar distances and refuses others', async () => {
    for (const distance of ['5', '10', '25', '50', '100', 'any']) {
      expect((await call(`/api/listings?distance=${distance}`)).status).toBe(200);
    }
    const response = await call('/api/listings?distance=7');
    expect(response.status).toBe(400);
    expect((await json(response)).errors.distance).toBe('Distance must be 5, 10, 25, 50, 100 or any');
  });

  it('searches title, description, what the owner wants and the want options, case-insensitively', async () => {
    const member = await signUp();
    const [a, b, c, d] = [word(), word(), word(), word()];
    const byTitle = await createListing(member, { title: `Vintage ${a} lamp` });
    const byDescription = await createListing(member, {
      description: `Works well, pairs with ${b.toUpperCase()} shades.`,
    });
    const byWant = await createListing(member, { whatUserWants: `Help with ${c}` });
    const byOption = await createListing(member, { whatUserWantsOptions: ['Bread', `Some ${d}`] });
    expect((await search(`search=${a.toUpperCase()}`)).items.map((l) => l.id)).toEqual([byTitle.id]);
    expect((await search(`search=${b}`)).items.map((l) => l.id)).toEqual([byDescription.id]);
    expect(
      (await search(`search=${encodeURIComponent(`  ${c[0]!.toUpperCase()}${c.slice(1)}  `)}`)).items.map((l) => l.id),
    ).toEqual([byWant.id]);
    expect((await search(`search=${d}`)).items.map((l) => l.id)).toEqual([byOption.id]);
  });

  it('matches word prefixes, needs every word, and ignores punctuation and FTS syntax', async () => {
    const member = await signUp();
    const w = word();
    const one = await createListing(member, { title: `Red ${w} bicycle` });
    const two = await createListing(member, { title: `Blue ${w} scooter` });
    expect((await search(`search=${w.slice(0, -2)}`)).items.map((l) => l.id)).toEqual([two.id, one.id]);
    expect((await search(`search=${encodeURIComponent(`${w} BICY`)}`)).items.map((l) => l.id)).toEqual([one.id]);
    expect((await search(`search=${encodeURIComponent(`"${w}" scooter*`)}`)).items.map((l) => l.id)).toEqual([two.id]);
    // FTS5 operators in the text are plain words: "OR" must itself match, so nothing does.
    expect((await search(`search=${encodeURIComponent(`${w} OR scooter`)}`)).total).toBe(0);
    expect((await search(`search=${encodeURIComponent(`${w} NEAR( "`)}`)).total).toBe(0);
    // Text with no word in it is no filter at all.
    const everything = await search('');
    expect((await search(`search=${encodeURIComponent('!!! -- "')}`)).total).toBe(everything.total);
  });

  it('matches accented words without their accents', async () => {
    const member = await signUp();
    const w = word();
    const listing = await createListing(member, { title: `Crème brûlée ${w}` });
    expect((await search(`search=${encodeURIComponent(`creme ${w}`)}`)).items.map((l) => l.id)).toEqual([listing.id]);
    expect((await search(`search=${encodeURIComponent(`BRÛLÉE ${w}`)}`)).items.map((l) => l.id)).toEqual([listing.id]);
  });

  it('filters by category slug; all or empty means any, an unknown slug matches nothing', async () => {
    const member = await signUp();
    const w = word();
    const food = await createListing(member, { title: `Jam ${w}`, categoriesOffered: ['food'] });
    const both = await createListing(member, { title: `Cookbook ${w}`, categoriesOffered: ['education', 'food'] });
    const tech = await createListing(member, { title: `Laptop ${w}`, categoriesOffered: ['tech'] });
    expect((await search(`search=${w}&category=food`)).items.map((l) => l.id)).toEqual([both.id, food.id]);
    expect((await search(`search=${w}&category=education`)).items.map((l) => l.id)).toEqual([both.id]);
    expect((await search(`search=${w}&category=all`)).items.map((l) => l.id)).toEqual([tech.id, both.id, food.id]);
    expect((await search(`search=${w}&category=`)).total).toBe(3);
    expect(await search(`search=${w}&category=spaceships`)).toEqual({ items: [], total: 0 });
    const onlyCategory = await search('category=tech');
    expect(onlyCategory.items.every((l) => l.categoriesOffered.includes('tech'))).toBe(true);
    expect(onlyCategory.items.map((l) => l.id)).toContain(tech.id);
  });

  it('lists active and pending listings only', async () => {
    const member = await signUp();
    const w = word();
    const ids: Record<string, number> = {};
    for (const status of ['active', 'pending', 'paused', 'completed']) {
      const listing = await createListing(member, { title: `${status} ${w}` });
      await setStatus(listing.id, status);
      ids[status] = listing.id;
    }
    const found = await search(`search=${w}`);
    expect(found.items.map((l) => l.id)).toEqual([ids.pending, ids.active]);
    expect(found.total).toBe(2);
  });

  it('ranks text matches by relevance (a title match first), then newest first, across pages', async () => {
    const member = await signUp();
    const w = word();
    // Created first, so newest-first alone would put the planter on top.
    const bike = await createListing(member, {
      title: `Commuter bike ${w}`,
      description: 'A sturdy steel frame, new tyres and lights.',
    });
    const bikes = await createListing(member, {
      title: `Kids bikes ${w}`,
      description: 'Outgrown, both in good shape.',
    });
    const planter = await createListing(member, {
      title: `Cedar planter box ${w}`,
      description: 'Big enough for tomatoes. It sits by the bike shed now; a bike is not included.',
    });
    const found = await search(`search=${encodeURIComponent(`bike ${w}`)}`);
    expect(found.total).toBe(3);
    // Both bike titles come before the planter; the two bike titles, equally relevant, newest first.
    expect(found.items.map((l) => l.id)).toEqual([bikes.id, bike.id, planter.id]);
    // Paging cuts the ranked list, and the count stays the full one.
    const first = await search(`search=${encodeURIComponent(`bike ${w}`)}&limit=2&offset=0`);
    const second = await search(`search=${encodeURIComponent(`bike ${w}`)}&limit=2&offset=2`);
    expect(first.items.map((l) => l.id)).toEqual([bikes.id, bike.id]);
    expect(second.items.map((l) => l.id)).toEqual([planter.id]);
    expect([first.total, second.total]).toEqual([3, 3]);
    // Without text the same listings are newest first.
    const browse = await search(`category=home&limit=100`);
    const ours = browse.items.map((l) => l.id).filter((id) => [bike.id, bikes.id, planter.id].includes(id));
    expect(ours).toEqual([planter.id, bikes.id, bike.id]);
    // A distance search ranks the same way.
    const near = await search(`search=${encodeURIComponent(`bike ${w}`)}&distance=any`);
    expect(near.items.map((l) => l.id)).toEqual([bikes.id, bike.id, planter.id]);
  });

  it('ranks by relevance within a distance as well', async () => {
    const member = await signUp();
    const w = word();
    const planter = await createListing(member, {
      title: `Planter ${w}`,
      description: 'Cedar, by the bike shed.',
      location: 'Oakland, CA',
    });
    const bike = await createListing(member, {
      title: `Road bike ${w}`,
      description: 'Light and fast.',
      location: 'Oakland, CA',
    });
    const later = await createListing(member, {
      title: `Garden bench ${w}`,
      description: 'Fits a bike rack behind it.',
      location: 'Oakland, CA',
    });
    const found = await search(
      `search=${encodeURIComponent(`bike ${w}`)}&distance=25&near=${encodeURIComponent('Oakland, CA')}`,
    );
    expect(found.total).toBe(3);
    expect(found.items[0].id).toBe(bike.id);
    expect(
      found.items
        .map((l) => l.id)
        .slice(1)
        .sort(),
    ).toEqual([planter.id, later.id].sort());
    const page2 = await search(
      `search=${encodeURIComponent(`bike ${w}`)}&distance=25&near=${encodeURIComponent('Oakland, CA')}&limit=1&offset=1`,
    );
    expect(page2.items.map((l) => l.id)).toEqual([found.items[1].id]);
    expect(page2.total).toBe(3);
  });

  it("never lists a signed-in member's own listings to them, and counts agree", async () => {
    const owner = await signUp();
    const other = await signUp();
    const w = word();
    const mine = await createListing(owner, { title: `Mine ${w}`, location: 'Oakland, CA' });
    const theirs = await createListing(other, { title: `Theirs ${w}`, location: 'Oakland, CA' });
    const as = async (cookie: string | undefined, query: string) => {
      const response = await call(`/api/listings?${query}`, { cookie });
      expect(response.status).toBe(200);
      return {
        ids: (await json<any[]>(response)).map((l) => l.id),
        total: Number(response.headers.get('X-Total-Count')),
      };
    };
    for (const query of [
      `search=${w}`,
      `search=${w}&category=home`,
      `search=${w}&distance=25&near=Oakland`,
      `search=${w}&distance=any`,
    ]) {
      expect(await as(undefined, query)).toEqual({ ids: [theirs.id, mine.id], total: 2 });
      expect(await as(owner.cookie, query)).toEqual({ ids: [theirs.id], total: 1 });
      expect(await as(other.cookie, query)).toEqual({ ids: [mine.id], total: 1 });
    }
    // Plain browsing: the visitor's total counts the owner's listing, the owner's does not.
    const visitor = await as(undefined, 'limit=0');
    const ownView = await as(owner.cookie, 'limit=0');
    expect(ownView.total).toBe(
      visitor.total - (await json<any[]>(await call(`/api/users/${owner.id}/listings`))).length,
    );
    // Their own profile still lists it.
    expect(
      (await json<any[]>(await call(`/api/users/${owner.id}/listings`, { cookie: owner.cookie }))).map((l) => l.id),
    ).toEqual([mine.id]);
  });

  it('drives a search from the FTS index and the junction table, reading listings by primary key', async () => {
    const db = createDb(env.DB);
    const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql, params } = query.toSQL();
      const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return rows.results.map((row) => row.detail);
    };
    const filters = [
      {
        search: 'oak shelf',
        category: 'home',
        uses: [/listings_fts VIRTUAL TABLE/, /SEARCH listing_categories USING COVERING INDEX/],
      },
      { search: 'oak', uses: [/listings_fts VIRTUAL TABLE/] },
      { category: 'tech', uses: [/SEARCH listing_categories USING COVERING INDEX/] },
    ];
    for (const { uses, ...filter } of filters) {
      const { page, total } = searchQueries(db, { ...filter, limit: 10, offset: 0 });
      for (const details of [await plan(page), await plan(total)]) {
        for (const pattern of uses) expect(details.some((d) => pattern.test(d))).toBe(true);
        expect(details).toContain('SEARCH listings USING INTEGER PRIMARY KEY (rowid=?)');
        // Neither a table scan nor a walk over every public listing through the status index.
        expect(
          details.filter((d) => /^SCAN (listings|listing_categories)\b|listings_status_created_idx/.test(d)),
        ).toEqual([]);
      }
    }
    // Plain browsing reads the status index, not the whole table.
    const browse = await plan(searchQueries(db, { limit: 10, offset: 0 }).page);
    expect(browse).toContain('SEARCH listings USING INDEX listings_status_created_idx (status=?)');
    expect(browse.filter((d) => /^SCAN listings\b/.test(d))).toEqual([]);
  });

  it('turns text into quoted prefix terms joined by AND', () => {
    expect(ftsQuery('Oak  shelf!')).toBe('"Oak"* AND "shelf"*');
    expect(ftsQuery('"x" OR y*')).toBe('"x"* AND "OR"* AND "y"*');
    expect(ftsQuery(' -- ')).toBeNull();
    expect(ftsQuery(undefined)).toBeNull();
  });
});

describe('GET /api/listings/featured', () => {
  it('returns featured active listings, newest first, at most 6', async () => {
    const member = await signUp();
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await createListing(member, { title: `Featured thing ${i}` }));
    await env.DB.prepare(`UPDATE listings SET is_featured = 1 WHERE id IN (${created.map(() => '?').join(',')})`)
      .bind(...created.map((l) => l.id))
      .run();
    const paused = await createListing(member, { title: 'Featured but paused' });
    await env.DB.prepare("UPDATE listings SET is_featured = 1, status = 'paused' WHERE id = ?").bind(paused.id).run();
    const notFeatured = await createListing(member);

    const response = await call('/api/listings/featured');
    expect(response.status).toBe(200);
    const featured = await json<any[]>(response);
    expect(featured.map((l) => l.id)).toEqual(
      created
        .slice(1)
        .map((l) => l.id)
        .reverse(),
    );
    expect(featured.every((l) => l.isFeatured && l.status === 'active' && l.user.id === member.id)).toBe(true);
    expect(featured.map((l) => l.id)).not.toContain(paused.id);
    expect(featured.map((l) => l.id)).not.toContain(notFeatured.id);
  });
});

describe('PUT /api/listings/:id', () => {
  async function ownerAndListing() {
    const owner = await signUp();
    return { owner, listing: await createListing(owner) };
  }

  it('lets the owner change fields and status', async () => {
    const { owner, listing } = await ownerAndListing();
    const response = await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: {
        userId: owner.id,
        title: 'Walnut bookshelf',
        distance: 5,
        acceptOffers: false,
        status: 'pending',
        whatUserWantsOptions: [],
      },
    });
    expect(response.status).toBe(200);
    const updated = await json(response);
    expect(updated).toMatchObject({
      id: listing.id,
      title: 'Walnut bookshelf',
      description: listing.description,
      distance: 5,
      acceptOffers: false,
      status: 'pending',
      whatUserWantsOptions: [],
      user: { id: owner.id, username: owner.username },
    });
    expect(await json(await call(`/api/listings/${listing.id}`))).toEqual(updated);
  });

  it('returns the listing unchanged for an empty edit', async () => {
    const { owner, listing } = await ownerAndListing();
    const response = await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body: {} });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(listing);
  });

  it('replaces the category rows and keeps search in step', async () => {
    const { owner, listing } = await ownerAndListing();
    const [before, after] = [word(), word()];
    await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { title: `Shelf ${before}` },
    });
    expect((await search(`search=${before}`)).items.map((l) => l.id)).toEqual([listing.id]);
    const response = await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { title: `Shelf ${after}`, categoriesOffered: ['goods', 'creative'] },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).categoriesOffered).toEqual(['goods', 'creative']);
    const rows = await env.DB.prepare('SELECT slug FROM listing_categories WHERE listing_id = ? ORDER BY slug')
      .bind(listing.id)
      .all();
    expect(rows.results.map((r: any) => r.slug)).toEqual(['creative', 'goods']);
    expect((await search(`search=${before}`)).total).toBe(0);
    expect((await search(`search=${after}&category=goods`)).items.map((l) => l.id)).toEqual([listing.id]);
    expect((await search(`search=${after}&category=home`)).total).toBe(0);
  });

  it('takes a listing out of browse when paused or completed', async () => {
    const { owner, listing } = await ownerAndListing();
    const w = word();
    await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body: { title: `Desk ${w}` } });
    for (const status of ['paused', 'completed']) {
      await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body: { status } });
      expect((await search(`search=${w}`)).total).toBe(0);
    }
    await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body: { status: 'active' } });
    expect((await search(`search=${w}`)).total).toBe(1);
  });

  it.each([
    [{ status: 'archived' }, 'status', 'Status must be one of active, pending, paused or completed'],
    [{ categoriesOffered: [] }, 'categoriesOffered', 'Select at least one category'],
    [{ categoriesOffered: ['nope'] }, 'categoriesOffered', 'Please select a valid category'],
    [{ title: 'Oak' }, 'title', 'Title must be at least 5 characters'],
    [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
    [{ whatUserWants: 'x' }, 'whatUserWants', 'Please specify what you want in return'],
    [{ distance: 30 }, 'distance', 'Distance must be 5, 10, 25 or 50 miles'],
    [
      { whatUserWantsOptions: ['1', '2', '3', '4', '5', '6'] },
      'whatUserWantsOptions',
      'Maximum of 5 additional options reached',
    ],
    [{ imageUrls: ['/objects/uploads/../../etc/passwd'] }, 'imageUrls.0', 'Images must be uploaded through this site'],
  ])('refuses %o with the spec message', async (body, field, message) => {
    const { owner, listing } = await ownerAndListing();
    const response = await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body });
    expect(response.status).toBe(400);
    expect((await json(response)).errors[field]).toBe(message);
  });

  it('answers 401 for a visitor, 403 for another member and for an admin, 404 when missing', async () => {
    const { owner, listing } = await ownerAndListing();
    const [other, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const body = { title: 'Taken over listing' };
    expect((await call(`/api/listings/${listing.id}`, { method: 'PUT', body })).status).toBe(401);
    for (const actor of [other, admin]) {
      const response = await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: actor.cookie, body });
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({ message: 'You can only edit your own listing', code: 'own_listing_only' });
    }
    const claimed = await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { ...body, userId: other.id },
    });
    expect(claimed.status).toBe(403);
    const missing = await call('/api/listings/999999999', { method: 'PUT', cookie: owner.cookie, body });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    expect((await json(await call(`/api/listings/${listing.id}`))).title).toBe(listing.title);
  });
});

describe('DELETE /api/listings/:id', () => {
  async function listingWithActivity(owner: Member) {
    const other = await signUp();
    const listing = await createListing(owner);
    const message = await env.DB.prepare(
      'INSERT INTO messages (sender_id, receiver_id, listing_id, content) VALUES (?, ?, ?, ?) RETURNING id',
    )
      .bind(other.id, owner.id, listing.id, 'Is this still available?')
      .first<{ id: number }>();
    const barter = await env.DB.prepare(
      "INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?, ?, ?, 'completed') RETURNING id",
    )
      .bind(listing.id, other.id, owner.id)
      .first<{ id: number }>();
    const review = await env.DB.prepare(
      'INSERT INTO reviews (reviewer_id, user_id, listing_id, barter_id, rating, comment) VALUES (?, ?, ?, ?, 5, ?) RETURNING id',
    )
      .bind(other.id, owner.id, listing.id, barter!.id, 'Great trade, thank you!')
      .first<{ id: number }>();
    return { listing, other, ids: { messages: message!.id, barters: barter!.id, reviews: review!.id } };
  }

  async function remaining(listingId: number, ids: Record<string, number>) {
    const counts: Record<string, number> = {};
    for (const [table, id] of Object.entries(ids)) {
      counts[table] = (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE id = ?`)
        .bind(id)
        .first<{ n: number }>())!.n;
    }
    counts.listing_categories = (await env.DB.prepare(
      'SELECT count(*) AS n FROM listing_categories WHERE listing_id = ?',
    )
      .bind(listingId)
      .first<{ n: number }>())!.n;
    return counts;
  }

  it('lets the owner delete, removing messages, reviews, barters and category rows', async () => {
    const owner = await signUp();
    const { listing, ids } = await listingWithActivity(owner);
    expect(await remaining(listing.id, ids)).toEqual({ messages: 1, barters: 1, reviews: 1, listing_categories: 1 });
    const response = await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Listing deleted' });
    expect(await remaining(listing.id, ids)).toEqual({ messages: 0, barters: 0, reviews: 0, listing_categories: 0 });
    expect((await call(`/api/listings/${listing.id}`)).status).toBe(404);
  });

  it('lets an admin delete any listing', async () => {
    const [owner, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const { listing, ids } = await listingWithActivity(owner);
    const response = await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await remaining(listing.id, ids)).toEqual({ messages: 0, barters: 0, reviews: 0, listing_categories: 0 });
  });

  it('answers 401 for a visitor, 403 for another member (even the other party), 404 when missing', async () => {
    const owner = await signUp();
    const { listing, other, ids } = await listingWithActivity(owner);
    expect((await call(`/api/listings/${listing.id}`, { method: 'DELETE' })).status).toBe(401);
    const forbidden = await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: other.cookie });
    expect(forbidden.status).toBe(403);
    expect(await remaining(listing.id, ids)).toEqual({ messages: 1, barters: 1, reviews: 1, listing_categories: 1 });
    const missing = await call('/api/listings/999999999', { method: 'DELETE', cookie: owner.cookie });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
  });
});

describe('GET /api/users/:id/listings', () => {
  it('shows the owner and admins every status, others only active and pending, newest first', async () => {
    const [owner, other, admin] = await Promise.all([signUp(), signUp(), signUpAdmin()]);
    const ids: number[] = [];
    for (const status of ['active', 'pending', 'paused', 'completed']) {
      const listing = await createListing(owner, { title: `My ${status} listing` });
      await setStatus(listing.id, status);
      ids.push(listing.id);
    }
    const all = [...ids].reverse();
    const visible = [ids[1], ids[0]];
    const asOwner = await call(`/api/users/${owner.id}/listings`, { cookie: owner.cookie });
    expect(asOwner.status).toBe(200);
    expect((await json<any[]>(asOwner)).map((l) => l.id)).toEqual(all);
    expect(
      (await json<any[]>(await call(`/api/users/${owner.id}/listings`, { cookie: admin.cookie }))).map((l) => l.id),
    ).toEqual(all);
    expect(
      (await json<any[]>(await call(`/api/users/${owner.id}/listings`, { cookie: other.cookie }))).map((l) => l.id),
    ).toEqual(visible);
    const asVisitor = await json<any[]>(await call(`/api/users/${owner.id}/listings`));
    expect(asVisitor.map((l) => l.id)).toEqual(visible);
    expect(asVisitor[0].user).toEqual({
      id: owner.id,
      username: owner.username,
      displayName: owner.user.displayName,
      avatarUrl: null,
    });
  });

  it('answers an empty list for a member without listings and 404 for an unknown user', async () => {
    const member = await signUp();
    expect(await json(await call(`/api/users/${member.id}/listings`))).toEqual([]);
    const missing = await call('/api/users/999999999/listings');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});
