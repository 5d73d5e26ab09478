// Reads that check the viewer in their own batch (decision 033: viewer('sql'), db/queries/session-gate.ts):
// a thread read with a void session answers 401 first, as the session middleware would, and its
// batch writes nothing (no read marks) and returns nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, insertListing, json, signUp, signUpAdmin, type Member } from './helpers';

async function sent(from: Member, to: Member, listingId: number, content: string) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status).toBe(201);
}

const unreadFor = async (userId: number, listingId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM messages WHERE receiver_id = ? AND listing_id = ? AND read = 0')
    .bind(userId, listingId)
    .first<{ n: number }>())!.n;

describe('a thread read with the session checked in its batch', () => {
  it('answers 401 for a voided session, marks nothing read and returns no message', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await sent(member, owner, listingId, 'Private one');
    await sent(member, owner, listingId, 'Private two');
    // "Sign out everywhere" / a password change: sessions created before this instant are void.
    await env.DB.prepare('UPDATE users SET sessions_valid_after = ? WHERE id = ?')
      .bind(Date.now() + 60_000, owner.id)
      .run();

    for (const query of ['', '?limit=100']) {
      const response = await call(`/api/conversations/${owner.id}/${member.id}/${listingId}${query}`, {
        cookie: owner.cookie,
      });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    }
    expect(await unreadFor(owner.id, listingId)).toBe(2);
    const summary = await env.DB.prepare(
      'SELECT a_unread_count + b_unread_count AS n FROM conversations WHERE listing_id = ?',
    )
      .bind(listingId)
      .first<{ n: number }>();
    expect(summary!.n).toBe(2);
  });

  it('answers 401 before any 403, 404 or 400 when the session is void', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await env.DB.prepare('UPDATE users SET sessions_valid_after = ? WHERE id = ?')
      .bind(Date.now() + 60_000, owner.id)
      .run();
    for (const path of [
      `/api/conversations/${other.id}/${member.id}/${listingId}`,
      `/api/conversations/${owner.id}/${member.id}/999999999`,
      `/api/conversations/${owner.id}/999999999/${listingId}`,
      `/api/conversations/${owner.id}/${member.id}/${listingId}?limit=0`,
    ]) {
      expect((await call(path, { cookie: owner.cookie })).status, path).toBe(401);
    }
    // With a valid session the same paths answer as the contract says.
    expect(
      (await call(`/api/conversations/${member.id}/${owner.id}/${listingId}`, { cookie: other.cookie })).status,
    ).toBe(403);
    expect(
      (await call(`/api/conversations/${member.id}/${owner.id}/999999999`, { cookie: member.cookie })).status,
    ).toBe(404);
    expect(
      (await call(`/api/conversations/${member.id}/${owner.id}/${listingId}?limit=0`, { cookie: member.cookie }))
        .status,
    ).toBe(400);
  });

  it('answers 401 once the member is gone, and 401 for a visitor', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await sent(owner, member, listingId, 'Hello');
    expect((await call(`/api/conversations/${member.id}/${owner.id}/${listingId}`)).status).toBe(401);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(member.id).run();
    expect(
      (await call(`/api/conversations/${member.id}/${owner.id}/${listingId}`, { cookie: member.cookie })).status,
    ).toBe(401);
  });

  it('reads and marks read as before with a valid session', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await sent(member, owner, listingId, 'Still there?');
    const thread = await json<any[]>(
      await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie }),
    );
    expect(thread.map((m) => [m.content, m.read])).toEqual([['Still there?', true]]);
    expect(await unreadFor(owner.id, listingId)).toBe(0);
  });
});

describe('the admin listings tab with the admin checked in its batch', () => {
  it('answers 401 for visitors and void sessions, 403 for members and demoted admins, before any 400', async () => {
    const [admin, member] = await Promise.all([signUpAdmin(), signUp()]);
    const page = await call('/api/admin/listings?limit=5', { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('X-Total-Count')).toMatch(/^[0-9]+$/);
    expect((await json<any[]>(page)).length).toBeLessThanOrEqual(5);
    expect((await call('/api/admin/listings?limit=0', { cookie: admin.cookie })).status).toBe(400);

    expect((await call('/api/admin/listings')).status).toBe(401);
    for (const query of ['', '?limit=0']) {
      const refused = await call(`/api/admin/listings${query}`, { cookie: member.cookie });
      expect(refused.status).toBe(403);
      expect(await json(refused)).toEqual({ message: 'Admin access required', code: 'admin_required' });
    }
    await env.DB.prepare('UPDATE users SET is_admin = 0 WHERE id = ?').bind(admin.id).run();
    expect((await call('/api/admin/listings', { cookie: admin.cookie })).status).toBe(403);
    await env.DB.prepare('UPDATE users SET is_admin = 1, sessions_valid_after = ? WHERE id = ?')
      .bind(Date.now() + 60_000, admin.id)
      .run();
    for (const query of ['', '?limit=0'])
      expect((await call(`/api/admin/listings${query}`, { cookie: admin.cookie })).status).toBe(401);
  });
});
