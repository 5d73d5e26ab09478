// The admin dashboard's reads at scale (docs/decisions/026-admin-reads.md): keyset pages of users
// and listings that, put together, are exactly the old whole-table reads; totals from counter rows
// that stay equal to count(*) through every change; search through the trigram indexes; and plans
// and rows read that never depend on the size of the table.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminListingsQuery, adminUsersQuery } from '@worker/db/queries/admin';
import type { AdminPage } from '@worker/lib/admin-paging';
import { outboxFigures } from '@worker/db/queries/email-outbox';
import { createDb } from '@worker/db/client';
import { call, createListing, json, signUp, signUpAdmin, unique } from './helpers';

const db = createDb(env.DB);

/** `n` members straight into the table, a few sharing a creation time (the id breaks the tie). */
async function addMembers(n: number, tag: string) {
  const statements = Array.from({ length: n }, (_, i) => {
    const username = `${tag}${i}`;
    const createdAt = `2020-01-${String(1 + Math.floor(i / 3)).padStart(2, '0')}T00:00:00.000Z`;
    return env.DB.prepare(
      "INSERT INTO users (username, password, display_name, email, created_at) VALUES (?1, 'x', ?2, ?3, ?4)",
    ).bind(username, i % 4 === 0 ? `Joanna ${tag} ${i}` : `Member ${i}`, `${username}@example.com`, createdAt);
  });
  await env.DB.batch(statements);
}

/** Every page of an admin list through the API, following X-Next-Cursor. */
async function walk(path: string, cookie: string, query: string) {
  const seen: any[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const response = await call(`${path}?${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`, { cookie });
    expect(response.status).toBe(200);
    seen.push(...(await json<any[]>(response)));
    before = response.headers.get('X-Next-Cursor');
    if (!before) return { rows: seen, response };
  }
  throw new Error('too many pages');
}

const counter = async (name: string) =>
  (await env.DB.prepare('SELECT value FROM admin_counters WHERE name = ?').bind(name).first<{ value: number }>())!
    .value;
const countOf = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

/** The plan's lines and the rows D1 reports reading, for a drizzle query run as is. */
async function measure(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  const run = await env.DB.prepare(sql)
    .bind(...params)
    .all();
  const result = { plan: plan.results.map((r) => r.detail), rowsRead: run.meta.rows_read, rows: run.results.length };
  return result;
}

/**
 * A bare SCAN of a real table (not through an index, not a virtual table) reads all of it. The
 * search page's `page_ids` is its own subquery of at most `limit` rows, and CONSTANT ROW no table.
 */
const tableScans = (plan: string[]) =>
  plan.filter(
    (line) =>
      /^SCAN (?!page_ids$|CONSTANT ROW$)\w+$/.test(line) ||
      (/^SCAN (users|listings)\b/.test(line) && !/USING (COVERING )?INDEX/.test(line)),
  );

