// PUT/DELETE/GET /api/blocks (docs/api/blocks.md): each route for a visitor, a member, the member
// blocked and the hostile cases (blocking yourself, an unknown member, bad ids, the cap), and what
// a block costs: one D1 round trip for the block itself, after the session's.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BLOCKS_PER_HOUR, MAX_BLOCKS } from '@/shared/constants';
import { rateLimitKey } from '@worker/lib/rate-limit';
import { call, json, signUp, signUpAdmin } from './helpers';
import { block, metered, unblock } from './blocks-helpers';

const put = (cookie: string | undefined, id: number | string) => call(`/api/blocks/${id}`, { method: 'PUT', cookie });
const del = (cookie: string | undefined, id: number | string) =>
  call(`/api/blocks/${id}`, { method: 'DELETE', cookie });
const rowsOf = async (blockerId: number) =>
  (
    await env.DB.prepare('SELECT blocked_id FROM blocks WHERE blocker_id = ? ORDER BY blocked_id')
      .bind(blockerId)
      .all<{ blocked_id: number }>()
  ).results.map((r) => r.blocked_id);

describe('PUT /api/blocks/{userId}', () => {
  it('blocks a member and answers the block with their summary; a repeat changes nothing', async () => {
    const [me, them] = await Promise.all([signUp(), signUp({ displayName: 'Pat Blocked' })]);
    const first = await put(me.cookie, them.id);
    expect(first.status).toBe(200);
    const body = await json(first);
    expect(body).toEqual({
      user: { id: them.id, username: them.username, displayName: 'Pat Blocked', avatarUrl: null },
      createdAt: expect.any(String),
    });
    const again = await put(me.cookie, them.id);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(body);
    expect(await rowsOf(me.id)).toEqual([them.id]);
    // The other member's own blocks are untouched: blocking goes one way, its effect both ways.
    expect(await rowsOf(them.id)).toEqual([]);
  });

  it('answers 401 for a visitor and writes nothing', async () => {
    const them = await signUp();
    const response = await put(undefined, them.id);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM blocks WHERE blocked_id = ?')
        .bind(them.id)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });

  it('refuses blocking yourself with 400 and the message', async () => {
    const me = await signUp();
    const response = await put(me.cookie, me.id);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'You cannot block yourself', code: expect.any(String) });
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('answers 404 for an unknown member and for ids that are not ids', async () => {
    const me = await signUp();
    for (const id of ['999999999', '0', 'abc', '-3', '1.5', '1e3', '12345678901234567890']) {
      const response = await put(me.cookie, id);
      expect(response.status, id).toBe(404);
      expect(await json(response)).toEqual({ message: 'User not found', code: 'user_not_found' });
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('lets both members block each other (two rows), and each lifts only their own', async () => {
    const [a, b] = await Promise.all([signUp(), signUp()]);
    await block(a, b);
    await block(b, a);
    expect(await rowsOf(a.id)).toEqual([b.id]);
    expect(await rowsOf(b.id)).toEqual([a.id]);
    await unblock(a, b);
    expect(await rowsOf(a.id)).toEqual([]);
    expect(await rowsOf(b.id)).toEqual([a.id]);
  });

  it(`holds at most ${MAX_BLOCKS} blocks per member: past it 400, and a repeat of an existing one still answers it`, async () => {
    const [me, last, extra] = await Promise.all([signUp(), signUp(), signUp()]);
    // MAX_BLOCKS - 1 other members blocked directly (through the API it would take minutes).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO users (username, password, display_name, email) SELECT 'capfill' || ?1 || '_' || i, 'x', 'Cap', 'capfill' || ?1 || '_' || i || '@example.com' FROM n`,
    )
      .bind(me.id, MAX_BLOCKS - 1)
      .run();
    await env.DB.prepare(
      `INSERT INTO blocks (blocker_id, blocked_id) SELECT ?1, id FROM users WHERE username LIKE 'capfill' || ?1 || '\\_%' ESCAPE '\\'`,
    )
      .bind(me.id)
      .run();
    expect((await rowsOf(me.id)).length).toBe(MAX_BLOCKS - 1);
    expect((await put(me.cookie, last.id)).status).toBe(200);
    const over = await put(me.cookie, extra.id);
    expect(over.status).toBe(400);
    expect(await json(over)).toEqual({
      message: `You can block at most ${MAX_BLOCKS} members. Unblock someone to block another.`,
      code: expect.any(String),
    });
    expect((await rowsOf(me.id)).length).toBe(MAX_BLOCKS);
    expect(await rowsOf(me.id)).not.toContain(extra.id);
    expect((await put(me.cookie, last.id)).status).toBe(200);
    // Lifting one makes room again.
    await unblock(me, last);
    expect((await put(me.cookie, extra.id)).status).toBe(200);
  });

  it(`makes at most ${BLOCKS_PER_HOUR} blocks an hour: past it 429 with Retry-After, and the block is not made`, async () => {
    const [me, them] = await Promise.all([signUp(), signUp()]);
    // The hour's blocks already used (making them through the API would need as many members).
    const key = await rateLimitKey('blocksPerMember', `user:${me.id}`);
    await env.DB.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, ?2, ?3)')
      .bind(key, BLOCKS_PER_HOUR, Date.now() + 3_600_000)
      .run();
    const over = await put(me.cookie, them.id);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await rowsOf(me.id)).toEqual([]);
    // Lifting a block is never limited.
    expect((await del(me.cookie, them.id)).status).toBe(204);
  });

  it('lets a member block an admin and an admin block a member, like anyone else', async () => {
    const [admin, member] = await Promise.all([signUpAdmin(), signUp()]);
    expect((await put(member.cookie, admin.id)).status).toBe(200);
    expect((await put(admin.cookie, member.id)).status).toBe(200);
  });

  it('costs one D1 round trip after the session: the block, its side effects and its read-back in one batch', async () => {
    const [me, them] = await Promise.all([signUp(), signUp()]);
    const { response, counts } = await metered('PUT', `/api/blocks/${them.id}`, me);
    expect(response.status).toBe(200);
    // The session's user row, then the block's batch.
    expect(counts.d1Queries).toBe(2);
    // The rate limit's hit is two statements: its counter, and the counter read back (decision 040).
    expect(counts.d1Statements).toBeLessThanOrEqual(9);
    // A block row with its index entry, and the rate limit's row.
    expect(counts.d1RowsWritten).toBeLessThanOrEqual(4);
    expect(counts.kvWrites).toBe(0);
    const lifted = await metered('DELETE', `/api/blocks/${them.id}`, me);
    expect(lifted.response.status).toBe(204);
    expect(lifted.counts.d1Queries).toBe(2);
    expect(lifted.counts.d1Statements).toBe(2);
  });
});

