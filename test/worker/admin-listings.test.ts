import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createListing, json, signUp, signUpAdmin } from './helpers';

describe('GET /api/admin/listings', () => {
  it('shows admins every listing of every status, newest first, with its owner', async () => {
    const [owner, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const ids: number[] = [];
    for (const status of ['active', 'pending', 'paused', 'completed']) {
      const listing = await createListing(owner, { title: `Admin view ${status}` });
      await env.DB.prepare('UPDATE listings SET status = ? WHERE id = ?').bind(status, listing.id).run();
      ids.push(listing.id);
    }
    const response = await call('/api/admin/listings', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const listings = await json<any[]>(response);
    const mine = listings.filter((l) => l.userId === owner.id);
    expect(mine.map((l) => l.id)).toEqual([...ids].reverse());
    expect(mine.map((l) => l.status)).toEqual(['completed', 'paused', 'pending', 'active']);
    expect(mine[0].user).toEqual({
      id: owner.id,
      username: owner.username,
      displayName: owner.user.displayName,
      avatarUrl: null,
    });
    const order = listings.map((l) => `${l.createdAt}#${String(l.id).padStart(12, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('answers 401 for a visitor and 403 for a member', async () => {
    expect((await call('/api/admin/listings')).status).toBe(401);
    const member = await signUp();
    const response = await call('/api/admin/listings', { cookie: member.cookie });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ message: 'Admin access required', code: 'admin_required' });
  });
});

describe('POST /api/admin/listings/:id/featured', () => {
  it('lets an admin feature and unfeature a listing', async () => {
    const [owner, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const listing = await createListing(owner);
    const featured = await call(`/api/admin/listings/${listing.id}/featured`, {
      cookie: admin.cookie,
      body: { isFeatured: true },
    });
    expect(featured.status).toBe(200);
    expect(await json(featured)).toMatchObject({
      id: listing.id,
      isFeatured: true,
      title: listing.title,
      user: { id: owner.id },
    });
    expect((await json<any[]>(await call('/api/listings/featured'))).map((l) => l.id)).toContain(listing.id);

    const unfeatured = await call(`/api/admin/listings/${listing.id}/featured`, {
      cookie: admin.cookie,
      body: { isFeatured: false },
    });
    expect(unfeatured.status).toBe(200);
    expect((await json(unfeatured)).isFeatured).toBe(false);
    expect((await json<any[]>(await call('/api/listings/featured'))).map((l) => l.id)).not.toContain(listing.id);
  });

  it('answers 400 unless isFeatured is a boolean, and 404 for a missing listing', async () => {
    const [owner, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const listing = await createListing(owner);
    for (const body of [{ isFeatured: 'true' }, { isFeatured: 1 }, {}, { isFeatured: null }]) {
      const response = await call(`/api/admin/listings/${listing.id}/featured`, { cookie: admin.cookie, body });
      expect(response.status).toBe(400);
      expect((await json(response)).errors.isFeatured).toBe('isFeatured must be true or false');
    }
    const missing = await call('/api/admin/listings/999999999/featured', {
      cookie: admin.cookie,
      body: { isFeatured: true },
    });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
  });

  it('answers 401 for a visitor and 403 for a member, even the owner', async () => {
    const owner = await signUp();
    const listing = await createListing(owner);
    expect((await call(`/api/admin/listings/${listing.id}/featured`, { body: { isFeatured: true } })).status).toBe(401);
    const response = await call(`/api/admin/listings/${listing.id}/featured`, {
      cookie: owner.cookie,
      body: { isFeatured: true },
    });
    expect(response.status).toBe(403);
    expect((await json(await call(`/api/listings/${listing.id}`))).isFeatured).toBe(false);
  });
});
