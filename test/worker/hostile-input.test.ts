// Hostile input that once reached storage or broke every route: over-long identifiers, malformed
// session cookies, a failing KV (sessions fall back to their D1 rows), and avatar URLs aimed at this site's own API.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '@worker/app';
import { RATE_LIMITS } from '@worker/lib/rate-limit';
import { AVATAR_API_MESSAGE, AVATAR_OWN_SITE_MESSAGE, AVATAR_UPLOAD_MESSAGE } from '@worker/lib/avatar-url';
import { call, json, ORIGIN, randomIp, signUp, unique } from './helpers';

const rowCount = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const LONGEST_RULE = Math.max(...Object.keys(RATE_LIMITS).map((rule) => rule.length));
const longestRateLimitKey = async () =>
  (await env.DB.prepare('SELECT max(length(key)) AS n FROM rate_limits').first<{ n: number }>())!.n;

describe('bounded identifiers', () => {
  it('sign-in with a name longer than any username: the contract 401, and no per-name row', async () => {
    const before = await rowCount("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'failedSignInPerName:%'");
    for (const username of ['a'.repeat(51), 'x'.repeat(500_000)]) {
      const response = await call('/api/auth/login', { body: { username, password: 'password123' } });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ message: 'Invalid username or password', code: 'invalid_login' });
    }
    expect(await rowCount("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'failedSignInPerName:%'")).toBe(before);
    // A name of the longest allowed length still counts failed attempts against that name.
    const response = await call('/api/auth/login', { body: { username: 'b'.repeat(50), password: 'password123' } });
    expect(response.status).toBe(401);
    expect(await rowCount("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'failedSignInPerName:%'")).toBe(
      before + 1,
    );
  });

  it('over-long sign-ins still count against the IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++)
      await call('/api/auth/login', { ip, body: { username: 'x'.repeat(100), password: 'password123' } });
    expect(
      (await call('/api/auth/login', { ip, body: { username: 'x'.repeat(100), password: 'password123' } })).status,
    ).toBe(429);
  });

  it('rate-limit rows stay small whatever the subject: a long IP header, a long username', async () => {
    await call('/api/contact', {
      headers: { 'CF-Connecting-IP': `10.0.0.1${'9'.repeat(8000)}` },
      body: {
        name: 'Visitor',
        email: 'visitor@example.com',
        subject: 'A question',
        message: 'How do barters work here?',
      },
    });
    await call('/api/auth/login', { body: { username: 'c'.repeat(50), password: 'password123' } });
    // The rule name, a colon and 64 hex digits.
    expect(await longestRateLimitKey()).toBeLessThanOrEqual(LONGEST_RULE + 1 + 64);
  });

  it('refuses over-long emails, tokens and texts with 400 before writing anything', async () => {
    const longEmail = `${'a'.repeat(300)}@example.com`;
    const rateRows = await rowCount('SELECT count(*) AS n FROM rate_limits');
    const contactRows = await rowCount('SELECT count(*) AS n FROM contact_messages');
    const subscriptions = await rowCount('SELECT count(*) AS n FROM newsletter_subscriptions');

    const forgot = await call('/api/auth/forgot-password', { body: { email: longEmail } });
    expect(forgot.status).toBe(400);
    expect((await json(forgot)).errors.email).toBe('Email must be at most 254 characters');
    expect((await call('/api/newsletter/subscribe', { ip: '10.9.9.9', body: { email: longEmail } })).status).toBe(400);
    expect(
      (
        await call('/api/contact', {
          ip: '10.9.9.9',
          body: { name: 'Visitor', email: longEmail, subject: 'A question', message: 'How do barters work here?' },
        })
      ).status,
    ).toBe(400);
    const reset = await call('/api/auth/reset-password', {
      body: { token: 't'.repeat(100_000), password: 'password123' },
    });
    expect(reset.status).toBe(400);
    expect((await json(reset)).message).toBe('Reset link is invalid or has expired');

    // Only the per-IP rows of the two IP-limited calls (newsletter and contact share 10.9.9.9's
    // address but not a rule; each has a minute and a day rule, decision 038) were written; no row
    // keyed by the address, no message, no subscriber.
    expect(await rowCount('SELECT count(*) AS n FROM rate_limits')).toBeLessThanOrEqual(rateRows + 4);
    expect(await rowCount('SELECT count(*) AS n FROM contact_messages')).toBe(contactRows);
    expect(await rowCount('SELECT count(*) AS n FROM newsletter_subscriptions')).toBe(subscriptions);

    const member = await signUp();
    const search = await call('/api/stored-searches', { cookie: member.cookie, body: { query: 'q'.repeat(201) } });
    expect(search.status).toBe(400);
    expect((await json(search)).errors.query).toBe('Query must be at most 200 characters');
    expect(await rowCount('SELECT count(*) AS n FROM stored_searches WHERE user_id = ?', member.id)).toBe(0);
  });

  it('looks up no username longer than any account can have', async () => {
    const response = await call(`/api/users/username/${'u'.repeat(5000)}`);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});

