// The admin listings search in id order (docs/decisions/026-admin-reads.md, "Search in id order"):
// the hits above the in-order mark are walked by id, those below it sorted as before. Whatever
// the order the listings were written in (API, direct inserts with old, future or equal times,
// explicit ids, changed times), every page is exactly the old read: the filter over every row,
// newest first by (created_at, id), cut at the cursor.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminListingsQuery, IN_ORDER_FROM } from '@worker/db/queries/admin';
import { createDb } from '@worker/db/client';
import { call, createListing, json, signUp, signUpAdmin, unique, type Member } from './helpers';

const db = createDb(env.DB);

const mark = async () =>
  (await env.DB.prepare('SELECT value FROM admin_counters WHERE name = ?')
    .bind(IN_ORDER_FROM)
    .first<{ value: number }>())!.value;
const maxId = async () => (await env.DB.prepare('SELECT max(id) AS n FROM listings').first<{ n: number }>())!.n;

/** A listing written straight into the table, as an import or a seed script would. */
async function insertListing(owner: Member, title: string, createdAt: string, id?: number) {
  const row = await env.DB.prepare(
    `INSERT INTO listings (id, user_id, title, description, what_user_wants, location, distance, created_at)
     VALUES (?1, ?2, ?3, 'Inserted directly', 'Anything', 'Oakland, CA', 10, ?4) RETURNING id`,
  )
    .bind(id ?? null, owner.id, title, createdAt)
    .first<{ id: number }>();
  return row!.id;
}

/** Listings dated in the future would put every listing the API creates out of order: later tests start without them. */
const dropFuture = () =>
  env.DB.prepare("DELETE FROM listings WHERE created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day')").run();

/** The old read: every listing whose title, place, owner name or username holds the text, newest first, after the cursor. */
async function expected(text: string, before?: { time: string; id: number }) {
  const all = await env.DB.prepare(
    'SELECT l.id, l.created_at, l.title, l.location, u.display_name, u.username FROM listings l JOIN users u ON u.id = l.user_id ORDER BY l.created_at DESC, l.id DESC',
  ).all<any>();
  const needle = text.toLowerCase();
  return all.results
    .filter((l) =>
      [l.title, l.location, l.display_name, l.username].some((f: string) => f.toLowerCase().includes(needle)),
    )
    .filter((l) => !before || l.created_at < before.time || (l.created_at === before.time && l.id < before.id))
    .map((l) => l.id as number);
}

