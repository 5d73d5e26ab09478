import { describe, expect, it } from 'vitest';
import { call, json, signUp, signUpAdmin } from './helpers';

describe('GET /api/admin/users', () => {
  it('lists every user, newest first, in the self view', async () => {
    const admin = await signUpAdmin();
    const older = await signUp({ address: '1 Private Lane' });
    const newer = await signUp();
    const response = await call('/api/admin/users', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const users = await json(response);
    const ids = users.map((u: any) => u.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(admin.id));
    expect(users.find((u: any) => u.id === older.id)).toMatchObject({
      email: older.email,
      address: '1 Private Lane',
      isAdmin: false,
    });
    expect(users.find((u: any) => u.id === admin.id).isAdmin).toBe(true);
    for (const user of users) {
      expect(user).not.toHaveProperty('password');
      expect(user).not.toHaveProperty('verificationToken');
      expect(user).not.toHaveProperty('verificationTokenExpires');
    }
  });

  it('is 401 for visitors and 403 for members', async () => {
    const member = await signUp();
    const visitor = await call('/api/admin/users');
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    const denied = await call('/api/admin/users', { cookie: member.cookie });
    expect(denied.status).toBe(403);
    expect(await json(denied)).toEqual({ message: 'Admin access required', code: 'admin_required' });
  });
});

describe('POST /api/admin/users/:id/make-admin', () => {
  it('grants admin rights, which take effect at once, and repeating it changes nothing', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    // The SPA's client sends no body and so no content type.
    const response = await call(`/api/admin/users/${member.id}/make-admin`, { method: 'POST', cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: member.id, isAdmin: true, email: member.email });
    expect((await call('/api/admin/users', { cookie: member.cookie })).status).toBe(200);
    expect((await json(await call(`/api/users/${member.id}`))).isAdmin).toBe(true);
    const again = await call(`/api/admin/users/${member.id}/make-admin`, {
      method: 'POST',
      cookie: admin.cookie,
      body: {},
    });
    expect(again.status).toBe(200);
    expect((await json(again)).isAdmin).toBe(true);
  });

  it('is 401 for visitors and 403 for members, who cannot promote anyone (themselves included)', async () => {
    const member = await signUp();
    expect((await call(`/api/admin/users/${member.id}/make-admin`, { method: 'POST' })).status).toBe(401);
    expect(
      (await call(`/api/admin/users/${member.id}/make-admin`, { method: 'POST', cookie: member.cookie })).status,
    ).toBe(403);
    expect((await json(await call(`/api/users/${member.id}`))).isAdmin).toBe(false);
  });

  it('answers 404 for a missing user', async () => {
    const admin = await signUpAdmin();
    const response = await call('/api/admin/users/999999999/make-admin', { method: 'POST', cookie: admin.cookie });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});
