import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, json, lastEmailTo, randomIp, sessionCookie, signUp, tokenFromEmail, unique } from './helpers';

describe('POST /api/auth/register', () => {
  it('creates the member, signs them in and mails a verification link', async () => {
    const username = unique('reg');
    const response = await call('/api/auth/register', {
      body: {
        username,
        password: 'password123',
        email: `${username}@Example.com`,
        displayName: 'New Member',
        nickname: '',
        bio: 'Hello',
      },
    });
    expect(response.status).toBe(201);
    const user = await json(response);
    expect(user).toMatchObject({
      username,
      displayName: 'New Member',
      emailVerified: false,
      isAdmin: false,
      nickname: null,
      rating: 0,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('verificationToken');
    const cookie = response.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/sid=[A-Za-z0-9_-]{43,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const me = await call('/api/auth/current-user', { cookie: sessionCookie(response) });
    expect((await json(me)).id).toBe(user.id);
    expect((await lastEmailTo(`${username}@example.com`))?.subject).toMatch(/Verify your email/);
    const stored = await env.DB.prepare('SELECT password, verification_token FROM users WHERE id = ?')
      .bind(user.id)
      .first<any>();
    expect(stored.password).toMatch(/^\$relief\$v=1\$m=19456,t=2,p=1\$/);
    expect(stored.verification_token).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ displayName: 'A' }, 'displayName', 'Display name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', 'Please enter a valid URL'],
    [{ nickname: 'n'.repeat(51) }, 'nickname', 'Nickname must be at most 50 characters'],
    [{ address: 'a'.repeat(201) }, 'address', 'Address must be at most 200 characters'],
    [{ location: 'l'.repeat(101) }, 'location', 'Public location must be at most 100 characters'],
    [{ bio: 'b'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
    [{ username: 'bad name!' }, 'username', 'Username may only contain letters, numbers, _, . and -'],
  ])('refuses %o with the spec message', async (override, field, message) => {
    const username = unique('v');
    const response = await call('/api/auth/register', {
      body: {
        username,
        password: 'password123',
        email: `${username}@example.com`,
        displayName: 'Valid Name',
        ...override,
      },
    });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.errors[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  it('answers 409 for a taken username or email, whatever the case', async () => {
    const member = await signUp();
    const byName = await call('/api/auth/register', {
      body: {
        username: member.username.toUpperCase(),
        password: 'password123',
        email: `${unique()}@example.com`,
        displayName: 'Someone',
      },
    });
    expect(byName.status).toBe(409);
    expect((await json(byName)).message).toBe('Username already taken');
    const byEmail = await call('/api/auth/register', {
      body: { username: unique(), password: 'password123', email: member.email.toUpperCase(), displayName: 'Someone' },
    });
    expect(byEmail.status).toBe(409);
    expect((await json(byEmail)).message).toBe('Email already registered');
  });
});

describe('POST /api/auth/login and logout', () => {
  it('signs in with a new session id and returns the self view', async () => {
    const member = await signUp();
    const response = await call('/api/auth/login', {
      body: { username: member.username, password: member.password },
      cookie: member.cookie,
    });
    expect(response.status).toBe(200);
    const user = await json(response);
    expect(user).toMatchObject({ id: member.id, email: member.email });
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(member.cookie);
    // The old session id was replaced (no fixation).
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    expect((await call('/api/auth/current-user', { cookie: fresh })).status).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const member = await signUp();
    const wrong = await call('/api/auth/login', { body: { username: member.username, password: 'wrong-password' } });
    const unknown = await call('/api/auth/login', { body: { username: unique('nobody'), password: 'password123' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual({ message: 'Invalid username or password', code: 'invalid_login' });
    expect(await json(unknown)).toEqual({ message: 'Invalid username or password', code: 'invalid_login' });
  });

  it('requires username and password', async () => {
    const response = await call('/api/auth/login', { body: {} });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    const noPassword = await call('/api/auth/login', { body: { username: 'someone', password: '' } });
    expect((await json(noPassword)).errors).toEqual({ password: 'Password is required' });
  });

  it('logs out (also when already signed out) and the session stops working', async () => {
    const member = await signUp();
    const response = await call('/api/auth/logout', { method: 'POST', cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Logged out' });
    expect(response.headers.get('Set-Cookie')).toMatch(/sid=;/);
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    expect((await call('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });

  it('current-user is 401 with the standard message for visitors', async () => {
    const response = await call('/api/auth/current-user');
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Authentication required', code: 'auth_required' });
  });

  it('sign out everywhere voids every session of the member', async () => {
    const member = await signUp();
    const second = sessionCookie(
      await call('/api/auth/login', { body: { username: member.username, password: member.password } }),
    );
    expect((await call('/api/auth/logout-everywhere', { method: 'POST', cookie: member.cookie })).status).toBe(200);
    expect((await call('/api/auth/current-user', { cookie: second })).status).toBe(401);
  });
});

describe('email verification', () => {
  it('verifies once with the emailed token, then refuses it', async () => {
    const member = await signUp();
    const token = await tokenFromEmail(member.email);
    const first = await call(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ verified: true });
    const me = await json(await call('/api/auth/current-user', { cookie: member.cookie }));
    expect(me.emailVerified).toBe(true);
    const again = await call(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({
      message: 'Verification failed. The token may be invalid or expired.',
      code: 'verification_failed',
    });
  });

  it('refuses an expired token and a missing one', async () => {
    const member = await signUp();
    const token = await tokenFromEmail(member.email);
    await env.DB.prepare('UPDATE users SET verification_token_expires = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), member.id)
      .run();
    expect((await call(`/api/auth/verify-email?token=${token}`)).status).toBe(400);
    expect((await call('/api/auth/verify-email')).status).toBe(400);
  });

  it('resends for unverified members, refuses visitors and verified members, and limits to 5 an hour', async () => {
    const member = await signUp();
    expect((await call('/api/auth/resend-verification', { method: 'POST' })).status).toBe(401);
    for (let i = 0; i < 5; i++) {
      const response = await call('/api/auth/resend-verification', { method: 'POST', cookie: member.cookie });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ message: 'Verification email sent' });
    }
    const limited = await call('/api/auth/resend-verification', { method: 'POST', cookie: member.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);

    const verified = await signUp();
    await call(`/api/auth/verify-email?token=${await tokenFromEmail(verified.email)}`);
    expect((await call('/api/auth/resend-verification', { method: 'POST', cookie: verified.cookie })).status).toBe(400);
  });
});

describe('passwords', () => {
  it('forgot → reset works once, signs out old sessions, and answers the same for unknown emails', async () => {
    const member = await signUp();
    const known = await call('/api/auth/forgot-password', { body: { email: member.email } });
    const unknown = await call('/api/auth/forgot-password', { body: { email: `${unique()}@example.com` } });
    expect(known.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    const token = await tokenFromEmail(member.email, /Reset/);
    const reset = await call('/api/auth/reset-password', { body: { token, password: 'new-password-1' } });
    expect(reset.status).toBe(200);
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: 'new-password-1' } })).status,
    ).toBe(200);
    const again = await call('/api/auth/reset-password', { body: { token, password: 'other-password' } });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe('Reset link is invalid or has expired');
  });

  it('checks a reset link as the page opens: good until used or expired, naming no account', async () => {
    const member = await signUp();
    await call('/api/auth/forgot-password', { body: { email: member.email } });
    const token = await tokenFromEmail(member.email, /Reset/);
    const ip = randomIp();
    const good = await call('/api/auth/reset-password/check', { body: { token }, ip });
    expect(good.status).toBe(200);
    const { valid, expiresAt } = await json(good);
    expect(valid).toBe(true);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    // A good link counts nothing against the address.
    const limitRows = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE 'failedResetLinkChecksPerAddress:%'",
    ).first<{ n: number }>();
    // Checking does not spend the link.
    expect((await call('/api/auth/reset-password/check', { body: { token }, ip })).status).toBe(200);
    expect(
      (await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE 'failedResetLinkChecksPerAddress:%'",
      ).first<{ n: number }>())!.n,
    ).toBe(limitRows!.n);
    expect((await call('/api/auth/reset-password', { body: { token, password: 'new-password-1' } })).status).toBe(200);
    // Spent, unknown, empty and over-long tokens: the same 400, tied to the token.
    for (const bad of [token, 'not-a-token', 'x'.repeat(43), '', 'y'.repeat(201)]) {
      const response = await call('/api/auth/reset-password/check', { body: { token: bad } });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        message: 'Reset link is invalid or has expired',
        errors: { token: 'Reset link is invalid or has expired' },
      });
    }
    expect((await call('/api/auth/reset-password/check', { body: {} })).status).toBe(400);
  });

  it('says an expired reset link has expired, and limits bad checks per address', async () => {
    const member = await signUp();
    await call('/api/auth/forgot-password', { body: { email: member.email } });
    const token = await tokenFromEmail(member.email, /Reset/);
    await env.DB.prepare('UPDATE password_reset_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), member.id)
      .run();
    const expired = await call('/api/auth/reset-password/check', { body: { token } });
    expect(expired.status).toBe(400);
    expect((await json(expired)).message).toBe('Reset link is invalid or has expired');
    // 20 bad tokens an hour from one address; the 21st is refused before any lookup.
    const ip = randomIp();
    for (let i = 0; i < 20; i++)
      expect((await call('/api/auth/reset-password/check', { body: { token: `guess-${i}` }, ip })).status).toBe(400);
    const refused = await call('/api/auth/reset-password/check', { body: { token: 'guess-21' }, ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await call('/api/auth/reset-password/check', { body: { token: 'guess-22' } })).status).toBe(400);
  });

  it('reset validates the new password', async () => {
    const response = await call('/api/auth/reset-password', { body: { token: 'x', password: 'short' } });
    expect(response.status).toBe(400);
    expect((await json(response)).errors.password).toBe('Password must be at least 8 characters');
  });

  it('change-password needs the current password and keeps only this session', async () => {
    const member = await signUp();
    const other = sessionCookie(
      await call('/api/auth/login', { body: { username: member.username, password: member.password } }),
    );
    const wrong = await call('/api/auth/change-password', {
      cookie: member.cookie,
      body: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).errors.currentPassword).toBe('Current password is incorrect');
    const ok = await call('/api/auth/change-password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'brand-new-pass' },
    });
    expect(ok.status).toBe(200);
    expect((await call('/api/auth/current-user', { cookie: sessionCookie(ok) })).status).toBe(200);
    expect((await call('/api/auth/current-user', { cookie: other })).status).toBe(401);
    expect(
      (await call('/api/auth/change-password', { body: { currentPassword: 'a', newPassword: 'bbbbbbbb' } })).status,
    ).toBe(401);
  });
});