/** Every page of a search through the API, following X-Next-Cursor. */
async function walk(cookie: string, text: string, limit: number) {
  const seen: number[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 300; pages++) {
    const query = `limit=${limit}&search=${encodeURIComponent(text)}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
    const response = await call(`/api/admin/listings?${query}`, { cookie });
    expect(response.status).toBe(200);
    const rows = await json<any[]>(response);
    expect(rows.length).toBeLessThanOrEqual(limit);
    seen.push(...rows.map((l) => l.id));
    before = response.headers.get('X-Next-Cursor');
    if (!before) return seen;
  }
  throw new Error('too many pages');
}

/** Rows D1 reports reading for the page query as the route runs it. */
async function rowsRead(page: Parameters<typeof adminListingsQuery>[1]) {
  const { sql, params } = adminListingsQuery(db, page).toSQL();
  const run = await env.DB.prepare(sql)
    .bind(...params)
    .all();
  return { rowsRead: run.meta.rows_read, ids: run.results.map((r: any) => r.id as number) };
}

describe('admin listings search in id order', () => {
  it('the mark stays put for listings created through the API and moves above every id when the order breaks', async () => {
    const owner = await signUp();
    await createListing(owner, { title: 'Mark lamp one' });
    const start = await mark();
    const made = await createListing(owner, { title: 'Mark lamp two' });
    expect(await mark()).toBe(start);
    expect(made.id).toBeGreaterThanOrEqual(start);
    // Older than the newest listing: the order breaks at it.
    const old = await insertListing(owner, 'Mark lamp old', '2001-01-01T00:00:00.000Z');
    expect(await mark()).toBe(old + 1);
    // A later time again keeps the new mark.
    await createListing(owner, { title: 'Mark lamp three' });
    expect(await mark()).toBe(old + 1);
    // A changed creation time, or an id below the highest, moves it above every id.
    await env.DB.prepare("UPDATE listings SET created_at = '2002-02-02T00:00:00.000Z' WHERE id = ?")
      .bind(made.id)
      .run();
    expect(await mark()).toBe((await maxId()) + 1);
    const gap = await createListing(owner, { title: 'Mark lamp four' });
    const next = await createListing(owner, { title: 'Mark lamp five' });
    await env.DB.prepare('DELETE FROM listings WHERE id = ?').bind(gap.id).run();
    await insertListing(owner, 'Mark lamp gap', '2999-01-01T00:00:00.000Z', gap.id);
    expect(await mark()).toBe(next.id + 1);
    // The same time as the newest is still in order (the id breaks the tie).
    const newest = await env.DB.prepare(
      'SELECT created_at FROM listings ORDER BY created_at DESC, id DESC LIMIT 1',
    ).first<{ created_at: string }>();
    const before = await mark();
    await insertListing(owner, 'Mark lamp tie', newest!.created_at);
    expect(await mark()).toBe(before);
    await dropFuture();
  });

  it('pages across the mark are exactly the old read, whatever order the listings were written in', async () => {
    const admin = await signUpAdmin();
    const tag = unique('ord');
    const owner = await signUp({ displayName: `Owner ${tag}` });
    const other = await signUp();
    // In order, through the API; then out of order (old, future, equal times); then in order again.
    for (let i = 0; i < 7; i++) await createListing(other, { title: `Kettle ${tag} ${i}` });
    await insertListing(other, `Old kettle ${tag}`, '2003-03-03T00:00:00.000Z');
    await insertListing(other, `Older kettle ${tag}`, '2001-01-01T00:00:00.000Z');
    const future = await insertListing(other, `Future kettle ${tag}`, '2998-01-01T00:00:00.000Z');
    await insertListing(owner, 'Tied teapot', '2003-03-03T00:00:00.000Z');
    await insertListing(other, `Tied kettle ${tag}`, '2003-03-03T00:00:00.000Z');
    await createListing(owner, { title: 'Plain teapot' }); // found through the owner's name
    await insertListing(other, `Twin kettle ${tag}`, '2999-01-01T00:00:00.000Z');
    await insertListing(other, `Twin kettle ${tag} b`, '2999-01-01T00:00:00.000Z');
    expect(await mark()).toBeGreaterThan(future);
    for (let i = 0; i < 6; i++) await createListing(i % 2 ? owner : other, { title: `Late kettle ${tag} ${i}` });
    for (let i = 0; i < 3; i++) await insertListing(other, `Later kettle ${tag} ${i}`, '3000-01-01T00:00:00.000Z');
    // Hits both above and below the mark.
    const ids = await expected(tag);
    const m = await mark();
    expect(ids.some((id) => id >= m)).toBe(true);
    expect(ids.some((id) => id < m)).toBe(true);
    for (const limit of [1, 2, 3, 5, 50]) expect(await walk(admin.cookie, tag, limit)).toEqual(ids);
    expect(await walk(admin.cookie, 'kettle', 4)).toEqual(await expected('kettle'));
    expect(await walk(admin.cookie, tag.toUpperCase(), 3)).toEqual(ids);
    expect(await walk(admin.cookie, owner.username, 2)).toEqual(await expected(owner.username));
    await dropFuture();
  });

  it('any cursor, matching a row or not, cuts exactly where the old read did', async () => {
    const tag = unique('cur');
    const owner = await signUp({ displayName: `Cursor ${tag}` });
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await createListing(owner, { title: `Lamp ${i}` })).id);
    made.push(await insertListing(owner, 'Old lamp', '2004-04-04T00:00:00.000Z'));
    for (let i = 0; i < 4; i++) made.push((await createListing(owner, { title: `New lamp ${i}` })).id);
    const rows = await env.DB.prepare(`SELECT id, created_at FROM listings WHERE id IN (${made.join(',')})`).all<{
      id: number;
      created_at: string;
    }>();
    const cursors = [
      ...rows.results.map((r) => ({ time: r.created_at, id: r.id })),
      ...rows.results.map((r) => ({ time: r.created_at, id: r.id + 1_000_000 })),
      ...rows.results.map((r) => ({ time: r.created_at, id: 0 })),
      { time: '2004-04-04T00:00:00.001Z', id: 1 },
      { time: '0000-01-01T00:00:00.000Z', id: 1 },
      { time: '9999-12-31T23:59:59.999Z', id: 9_007_199_254_740_991 },
    ];
    for (const before of cursors) {
      for (const limit of [1, 3, 50]) {
        const { ids } = await rowsRead({ limit, search: tag, before });
        expect(ids).toEqual((await expected(tag, before)).slice(0, limit));
      }
    }
  });

  it('odd and hostile search text is a plain substring: quotes, FTS5 syntax, short and repeated characters', async () => {
    const admin = await signUpAdmin();
    const owner = await signUp();
    const titles = [
      'Say "hello" there',
      'A "" pair',
      'Rock OR roll',
      'Star* power',
      'NEAR(this) one',
      'col:on test',
      '{braces} here',
      'caret ^start',
      'minus -sign',
      'aaaa batteries',
      'Café crème',
    ];
    for (const title of titles) await createListing(owner, { title });
    await insertListing(owner, 'Old "hello" card', '2005-05-05T00:00:00.000Z');
    for (const text of [
      '"hello"',
      '"" p',
      '" OR *',
      'OR r',
      'r* p',
      'NEAR(',
      'col:',
      '{braces}',
      '^st',
      ' -si',
      'aaa',
      'aaaa',
      'Café',
      'crè',
      "'; DROP",
      'lo"',
      '"""',
    ]) {
      const want = await expected(text.trim());
      expect(await walk(admin.cookie, text, 2)).toEqual(want);
    }
    expect(await walk(admin.cookie, '"hello"', 1)).toHaveLength(2);
    // Fewer than three characters is still a 400 (the trigram index cannot answer it).
    expect((await call('/api/admin/listings?search=%22%22', { cookie: admin.cookie })).status).toBe(400);
  });

  it('above the mark a page reads about its own rows, however many listings match; below it the page stays exact', async () => {
    await dropFuture();
    const tag = unique('many');
    const owner = await signUp();
    for (let i = 0; i < 15; i++)
      await insertListing(owner, `Backlog ${tag} ${i}`, `2006-01-${String(28 - i).padStart(2, '0')}T00:00:00.000Z`);
    const m = await mark();
    const recent: number[] = [];
    // Four owners: a member lists at most 20 new listings a day (decision 040).
    const owners = [owner, await signUp(), await signUp(), await signUp()];
    for (let i = 0; i < 60; i++)
      recent.push((await createListing(owners[i % owners.length]!, { title: `Recent ${tag} ${i}` })).id);
    expect(await mark()).toBe(m);
    const first = await rowsRead({ limit: 10, search: tag });
    expect(first.ids).toEqual((await expected(tag)).slice(0, 10));
    const all = await rowsRead({ limit: 100, search: tag });
    expect(all.ids).toEqual((await expected(tag)).slice(0, 100));
    // The first page of 10 reads far less than the 75 hits (the old query looked up every one).
    expect(first.rowsRead).toBeLessThan(all.rowsRead / 2);
    // A page from the middle of the in-order hits reads no more than the first.
    const row = await env.DB.prepare('SELECT created_at FROM listings WHERE id = ?')
      .bind(recent[30]!)
      .first<{ created_at: string }>();
    const middle = await rowsRead({ limit: 10, search: tag, before: { time: row!.created_at, id: recent[30]! } });
    expect(middle.ids).toEqual((await expected(tag, { time: row!.created_at, id: recent[30]! })).slice(0, 10));
    expect(middle.rowsRead).toBeLessThanOrEqual(first.rowsRead + 5);
    // A page that crosses the mark.
    const cross = {
      time: (await env.DB.prepare('SELECT created_at FROM listings WHERE id = ?')
        .bind(recent[4]!)
        .first<{ created_at: string }>())!.created_at,
      id: recent[4]!,
    };
    expect((await rowsRead({ limit: 10, search: tag, before: cross })).ids).toEqual(
      (await expected(tag, cross)).slice(0, 10),
    );
  });
});
