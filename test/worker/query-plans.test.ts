// "An index for every query the API makes": every SQL statement the routes run during a tour of
// the API is recorded, then EXPLAIN QUERY PLAN must show no full scan of a table.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '@worker/app';
import { createDb } from '@worker/db/client';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { conversationListQuery, markReadStatement, threadQuery } from '@worker/db/queries/messages';
import { randomIp, unique } from './helpers';

// Tables small and bounded by design: six categories.
const SMALL_TABLES = new Set(['categories']);

/** D1 wants every parameter bound, even for EXPLAIN; the plan does not depend on the values. */
function parameterCount(sql: string): number {
  const code = sql.replace(/'(?:[^']|'')*'/g, "''");
  const numbered = [...code.matchAll(/\?(\d+)/g)].map((m) => Number(m[1]));
  return numbered.length ? Math.max(...numbered) : (code.match(/\?/g) ?? []).length;
}

function recordingEnv(statements: Set<string>): Env {
  const db = env.DB;
  const wrapped = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (query: string) => {
          statements.add(query);
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...env, DB: wrapped };
}

async function tour(testEnv: Env) {
  const ip = randomIp();
  let cookie = '';
  const request = async (path: string, init: { method?: string; body?: unknown; as?: string } = {}) => {
    const headers: Record<string, string> = { 'CF-Connecting-IP': ip };
    const who = init.as ?? cookie;
    if (who) headers.Cookie = who;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(`http://localhost${path}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers,
        body: init.body ? JSON.stringify(init.body) : undefined,
      }),
      testEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  };
  const register = async () => {
    const username = unique('plan');
    const response = await request('/api/auth/register', {
      body: { username, password: 'password123', email: `${username}@example.com`, displayName: 'Plan Member' },
    });
    const user = (await response.json()) as { id: number };
    return { id: user.id, username, cookie: /sid=[^;]+/.exec(response.headers.get('Set-Cookie') ?? '')![0] };
  };
  const owner = await register();
  const other = await register();
  const stranger = await register();
  await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(owner.id).run();
  cookie = owner.cookie;
  // A block (docs/api/blocks.md): every read below runs with the owner in one.
  await request(`/api/blocks/${stranger.id}`, { method: 'PUT' });
  await request('/api/blocks');

  await request('/api/auth/login', { body: { username: owner.username, password: 'password123' } });
  await request('/api/auth/login', { body: { username: owner.username, password: 'wrong-password' } });
  const created = await request('/api/listings', {
    body: {
      title: 'Query plan bookshelf',
      description: 'A listing made to exercise every query.',
      categoriesOffered: ['home'],
      whatUserWants: 'Anything nice',
      location: 'Oakland, CA',
      distance: 10,
    },
  });
  const listingId = ((await created.json()) as { id: number }).id;
  const reads = [
    '/api/auth/current-user',
    '/api/categories',
    '/api/listings',
    '/api/listings?search=bookshelf',
    '/api/listings?category=home',
    '/api/listings?search=shelf&category=home&limit=9&offset=9',
    '/api/listings?distance=25&lat=37.8&lng=-122.27',
    '/api/listings?search=shelf&distance=5&lat=37.8&lng=-122.27',
    '/api/listings/featured',
    `/api/listings/${listingId}`,
    `/api/listings/${listingId}/reviews`,
    `/api/listings/${listingId}/barters`,
    `/api/users/${owner.id}`,
    `/api/users/username/${owner.username}`,
    `/api/users/${owner.id}/listings`,
    `/api/users/${owner.id}/reviews`,
    `/api/users/${owner.id}/barters/count`,
    `/api/users/${owner.id}/messages`,
    `/api/users/${owner.id}/stored-searches`,
    '/api/conversations',
    `/api/conversations/${owner.id}/${other.id}/${listingId}`,
    '/api/barters/count',
    '/api/users/count',
    '/api/skills/count',
    '/api/analytics/activity',
    '/api/analytics/dashboard',
    '/api/testimonials',
    '/api/events',
    '/api/admin/users',
    '/api/admin/listings',
    '/api/wants',
    '/api/matches',
    `/api/users/${stranger.id}/listings`,
  ];
  for (const path of reads) await request(path);

  await request('/api/messages', {
    as: other.cookie,
    body: { senderId: other.id, receiverId: owner.id, listingId, content: 'Is this still available?' },
  });
  await request(`/api/conversations/${owner.id}/${other.id}/${listingId}`);
  const barter = await request('/api/barters', {
    as: other.cookie,
    body: { listingId, initiatorId: other.id, recipientId: owner.id, status: 'pending' },
  });
  const barterId = ((await barter.json()) as { id: number }).id;
  await request(`/api/barters/${barterId}`);
  await request(`/api/barters/${barterId}/complete`, { method: 'PATCH' });
  await request('/api/reviews', {
    body: {
      reviewerId: owner.id,
      userId: other.id,
      listingId,
      barterId,
      rating: 5,
      comment: 'A smooth and friendly exchange.',
    },
  });
  // Offers (docs/api/offers.md): made with a listing, read, countered, accepted; another declined.
  const listingBody = (title: string) => ({
    title,
    description: 'A listing made to exercise every query.',
    categoriesOffered: ['home'],
    whatUserWants: 'Anything nice',
    acceptOffers: true,
    location: 'Oakland, CA',
    distance: 10,
  });
  const idOf = async (response: Response) => ((await response.json()) as { id: number }).id;
  const lampId = await idOf(await request('/api/listings', { body: listingBody('Query plan lamp') }));
  const stoolId = await idOf(await request('/api/listings', { body: listingBody('Query plan stool') }));
  const giftId = await idOf(
    await request('/api/listings', { as: other.cookie, body: listingBody('Query plan kettle') }),
  );
  const offerId = await idOf(
    await request('/api/offers', {
      as: other.cookie,
      body: { listingId: lampId, givenListingIds: [giftId], text: 'Some help', message: 'Hello' },
    }),
  );
  await request(`/api/conversations/${lampId}-${Math.min(owner.id, other.id)}-${Math.max(owner.id, other.id)}`);
  await request(`/api/offers/${offerId}`);
  const counterId = await idOf(
    await request(`/api/offers/${offerId}/counter`, { body: { givenListingIds: [giftId] } }),
  );
  await request(`/api/offers/${counterId}/accept`, { as: other.cookie, body: {} });
  const declinedId = await idOf(
    await request('/api/offers', { as: other.cookie, body: { listingId: stoolId, text: 'Apples' } }),
  );
  await request(`/api/offers/${declinedId}/decline`, { body: {} });

  await request('/api/notifications');
  await request('/api/notifications/read', { body: { ids: [1, 2] } });
  await request('/api/notifications/read', { body: {} });
  await request('/api/stored-searches', { body: { userId: owner.id, query: 'bookshelf', category: 'home' } });
  await request(`/api/users/${owner.id}`, { method: 'PATCH', body: { bio: 'Plans queries.' } });
  await request('/api/contact', {
    body: {
      name: 'Plan Tester',
      email: 'plan@example.com',
      subject: 'Query plans',
      message: 'Checking every query uses an index.',
    },
  });
  await request(`/api/admin/listings/${listingId}/featured`, { body: { isFeatured: true } });
  await request(`/api/admin/users/${other.id}/make-admin`, { method: 'POST' });
  await request('/api/objects/upload', { method: 'POST' });
  await request('/api/auth/resend-verification', { method: 'POST' });
  await request('/api/auth/forgot-password', { body: { email: `${owner.username}@example.com` } });
  await request(`/api/wants/${giftId}`, { method: 'PUT' });
  await request(`/api/blocks/${stranger.id}`, { method: 'DELETE' });
  await request(`/api/listings/${listingId}`, { method: 'PUT', body: { status: 'paused' } });
  await request(`/api/listings/${listingId}`, { method: 'DELETE' });
  await request(`/api/users/${other.id}`, { method: 'DELETE', as: other.cookie });
}

describe('query plans', () => {
  it('no statement the API runs scans a whole table', async () => {
    const statements = new Set<string>();
    await tour(recordingEnv(statements));
    expect(statements.size).toBeGreaterThan(30);
    const scans: string[] = [];
    for (const sql of statements) {
      if (!/^\s*(select|update|delete|insert|with)/i.test(sql)) continue;
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...Array.from({ length: parameterCount(sql) }, () => 1))
        .all<{ detail: string }>();
      // A subquery in FROM (a co-routine or materialised) is the statement's own rows: its plan's
      // lines are checked like the rest, so walking what it yields is no table scan.
      const derived = new Set(
        plan.results.map((r) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(r.detail)?.[1]).filter(Boolean),
      );
      for (const { detail } of plan.results) {
        const match = /^SCAN (\w+)(.*)$/.exec(detail);
        if (!match) continue;
        const [, table, rest] = match;
        if (derived.has(table)) continue;
        // "SCAN t USING (COVERING) INDEX" walks an index (ordered lists, counts); a bare SCAN reads the table.
        if (SMALL_TABLES.has(table!) || /USING (COVERING )?INDEX|VIRTUAL TABLE/.test(rest!)) continue;
        if (table === 'CONSTANT' || detail.startsWith('SCAN CONSTANT')) continue;
        scans.push(`${detail}  ←  ${sql.replace(/\s+/g, ' ').slice(0, 200)}`);
      }
    }
    expect(scans).toEqual([]);
  });

  // Decision 029 (rows written): indexes every write pays for were dropped or made partial; these
  // pin that the queries they served keep an index range, not a walk of a whole index.
  const plan = async (sql: string, params: unknown[]) =>
    (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);

  it('marking read walks one direction of a conversation, keyed on the reader’s side of its row', async () => {
    const db = createDb(env.DB);
    for (const upTo of [undefined, 40]) {
      const { sql, params } = markReadStatement(db, 1, 2, 3, upTo).toSQL();
      const detail = await plan(sql, params);
      // Newest first down the direction's range, stopping at the unread count (decision 049): no sort.
      expect(detail).toContain(
        'SEARCH m USING INDEX messages_listing_pair_idx (listing_id=? AND sender_id=? AND receiver_id=?)',
      );
      expect(detail).toContain('SEARCH messages USING INTEGER PRIMARY KEY (rowid=?)');
      expect(detail.join('\n')).not.toMatch(/TEMP B-TREE|SCAN/);
      expect(detail).toContain('SEARCH conversations USING PRIMARY KEY (listing_id=? AND a_id=? AND b_id=?)');
    }
  });

  it('a thread merges its two directions in index order, with no sort', async () => {
    const db = createDb(env.DB);
    for (const page of [
      undefined,
      { limit: 100 },
      { limit: 100, before: { time: '2026-01-01T00:00:00.000Z', id: 9 } },
    ]) {
      const { sql, params } = threadQuery(db, 1, 2, 3, page).toSQL();
      const detail = (await plan(sql, params)).join('\n');
      expect(
        detail.match(
          /SEARCH messages USING INDEX messages_listing_pair_idx \(listing_id=\? AND sender_id=\? AND receiver_id=\?/g,
        ),
      ).toHaveLength(2);
      expect(detail).toContain('MERGE (UNION ALL)');
      expect(detail).not.toMatch(/TEMP B-TREE|SCAN messages/);
    }
  });

  it('the conversation list merges two index walks, with no sort and no scan (decision 032)', async () => {
    for (const page of [{ limit: 30 }, { limit: 30, before: { time: '2026-01-01T00:00:00.000Z', id: 9 } }]) {
      const { sql, params } = new SQLiteAsyncDialect().sqlToQuery(conversationListQuery(7, page));
      const detail = (await plan(sql, params)).join('\n');
      expect(detail).toContain('SEARCH conversations USING INDEX conversations_a_recent_idx (a_id=?');
      expect(detail).toContain('SEARCH conversations USING INDEX conversations_b_recent_idx (b_id=?');
      expect(detail).not.toMatch(/TEMP B-TREE|SCAN (conversation|users|listings)/);
    }
  });

  it('the bell counts and settles unread entries on the partial unread index', async () => {
    for (const sql of [
      'SELECT count(*) FROM notifications WHERE user_id = ?1 AND read_at IS NULL',
      'UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL',
    ]) {
      expect(await plan(sql, [1, 'x'].slice(0, sql.includes('?2') ? 2 : 1))).toEqual([
        'SEARCH notifications USING INDEX notifications_user_unread_idx (user_id=?)',
      ]);
    }
  });

  it('deleting an account or a listing finds the rows its cascades delete by index', async () => {
    // What SQLite runs for each ON DELETE CASCADE of users and listings on these tables. Without
    // an index on the child column, each would read the whole table (decision 029: kept).
    const cascades: Array<[string, string]> = [
      ['DELETE FROM messages WHERE sender_id = ?1', 'messages_sender_idx'],
      ['DELETE FROM messages WHERE receiver_id = ?1', 'messages_receiver_idx'],
      ['DELETE FROM messages WHERE listing_id = ?1', 'messages_listing_pair_idx'],
      ['DELETE FROM conversations WHERE a_id = ?1', 'conversations_a_recent_idx'],
      ['DELETE FROM conversations WHERE b_id = ?1', 'conversations_b_recent_idx'],
      ['DELETE FROM conversations WHERE listing_id = ?1', 'PRIMARY KEY'],
      ['DELETE FROM notifications WHERE user_id = ?1', 'notifications_user_'],
    ];
    for (const [sql, index] of cascades) {
      const [detail] = await plan(sql, [1]);
      expect(detail, sql).toMatch(new RegExp(`^SEARCH \\w+ USING (COVERING )?(INDEX )?${index}`));
    }
  });
});
