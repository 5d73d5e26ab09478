import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, json, signUp, signUpAdmin, type Member } from './helpers';

const save = (member: Member | null, body: unknown) => call('/api/stored-searches', { cookie: member?.cookie, body });

async function saved(member: Member, body: Record<string, unknown> = { query: 'bikes' }): Promise<any> {
  const response = await save(member, body);
  if (response.status !== 201) throw new Error(`save failed: ${response.status} ${await response.text()}`);
  return json(response);
}

describe('GET /api/users/:id/stored-searches', () => {
  it('lists the own saved searches, newest first', async () => {
    const member = await signUp();
    const first = await saved(member, { query: 'bikes' });
    const second = await saved(member, { category: 'tech' });
    const third = await saved(member, { query: 'piano lessons', category: 'education', notificationsEnabled: false });
    const response = await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie });
    expect(response.status).toBe(200);
    const rows = await json(response);
    expect(rows.map((r: any) => r.id)).toEqual([third.id, second.id, first.id]);
    expect(rows[0]).toMatchObject({
      userId: member.id,
      query: 'piano lessons',
      category: 'education',
      notificationsEnabled: false,
    });
  });

  it('is empty for a member without saved searches', async () => {
    const member = await signUp();
    expect(await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }))).toEqual([]);
  });

  it('is 401 for visitors and 403 for other members and admins', async () => {
    const member = await signUp();
    await saved(member);
    const other = await signUp();
    const admin = await signUpAdmin();
    const visitor = await call(`/api/users/${member.id}/stored-searches`);
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    expect((await call(`/api/users/${member.id}/stored-searches`, { cookie: other.cookie })).status).toBe(403);
    expect((await call(`/api/users/${member.id}/stored-searches`, { cookie: admin.cookie })).status).toBe(403);
  });
});