describe('DELETE /api/blocks/{userId}', () => {
  it('lifts the block with 204, and answers 204 when there was none or the member is unknown', async () => {
    const [me, them, stranger] = await Promise.all([signUp(), signUp(), signUp()]);
    await block(me, them);
    const response = await del(me.cookie, them.id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await rowsOf(me.id)).toEqual([]);
    expect((await del(me.cookie, them.id)).status).toBe(204);
    expect((await del(me.cookie, stranger.id)).status).toBe(204);
    expect((await del(me.cookie, 999999999)).status).toBe(204);
    expect((await del(me.cookie, me.id)).status).toBe(204);
  });

  it('answers 401 for a visitor, and the blocked member cannot lift a block made against them', async () => {
    const [me, them] = await Promise.all([signUp(), signUp()]);
    await block(me, them);
    expect((await del(undefined, them.id)).status).toBe(401);
    expect((await del(them.cookie, me.id)).status).toBe(204);
    expect(await rowsOf(me.id)).toEqual([them.id]);
  });

  it('answers 404 for a path id that is not an id', async () => {
    const me = await signUp();
    expect((await del(me.cookie, 'abc')).status).toBe(404);
  });
});

describe('GET /api/blocks', () => {
  it("lists the caller's blocks newest first, and never the blocks made against them", async () => {
    const [me, first, second, blocker] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    await block(me, first);
    await env.DB.prepare(
      `UPDATE blocks SET created_at = '2020-01-01T00:00:00.000Z' WHERE blocker_id = ? AND blocked_id = ?`,
    )
      .bind(me.id, first.id)
      .run();
    await block(me, second);
    await block(blocker, me);
    const response = await call('/api/blocks', { cookie: me.cookie });
    expect(response.status).toBe(200);
    const list = await json<any[]>(response);
    expect(list.map((b) => b.user.id)).toEqual([second.id, first.id]);
    expect(list[1]).toEqual({
      user: { id: first.id, username: first.username, displayName: first.user.displayName, avatarUrl: null },
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    // The member blocked sees nothing of it in their own list.
    expect(await json(await call('/api/blocks', { cookie: first.cookie }))).toEqual([]);
    expect(await json(await call('/api/blocks', { cookie: blocker.cookie }))).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: me.id }) }),
    ]);
  });

  it('answers 401 for a visitor', async () => {
    expect((await call('/api/blocks')).status).toBe(401);
  });

  it('drops the block when either account is deleted', async () => {
    const [me, them] = await Promise.all([signUp(), signUp()]);
    await block(me, them);
    const deleted = await call(`/api/users/${them.id}`, { method: 'DELETE', cookie: them.cookie });
    expect(deleted.status).toBeLessThan(300);
    expect(await json(await call('/api/blocks', { cookie: me.cookie }))).toEqual([]);
  });
});