describe('session cookie shape', () => {
  const publicAndPrivate = async (cookie: string) => ({
    categories: (await call('/api/categories', { cookie })).status,
    listings: (await call('/api/listings?limit=1', { cookie })).status,
    current: (await call('/api/auth/current-user', { cookie })).status,
    logout: (await call('/api/auth/logout', { method: 'POST', cookie })).status,
  });

  it('a malformed sid is simply signed out: too long, too short, other characters', async () => {
    const id = 'A'.repeat(43);
    for (const sid of [
      'a'.repeat(505),
      'a'.repeat(600),
      'a'.repeat(5000),
      `${id}A`,
      id.slice(1),
      `${id.slice(1)}!`,
      `${id.slice(1)}.`,
      '%E0%A4%A',
      '"quoted"',
      ' ',
    ]) {
      expect(await publicAndPrivate(`sid=${sid}`), sid.slice(0, 20)).toEqual({
        categories: 200,
        listings: 200,
        current: 401,
        logout: 200,
      });
    }
  });

  it('accepts exactly the shape it issues: 43 base64url characters', async () => {
    const member = await signUp();
    expect(member.cookie).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(200);
    // The same id with anything appended names no session.
    expect((await call('/api/auth/current-user', { cookie: `${member.cookie}x` })).status).toBe(401);
  });

  it('a failing KV is logged and the session is read from its D1 row; public routes still answer', async () => {
    const member = await signUp();
    const brokenKv = {
      get: async () => Promise.reject(new Error('KV unavailable')),
      put: async () => Promise.reject(new Error('KV unavailable')),
      delete: async () => Promise.reject(new Error('KV unavailable')),
    } as unknown as KVNamespace;
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const fetchWith = async (path: string) => {
        const ctx = createExecutionContext();
        const response = await app.fetch(
          new Request(`${ORIGIN}${path}`, { headers: { Cookie: member.cookie, 'CF-Connecting-IP': randomIp() } }),
          { ...env, SESSIONS: brokenKv },
          ctx,
        );
        await waitOnExecutionContext(ctx);
        return response;
      };
      expect((await fetchWith('/api/categories')).status).toBe(200);
      expect((await fetchWith(`/api/users/${member.id}`)).status).toBe(200);
      expect((await fetchWith('/api/auth/current-user')).status).toBe(200);
      // Without its D1 row (signed out elsewhere), the same cookie is signed out.
      await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(member.id).run();
      expect((await fetchWith('/api/auth/current-user')).status).toBe(401);
    } finally {
      console.error = original;
    }
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(String((logged[0] as unknown[])[0])).toContain('session lookup in KV failed');
  });

  it('a KV record that is not a session signs out', async () => {
    const id = 'B'.repeat(43);
    for (const value of ['not json', '{"userId":"1","createdAt":1}', 'null', '[]']) {
      await env.SESSIONS.put(`session:${id}`, value);
      expect((await call('/api/auth/current-user', { cookie: `sid=${id}` })).status, value).toBe(401);
    }
  });
});

describe('avatar URLs', () => {
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const patch = (member: { id: number; cookie: string }, avatarUrl: string) =>
    call(`/api/users/${member.id}`, { method: 'PATCH', cookie: member.cookie, body: { avatarUrl } });

  it("refuses this site's API at registration with a field error", async () => {
    const username = unique('av');
    const response = await call('/api/auth/register', {
      body: {
        username,
        password: 'password123',
        email: `${username}@example.com`,
        displayName: 'Avatar Tester',
        avatarUrl: `${ORIGIN}/api/conversations/1/2/3`,
      },
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: AVATAR_API_MESSAGE,
      code: expect.any(String),
      errors: { avatarUrl: AVATAR_API_MESSAGE },
    });
    expect(await rowCount('SELECT count(*) AS n FROM users WHERE username = ?', username)).toBe(0);
  });

  it("refuses this site's API in a profile edit, however the URL is spelled", async () => {
    const member = await signUp();
    for (const url of [
      'http://localhost/api/conversations/1/2/3',
      'https://localhost/api/users/1',
      'http://localhost:8787/api/users/1',
      'http://LOCALHOST/API/users/1',
      'http://localhost//api/users/1',
      'http://localhost/%61pi/users/1',
      'http://localhost/objects/../api/users/1',
      'http://localhost./api/users/1',
      'http://localhost/api',
      'http://user:pw@localhost/api/notifications',
    ]) {
      const response = await patch(member, url);
      expect(response.status, url).toBe(400);
      expect((await json(response)).errors, url).toEqual({ avatarUrl: AVATAR_API_MESSAGE });
    }
  });

  it('refuses relative and protocol-relative URLs', async () => {
    const member = await signUp();
    for (const url of [
      '/api/users/1',
      '//localhost/api/users/1',
      '//evil.example/api/x',
      'api/users/1',
      `/objects/uploads/${uuid}`,
    ]) {
      const response = await patch(member, url);
      expect(response.status, url).toBe(400);
      expect((await json(response)).errors, url).toEqual({ avatarUrl: 'Please enter a valid URL' });
    }
  });

  it("on this site allows exactly a served image path; other sites' URLs are theirs", async () => {
    const member = await signUp();
    for (const url of [`${ORIGIN}/profile/1`, `${ORIGIN}/objects/uploads/${uuid}?x=1`, `${ORIGIN}/objects/other`]) {
      const response = await patch(member, url);
      expect(response.status, url).toBe(400);
      expect((await json(response)).errors, url).toEqual({ avatarUrl: AVATAR_OWN_SITE_MESSAGE });
    }
    for (const url of ['https://images.example.com/api/avatar.png', 'https://localhost.example.com/api/x']) {
      const response = await patch(member, url);
      expect(response.status, url).toBe(200);
      expect((await json(response)).avatarUrl).toBe(url);
    }
    // A served image path that is no upload of this member (here: none at all) is refused too;
    // the member's own uploads are covered in avatar-uploads.test.ts.
    const response = await patch(member, `${ORIGIN}/objects/uploads/${uuid}`);
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual({ avatarUrl: AVATAR_UPLOAD_MESSAGE });
  });
});