describe('POST /api/stored-searches', () => {
  it('saves a search for the session member with notifications on by default', async () => {
    const member = await signUp();
    const response = await save(member, { userId: member.id, query: '  mountain bike  ', category: 'goods' });
    expect(response.status).toBe(201);
    const row = await json(response);
    expect(row).toMatchObject({
      userId: member.id,
      query: 'mountain bike',
      category: 'goods',
      notificationsEnabled: true,
    });
    expect(typeof row.id).toBe('number');
    expect(typeof row.createdAt).toBe('string');
  });

  it('stores the category "all" (and a blank one) as any category', async () => {
    const member = await signUp();
    expect(await saved(member, { query: 'bikes', category: 'all' })).toMatchObject({ query: 'bikes', category: null });
    expect(await saved(member, { query: 'trikes', category: '' })).toMatchObject({ category: null });
    expect(await saved(member, { category: 'food', query: '' })).toMatchObject({ query: null, category: 'food' });
  });

  it('is 401 for visitors and 403 when the body names another member', async () => {
    const member = await signUp();
    const other = await signUp();
    const visitor = await save(null, { query: 'bikes' });
    expect(visitor.status).toBe(401);
    const impostor = await save(member, { userId: other.id, query: 'bikes' });
    expect(impostor.status).toBe(403);
    expect(await json(await call(`/api/users/${other.id}/stored-searches`, { cookie: other.cookie }))).toEqual([]);
    expect(await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }))).toEqual([]);
  });

  it.each([
    [{}, 'Please provide at least a query or category'],
    [{ query: '   ' }, 'Please provide at least a query or category'],
    [{ query: null, category: null }, 'Please provide at least a query or category'],
    [{ category: 'all' }, 'Please provide at least a query or category'],
    [{ query: '', category: 'all' }, 'Please provide at least a query or category'],
  ])('needs a query or a category: %o', async (body, message) => {
    const member = await signUp();
    const response = await save(member, body);
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.message).toBe(message);
    expect(reply.errors.query).toBe(message);
  });

  it.each([
    [{ query: 'q'.repeat(201) }, 'query', 'Query must be at most 200 characters'],
    [{ query: 42 }, 'query', 'Query must be text'],
    [{ category: 7 }, 'category', 'Category must be text'],
    [{ query: 'bikes', notificationsEnabled: 'yes' }, 'notificationsEnabled', 'Notifications must be true or false'],
    [{ query: 'bikes', userId: 'abc' }, 'userId', 'Invalid user id'],
    [{ category: 'spaceships' }, 'category', 'Please select a valid category'],
    [{ query: 'bikes', category: 'spaceships' }, 'category', 'Please select a valid category'],
  ])('refuses %o with the message', async (body, field, message) => {
    const member = await signUp();
    const response = await save(member, body);
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.message).toBe(message);
    expect(reply.errors[field]).toBe(message);
  });

  it('refuses the same search saved twice (text case aside, same category), with a clear message', async () => {
    const member = await signUp();
    const other = await signUp();
    const first = await saved(member, { query: 'Mountain bike', category: 'goods' });
    for (const again of [
      { query: 'Mountain bike', category: 'goods' },
      { query: '  mountain BIKE ', category: 'goods' },
    ]) {
      const response = await save(member, again);
      expect(response.status).toBe(409);
      expect(await json(response)).toMatchObject({ message: 'You have already saved this search' });
    }
    // "all" is stored as any category: the same as none.
    await saved(member, { query: 'kettle' });
    expect((await save(member, { query: 'kettle', category: 'all' })).status).toBe(409);
    await saved(member, { category: 'food' });
    expect((await save(member, { category: 'food', query: '  ' })).status).toBe(409);
    // Another category, another text, or another member: a search of its own.
    expect((await save(member, { query: 'Mountain bike' })).status).toBe(201);
    expect((await save(member, { query: 'Mountain bikes', category: 'goods' })).status).toBe(201);
    expect((await save(other, { query: 'Mountain bike', category: 'goods' })).status).toBe(201);
    const mine = await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }));
    expect(mine.filter((row: any) => row.id === first.id)).toHaveLength(1);
    expect(mine).toHaveLength(5);
    // Removed, it can be saved again.
    expect((await call(`/api/stored-searches/${first.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(
      200,
    );
    expect((await save(member, { query: 'mountain bike', category: 'goods' })).status).toBe(201);
  });

  it('says the limit, not a duplicate, when a member with 20 saves a new search', async () => {
    const member = await signUp();
    for (let i = 0; i < 20; i++) await saved(member, { query: `search ${i}` });
    expect((await save(member, { query: 'search 3' })).status).toBe(409);
    expect((await json(await save(member, { query: 'search 20' }))).message).toBe('You can save up to 20 searches');
  });

  it('allows at most 20 saved searches per member', async () => {
    const member = await signUp();
    const other = await signUp();
    for (let i = 0; i < 20; i++) await saved(member, { query: `search ${i}` });
    const response = await save(member, { query: 'one too many' });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('You can save up to 20 searches');
    expect(await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }))).toHaveLength(
      20,
    );
    // The limit is per member.
    expect((await save(other, { query: 'bikes' })).status).toBe(201);
  });
});

describe('PUT /api/stored-searches/:id', () => {
  it('lets the owner switch notifications off and on', async () => {
    const member = await signUp();
    const row = await saved(member);
    const off = await call(`/api/stored-searches/${row.id}`, {
      method: 'PUT',
      cookie: member.cookie,
      body: { notificationsEnabled: false },
    });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ id: row.id, query: 'bikes', notificationsEnabled: false });
    const on = await call(`/api/stored-searches/${row.id}`, {
      method: 'PUT',
      cookie: member.cookie,
      body: { notificationsEnabled: true },
    });
    expect((await json(on)).notificationsEnabled).toBe(true);
  });

  it('needs notificationsEnabled as a boolean', async () => {
    const member = await signUp();
    const row = await saved(member);
    const response = await call(`/api/stored-searches/${row.id}`, {
      method: 'PUT',
      cookie: member.cookie,
      body: { notificationsEnabled: 'no' },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors.notificationsEnabled).toBe('Notifications must be true or false');
  });

  it('needs one of the settings: an empty body is refused', async () => {
    const member = await signUp();
    const row = await saved(member);
    const response = await call(`/api/stored-searches/${row.id}`, { method: 'PUT', cookie: member.cookie, body: {} });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('Please provide notificationsEnabled or frequency');
  });

  it('saves a search as daily, and lets the owner choose immediate, weekly or daily (alone or with the alerts switch)', async () => {
    const member = await signUp();
    const row = await saved(member);
    expect(row.frequency).toBe('daily');
    const put = (body: unknown) =>
      call(`/api/stored-searches/${row.id}`, { method: 'PUT', cookie: member.cookie, body });
    const weekly = await put({ frequency: 'weekly' });
    expect(weekly.status).toBe(200);
    expect(await json(weekly)).toMatchObject({ id: row.id, frequency: 'weekly', notificationsEnabled: true });
    expect(await json(await put({ frequency: 'immediate', notificationsEnabled: false }))).toMatchObject({
      frequency: 'immediate',
      notificationsEnabled: false,
    });
    // Switching the alerts leaves the frequency as it is.
    expect((await json(await put({ notificationsEnabled: true }))).frequency).toBe('immediate');
    expect((await json(await put({ frequency: 'daily' }))).frequency).toBe('daily');
    const list = await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }));
    expect(list.map((s: any) => [s.id, s.frequency])).toEqual([[row.id, 'daily']]);
  });

  it.each([['hourly'], ['DAILY'], [' daily'], [''], [42], [null], [true], [['daily']], [{ daily: true }]])(
    'refuses the frequency %j with the message and changes nothing',
    async (frequency) => {
      const member = await signUp();
      const row = await saved(member);
      const response = await call(`/api/stored-searches/${row.id}`, {
        method: 'PUT',
        cookie: member.cookie,
        body: { frequency, notificationsEnabled: false },
      });
      expect(response.status).toBe(400);
      expect((await json(response)).errors.frequency).toBe('Frequency must be immediate, daily or weekly');
      const stored = await env.DB.prepare(
        'SELECT digest_frequency AS f, notifications_enabled AS n FROM stored_searches WHERE id = ?',
      )
        .bind(row.id)
        .first<any>();
      expect(stored).toEqual({ f: 'daily', n: 1 });
    },
  );

  it('is 401 for visitors, 403 for other members and admins, 404 when missing', async () => {
    const member = await signUp();
    const other = await signUp();
    const admin = await signUpAdmin();
    const row = await saved(member);
    const body = { notificationsEnabled: false };
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'PUT', body })).status).toBe(401);
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'PUT', cookie: other.cookie, body })).status).toBe(
      403,
    );
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'PUT', cookie: admin.cookie, body })).status).toBe(
      403,
    );
    const missing = await call('/api/stored-searches/999999999', { method: 'PUT', cookie: member.cookie, body });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Saved search not found', code: expect.any(String) });
    const stored = await env.DB.prepare('SELECT notifications_enabled FROM stored_searches WHERE id = ?')
      .bind(row.id)
      .first<any>();
    expect(stored.notifications_enabled).toBe(1);
  });

  it("does not let another member or an admin change a search's frequency", async () => {
    const member = await signUp();
    const other = await signUp();
    const admin = await signUpAdmin();
    const row = await saved(member);
    const body = { frequency: 'immediate' };
    for (const cookie of [other.cookie, admin.cookie]) {
      const response = await call(`/api/stored-searches/${row.id}`, { method: 'PUT', cookie, body });
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({
        message: 'You can only manage your own saved searches',
        code: expect.any(String),
      });
    }
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'PUT', body })).status).toBe(401);
    const stored = await env.DB.prepare('SELECT digest_frequency AS f FROM stored_searches WHERE id = ?')
      .bind(row.id)
      .first<any>();
    expect(stored.f).toBe('daily');
  });
});

describe('DELETE /api/stored-searches/:id', () => {
  it('lets the owner remove a saved search', async () => {
    const member = await signUp();
    const kept = await saved(member, { query: 'kept' });
    const row = await saved(member, { query: 'removed' });
    const response = await call(`/api/stored-searches/${row.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Search removed' });
    const rows = await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }));
    expect(rows.map((r: any) => r.id)).toEqual([kept.id]);
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(
      404,
    );
  });

  it("clears the search's alert entry from the bell with it, so a search saved later under the same id starts afresh", async () => {
    const member = await signUp();
    const row = await saved(member, { query: 'lamps' });
    // An unread alert of the search (as the alerts job writes it) and one of another subject.
    for (const subject of [`search:${row.id}`, 'barter:1']) {
      await env.DB.prepare(
        `INSERT INTO notifications (user_id, kind, subject_key, text, link, count) VALUES (?1, 'saved_search', ?2, 'New listings match', '/browse?q=lamps', 3)`,
      )
        .bind(member.id, subject)
        .run();
    }
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(
      200,
    );
    const left = await env.DB.prepare('SELECT subject_key FROM notifications WHERE user_id = ?1')
      .bind(member.id)
      .all<{ subject_key: string }>();
    expect(left.results.map((r) => r.subject_key)).toEqual(['barter:1']);
  });

  it('is 401 for visitors, 403 for other members and admins', async () => {
    const member = await signUp();
    const other = await signUp();
    const admin = await signUpAdmin();
    const row = await saved(member);
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(403);
    expect((await call(`/api/stored-searches/${row.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(403);
    expect(await json(await call(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie }))).toHaveLength(
      1,
    );
  });
});