describe('admin users tab: keyset pages', () => {
  it('pages put together are the old whole-table read, newest first, with the counter as the total', async () => {
    const admin = await signUpAdmin();
    await addMembers(40, unique('k'));
    const { rows, response } = await walk('/api/admin/users', admin.cookie, 'limit=7');
    const old = await env.DB.prepare('SELECT id FROM users ORDER BY created_at DESC, id DESC').all<{ id: number }>();
    expect(rows.map((u) => u.id)).toEqual(old.results.map((r) => r.id));
    expect(Number(response.headers.get('X-Total-Count'))).toBe(await countOf('SELECT count(*) AS n FROM users'));
    for (const user of rows) expect(user).not.toHaveProperty('password');
  });

  it('the default page is 50 rows and says where the next begins', async () => {
    const admin = await signUpAdmin();
    await addMembers(60, unique('d'));
    const response = await call('/api/admin/users', { cookie: admin.cookie });
    const users = await json<any[]>(response);
    expect(users).toHaveLength(50);
    expect(response.headers.get('X-Next-Cursor')).toBe(`${users[49].createdAt}_${users[49].id}`);
  });

  it('search finds a substring of name, username or email, in order, and matches a filter over every row', async () => {
    const admin = await signUpAdmin();
    const tag = unique('s');
    await addMembers(30, tag);
    const renamed = await signUp({ displayName: `Zed ${tag.toUpperCase()} Later` });
    for (const text of ['joanna', tag.slice(2, 9), '@example.c', tag.toUpperCase()]) {
      const { rows } = await walk('/api/admin/users', admin.cookie, `limit=4&search=${encodeURIComponent(text)}`);
      const all = await env.DB.prepare(
        'SELECT id, display_name, username, email FROM users ORDER BY created_at DESC, id DESC',
      ).all<any>();
      const expected = all.results
        .filter((u) =>
          [u.display_name, u.username, u.email].some((f: string) => f.toLowerCase().includes(text.toLowerCase())),
        )
        .map((u) => u.id);
      expect(rows.map((u) => u.id)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
    // The index follows edits and deletions.
    await env.DB.prepare('UPDATE users SET display_name = ? WHERE id = ?').bind('Quinn Elsewhere', renamed.id).run();
    expect((await walk('/api/admin/users', admin.cookie, `search=${encodeURIComponent(`Zed ${tag}`)}`)).rows).toEqual(
      [],
    );
    expect((await walk('/api/admin/users', admin.cookie, 'search=quinn elsew')).rows.map((u) => u.id)).toContain(
      renamed.id,
    );
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(renamed.id).run();
    expect((await walk('/api/admin/users', admin.cookie, 'search=quinn elsew')).rows.map((u) => u.id)).not.toContain(
      renamed.id,
    );
  });

  it('reads only the page: no table scan, no sort, rows read bounded by the limit', async () => {
    await addMembers(120, unique('p'));
    const first = await measure(adminUsersQuery(db, { limit: 10 }));
    expect(tableScans(first.plan)).toEqual([]);
    expect(first.plan.join('\n')).not.toContain('TEMP B-TREE');
    expect(first.rows).toBe(10);
    expect(first.rowsRead).toBeLessThanOrEqual(11);
    // From a cursor: the page, plus the rows that share the cursor's time but sort before it.
    const later: AdminPage = { limit: 10, before: { time: '2020-01-20T00:00:00.000Z', id: 1 } };
    const ties = await countOf("SELECT count(*) AS n FROM users WHERE created_at = '2020-01-20T00:00:00.000Z'");
    const next = await measure(adminUsersQuery(db, later));
    expect(tableScans(next.plan)).toEqual([]);
    expect(next.plan.join('\n')).not.toContain('TEMP B-TREE');
    expect(next.rows).toBe(10);
    expect(next.rowsRead).toBeLessThanOrEqual(11 + ties);
    // Search: the trigram matches drive, each user read by id.
    const search = await measure(adminUsersQuery(db, { limit: 10, search: 'joanna' }));
    expect(tableScans(search.plan)).toEqual([]);
    expect(search.plan.some((line) => /admin_users_fts VIRTUAL TABLE/.test(line))).toBe(true);
    expect(search.plan.some((line) => /SEARCH users USING INTEGER PRIMARY KEY/.test(line))).toBe(true);
  });
});

describe('admin listings tab: keyset pages', () => {
  it('pages put together are the old read of every listing of every status, with owners; totals from counters that follow changes', async () => {
    const [owner, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const made: number[] = [];
    for (let i = 0; i < 9; i++) made.push((await createListing(owner, { title: `Keyset lamp ${i}` })).id);
    await env.DB.prepare("UPDATE listings SET status = 'paused' WHERE id = ?").bind(made[2]).run();
    await env.DB.prepare(
      "UPDATE listings SET status = 'completed', created_at = '2021-05-05T00:00:00.000Z' WHERE id = ?",
    )
      .bind(made[3])
      .run();
    await env.DB.prepare("UPDATE listings SET created_at = '2021-05-05T00:00:00.000Z' WHERE id = ?")
      .bind(made[4])
      .run();

    const check = async () => {
      const { rows, response } = await walk('/api/admin/listings', admin.cookie, 'limit=4');
      const old = await env.DB.prepare(
        'SELECT l.id, l.status, u.username FROM listings l JOIN users u ON u.id = l.user_id ORDER BY l.created_at DESC, l.id DESC',
      ).all<any>();
      expect(rows.map((l) => [l.id, l.status, l.user.username])).toEqual(
        old.results.map((r) => [r.id, r.status, r.username]),
      );
      expect(Number(response.headers.get('X-Total-Count'))).toBe(await countOf('SELECT count(*) AS n FROM listings'));
      expect(Number(response.headers.get('X-Featured-Count'))).toBe(
        await countOf('SELECT count(*) AS n FROM listings WHERE is_featured = 1'),
      );
      return response;
    };
    await check();
    const featured = (
      await call(`/api/admin/listings/${made[0]}/featured`, { cookie: admin.cookie, body: { isFeatured: true } })
    ).status;
    expect(featured).toBe(200);
    await call(`/api/admin/listings/${made[1]}/featured`, { cookie: admin.cookie, body: { isFeatured: true } });
    await call(`/api/admin/listings/${made[1]}/featured`, { cookie: admin.cookie, body: { isFeatured: true } });
    expect(Number((await check()).headers.get('X-Featured-Count'))).toBeGreaterThanOrEqual(2);
    await call(`/api/listings/${made[0]}`, { method: 'DELETE', cookie: owner.cookie });
    await call(`/api/admin/listings/${made[1]}/featured`, { cookie: admin.cookie, body: { isFeatured: false } });
    await check();
    // An account's deletion takes its listings out of the counts too.
    await call(`/api/users/${owner.id}`, { method: 'DELETE', cookie: owner.cookie });
    await check();
    expect(await counter('listings')).toBe(await countOf('SELECT count(*) AS n FROM listings'));
  });

  it('search finds a substring of title, place, owner name or username, matching a filter over every row', async () => {
    const admin = await signUpAdmin();
    const tag = unique('o');
    const owner = await signUp({ displayName: `Owner ${tag}` });
    const other = await signUp();
    const a = await createListing(owner, { title: 'Cast iron pan' });
    const b = await createListing(other, { title: `Bread maker ${tag}` });
    const c = await createListing(other, { title: 'Violin lessons', location: 'Berkeley, CA' });
    await env.DB.prepare("UPDATE listings SET status = 'paused' WHERE id = ?").bind(c.id).run();
    for (const [text, must] of [
      [tag, [a.id, b.id]],
      ['iron p', [a.id]],
      ['berkel', [c.id]],
      [other.username.slice(1), [b.id, c.id]],
    ] as const) {
      const { rows } = await walk('/api/admin/listings', admin.cookie, `limit=2&search=${encodeURIComponent(text)}`);
      const all = await env.DB.prepare(
        'SELECT l.id, l.title, l.location, u.display_name, u.username FROM listings l JOIN users u ON u.id = l.user_id ORDER BY l.created_at DESC, l.id DESC',
      ).all<any>();
      const expected = all.results
        .filter((l) =>
          [l.title, l.location, l.display_name, l.username].some((f: string) =>
            f.toLowerCase().includes(text.toLowerCase()),
          ),
        )
        .map((l) => l.id);
      expect(rows.map((l) => l.id)).toEqual(expected);
      for (const id of must) expect(expected).toContain(id);
    }
    // Edits move a listing in and out of the index.
    await call(`/api/listings/${a.id}`, { method: 'PUT', cookie: owner.cookie, body: { title: 'Copper kettle' } });
    expect((await walk('/api/admin/listings', admin.cookie, 'search=iron p')).rows.map((l) => l.id)).not.toContain(
      a.id,
    );
    expect((await walk('/api/admin/listings', admin.cookie, 'search=copper kett')).rows.map((l) => l.id)).toContain(
      a.id,
    );
  });

  it('reads only the page: no table scan, no sort, rows read bounded by the limit', async () => {
    // Two owners: a member lists at most 20 new listings a day (decision 040).
    const owners = [await signUp(), await signUp()];
    for (let i = 0; i < 25; i++) await createListing(owners[i % 2]!, { title: `Plan lamp ${i}` });
    const first = await measure(adminListingsQuery(db, { limit: 10 }));
    expect(tableScans(first.plan)).toEqual([]);
    expect(first.plan.join('\n')).not.toContain('TEMP B-TREE');
    expect(first.rows).toBe(10);
    // Each listing and its owner: two rows per listing.
    expect(first.rowsRead).toBeLessThanOrEqual(22);
    const next = await measure(
      adminListingsQuery(db, { limit: 10, before: { time: '2999-01-01T00:00:00.000Z', id: 1 } }),
    );
    expect(tableScans(next.plan)).toEqual([]);
    expect(next.plan.join('\n')).not.toContain('TEMP B-TREE');
    expect(next.rowsRead).toBeLessThanOrEqual(22);
    const search = await measure(adminListingsQuery(db, { limit: 10, search: 'plan lamp' }));
    expect(tableScans(search.plan)).toEqual([]);
    expect(search.plan.some((line) => /admin_listings_fts/.test(line))).toBe(true);
    expect(search.plan.some((line) => /admin_users_fts/.test(line))).toBe(true);
  });
});

describe('admin list parameters', () => {
  it('answers 400 naming the parameter for a bad limit, cursor or search', async () => {
    const admin = await signUpAdmin();
    for (const path of ['/api/admin/users', '/api/admin/listings']) {
      for (const limit of ['0', '101', 'x', '-1', '1.5']) {
        const response = await call(`${path}?limit=${limit}`, { cookie: admin.cookie });
        expect(response.status).toBe(400);
        expect((await json(response)).errors.limit).toBe('limit must be a whole number from 1 to 100');
      }
      const cursor = await call(`${path}?before=yesterday`, { cookie: admin.cookie });
      expect(cursor.status).toBe(400);
      expect((await json(cursor)).errors.before).toContain('before must be a cursor');
      const short = await call(`${path}?search=ab`, { cookie: admin.cookie });
      expect(short.status).toBe(400);
      expect((await json(short)).errors.search).toBe('search must be 3 to 100 characters');
      // FTS5 syntax in the text is only text.
      expect(
        (await call(`${path}?search=${encodeURIComponent('" OR * NEAR(')}`, { cookie: admin.cookie })).status,
      ).toBe(200);
      expect((await call(`${path}?search=%20%20`, { cookie: admin.cookie })).status).toBe(200);
    }
  });
});

describe('admin email status: bounded reads', () => {
  it('the pending counter stays equal to count(*) through queueing, delivery, failure and deletion, and the read is three keyed lookups', async () => {
    // One address per row: a recipient gets at most 10 notices a day (decision 038).
    const insert = (lastError: string | null = null, priority = 1) =>
      env.DB.prepare(
        "INSERT INTO email_outbox (to_address, subject, text_body, html_body, priority, last_error) VALUES (?3, 's', 't', 'h', ?2, ?1)",
      ).bind(lastError, priority, `x-${crypto.randomUUID()}@example.com`);
    await env.DB.batch(Array.from({ length: 60 }, () => insert()));
    await insert('Provider said no').run();
    const pending = () => countOf("SELECT count(*) AS n FROM email_outbox WHERE status = 'pending'");
    const firstError = async () =>
      (
        await env.DB.prepare(
          "SELECT last_error FROM email_outbox NOT INDEXED WHERE status = 'pending' AND last_error IS NOT NULL ORDER BY priority, id LIMIT 1",
        ).first<{ last_error: string }>()
      )?.last_error ?? null;
    expect(await counter('email_pending')).toBe(await pending());
    await env.DB.prepare(
      "UPDATE email_outbox SET status = 'sent' WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' ORDER BY id LIMIT 5)",
    ).run();
    await env.DB.prepare(
      "UPDATE email_outbox SET status = 'failed' WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' ORDER BY id LIMIT 3)",
    ).run();
    await env.DB.prepare(
      "UPDATE email_outbox SET status = 'pending' WHERE id IN (SELECT id FROM email_outbox WHERE status = 'failed' ORDER BY id LIMIT 1)",
    ).run();
    await env.DB.prepare("UPDATE email_outbox SET status = 'sent' WHERE status = 'sent'").run();
    await env.DB.prepare(
      'DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox ORDER BY id LIMIT 4)',
    ).run();
    expect(await counter('email_pending')).toBe(await pending());

    // The statement outboxFigures runs, recorded, then measured: no walk of the pending rows.
    const prepared: string[] = [];
    const recording = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') return (query: string) => (prepared.push(query), target.prepare(query));
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const figures = await outboxFigures(recording, Date.now());
    expect(figures.pendingCount).toBe(await pending());
    expect(figures.lastError).toBe('Provider said no');
    expect(figures.lastError).toBe(await firstError());
    expect(prepared).toHaveLength(1);
    const sql = prepared[0]!;
    const rowsRead = async () => (await env.DB.prepare(sql).bind('2026-01-01').all()).meta.rows_read;
    const before = await rowsRead();
    expect(before).toBeLessThanOrEqual(8);
    // A longer backlog ahead of it in the queue (more urgent, never failed), and failed rows behind it, reads no more.
    await env.DB.batch([
      ...Array.from({ length: 100 }, () => insert(null, 0)),
      ...Array.from({ length: 20 }, () => insert('Later failure', 2)),
    ]);
    expect(await rowsRead()).toBe(before);
    expect((await outboxFigures(env.DB, Date.now())).lastError).toBe('Provider said no');
    // Sent, it is no longer the last error: the next failed row in queue order is.
    await env.DB.prepare("UPDATE email_outbox SET status = 'sent' WHERE last_error = 'Provider said no'").run();
    expect((await outboxFigures(env.DB, Date.now())).lastError).toBe('Later failure');
    expect((await outboxFigures(env.DB, Date.now())).lastError).toBe(await firstError());
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind('2026-01-01').all<{ detail: string }>()
    ).results.map((r) => r.detail);
    expect(plan.join('\n')).toContain('email_outbox_pending_error_idx');
    expect(tableScans(plan)).toEqual([]);
  });
});
