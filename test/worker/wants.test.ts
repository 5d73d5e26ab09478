// Wants: PUT/DELETE/GET /api/wants and wantedByMe/wantCount on a listing
// (docs/api/wants-matches-circles.md), with the hostile cases.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createListing, json, signUp, type Member } from './helpers';

const put = (member: Member | null, id: number | string) =>
  call(`/api/wants/${id}`, { method: 'PUT', cookie: member?.cookie });
const del = (member: Member | null, id: number | string) =>
  call(`/api/wants/${id}`, { method: 'DELETE', cookie: member?.cookie });
const wantsOf = async (member: Member) => json<any[]>(await call('/api/wants', { cookie: member.cookie }));
const wantRows = async (userId: number) =>
  (
    await env.DB.prepare('SELECT listing_id FROM wants WHERE user_id = ? ORDER BY listing_id')
      .bind(userId)
      .all<{ listing_id: number }>()
  ).results.map((r) => r.listing_id);

/** `count` active listings of the owner, written directly (the FTS triggers run as for the API). */
async function bulkListings(owner: Member, count: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO listings (user_id, title, description, what_user_wants, location, distance)
     SELECT ?1, 'Bulk item ' || i, 'A thing to swap', 'Anything useful', 'Oakland, CA', 10 FROM n
     RETURNING id`,
  )
    .bind(owner.id, count)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe('PUT /api/wants/{listingId}', () => {
  it('records a want once: a repeated PUT answers the same createdAt and adds no row', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const first = await put(member, listing.id);
    expect(first.status).toBe(200);
    const body = await json(first);
    expect(body).toEqual({ listingId: listing.id, createdAt: expect.any(String) });
    const again = await put(member, listing.id);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(body);
    expect(await wantRows(member.id)).toEqual([listing.id]);
  });

  it('refuses your own listing with the contract message, and changes nothing', async () => {
    const owner = await signUp();
    const listing = await createListing(owner);
    const response = await put(owner, listing.id);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('You cannot want your own listing');
    expect(await wantRows(owner.id)).toEqual([]);
  });

  it('answers 404 for an unknown listing and for a paused or completed one', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const paused = await createListing(owner, { title: 'Paused thing' });
    const completed = await createListing(owner, { title: 'Completed thing' });
    for (const [listing, status] of [
      [paused, 'paused'],
      [completed, 'completed'],
    ] as const) {
      const edit = await call(`/api/listings/${listing.id}`, { method: 'PUT', cookie: owner.cookie, body: { status } });
      expect(edit.status).toBe(200);
      const response = await put(member, listing.id);
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe('Listing not found');
    }
    expect((await put(member, 999_999_999)).status).toBe(404);
    expect(await wantRows(member.id)).toEqual([]);
  });

  it('answers 404, never 500, for ids that are not positive whole numbers', async () => {
    const member = await signUp();
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '%27%20OR%201%3D1', '9'.repeat(30), 'NaN', '0x10']) {
      const response = await put(member, id);
      expect(response.status, id).toBe(404);
      expect((await del(member, id)).status, id).toBe(404);
    }
    expect(await wantRows(member.id)).toEqual([]);
  });

  it('answers 401 without a session, for every wants and matches route', async () => {
    const owner = await signUp();
    const listing = await createListing(owner);
    expect((await put(null, listing.id)).status).toBe(401);
    expect((await del(null, listing.id)).status).toBe(401);
    expect((await call('/api/wants')).status).toBe(401);
    expect((await call('/api/matches')).status).toBe(401);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM wants WHERE listing_id = ?')
      .bind(listing.id)
      .first<number>('n');
    expect(count).toBe(0);
  });

  it('holds at most 200 wants: the 201st is a 400 with a clear message, and a repeat of a held want still answers 200', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const ids = await bulkListings(owner, 201);
    await env.DB.prepare(`INSERT INTO wants (user_id, listing_id) SELECT ?1, value FROM json_each(?2)`)
      .bind(member.id, JSON.stringify(ids.slice(0, 199)))
      .run();
    expect((await put(member, ids[199]!)).status).toBe(200);
    const refused = await put(member, ids[200]!);
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe(
      'You can want at most 200 listings. Remove one from your wants to add another.',
    );
    expect((await put(member, ids[0]!)).status).toBe(200);
    expect((await wantRows(member.id)).length).toBe(200);
    // Removing one makes room again.
    expect((await del(member, ids[0]!)).status).toBe(204);
    expect((await put(member, ids[200]!)).status).toBe(200);
    expect((await wantRows(member.id)).length).toBe(200);
  });

  it('keeps the cap under concurrent PUTs: at 199 wants, five at once add exactly one', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const ids = await bulkListings(owner, 204);
    await env.DB.prepare(`INSERT INTO wants (user_id, listing_id) SELECT ?1, value FROM json_each(?2)`)
      .bind(member.id, JSON.stringify(ids.slice(0, 199)))
      .run();
    const responses = await Promise.all(ids.slice(199).map((id) => put(member, id)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect((await wantRows(member.id)).length).toBe(200);
  });

  it('concurrent PUTs of the same want leave one row and all answer 200 with the same time', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const responses = await Promise.all(Array.from({ length: 6 }, () => put(member, listing.id)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const times = new Set(await Promise.all(responses.map(async (r) => (await json(r)).createdAt)));
    expect(times.size).toBe(1);
    expect(await wantRows(member.id)).toEqual([listing.id]);
  });
});

describe('DELETE /api/wants/{listingId}', () => {
  it('removes the want with 204, and a second DELETE is 204 too', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    await put(member, listing.id);
    const first = await del(member, listing.id);
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    expect((await del(member, listing.id)).status).toBe(204);
    expect(await wantRows(member.id)).toEqual([]);
  });

  it("removes only the caller's own want", async () => {
    const [owner, a, b] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner);
    await put(a, listing.id);
    await put(b, listing.id);
    await del(a, listing.id);
    expect(await wantRows(a.id)).toEqual([]);
    expect(await wantRows(b.id)).toEqual([listing.id]);
  });
});

describe('GET /api/wants', () => {
  it('lists the wanted listings in the listing shape, newest want first, including ones paused since', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const first = await createListing(owner, { title: 'First wanted' });
    const second = await createListing(owner, { title: 'Second wanted' });
    await put(member, first.id);
    await put(member, second.id);
    // Make the order certain whatever the clock's resolution.
    await env.DB.prepare(
      `UPDATE wants SET created_at = '2020-01-01T00:00:00.000Z' WHERE user_id = ? AND listing_id = ?`,
    )
      .bind(member.id, first.id)
      .run();
    await call(`/api/listings/${first.id}`, { method: 'PUT', cookie: owner.cookie, body: { status: 'paused' } });
    const list = await wantsOf(member);
    expect(list.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({
      title: 'Second wanted',
      status: 'active',
      user: { id: owner.id, username: owner.username },
      wantedAt: expect.any(String),
    });
    expect(list[1].status).toBe('paused');
    expect(list[0]).not.toHaveProperty('latitude');
    expect(await wantsOf(owner)).toEqual([]);
  });
});

describe('GET /api/listings/{id} with wants', () => {
  it('adds wantedByMe for a member and wantCount for the owner only; a visitor sees neither', async () => {
    const [owner, a, b] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner);
    const view = async (member: Member | null) =>
      json(await call(`/api/listings/${listing.id}`, { cookie: member?.cookie }));
    expect(await view(a)).toMatchObject({ wantedByMe: false });
    await put(a, listing.id);
    await put(b, listing.id);
    const seenByA = await view(a);
    expect(seenByA.wantedByMe).toBe(true);
    expect(seenByA).not.toHaveProperty('wantCount');
    const seenByOwner = await view(owner);
    expect(seenByOwner).toMatchObject({ wantedByMe: false, wantCount: 2 });
    const visitor = await view(null);
    expect(visitor).not.toHaveProperty('wantedByMe');
    expect(visitor).not.toHaveProperty('wantCount');
    await del(b, listing.id);
    expect((await view(owner)).wantCount).toBe(1);
  });
});
