// Cross-cutting rules every route follows (docs/security.md).
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, json, ORIGIN, randomIp, sessionCookie, signUp, signUpAdmin, tokenFromEmail, unique } from './helpers';

/** A request exactly as given: no default content type, origin or body encoding. */
function raw(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, headers: { 'CF-Connecting-IP': randomIp(), ...init.headers } }),
  );
}

const loginBody = () => JSON.stringify({ username: unique('nobody'), password: 'password123' });

describe('JSON-only writes (415)', () => {
  it('refuses a POST with Content-Type text/plain', async () => {
    const response = await raw('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: loginBody(),
    });
    expect(response.status).toBe(415);
    expect((await json(response)).message).toEqual(expect.any(String));
  });

  it('refuses a form post', async () => {
    const response = await raw('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Jo&email=jo@example.com',
    });
    expect(response.status).toBe(415);
  });

  it('refuses a POST with a body and no content type', async () => {
    const body = new TextEncoder().encode(loginBody());
    const response = await raw('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Length': String(body.byteLength) },
      body,
    });
    expect(response.status).toBe(415);
  });

  it('refuses a POST with bytes and no content type', async () => {
    const body = new TextEncoder().encode(loginBody());
    const response = await raw('/api/auth/login', { method: 'POST', body });
    expect(response.status).toBe(415);
  });

  it('refuses a POST with a streamed body and no content type or length', async () => {
    const bytes = new TextEncoder().encode(loginBody());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const response = await raw('/api/auth/login', { method: 'POST', body });
    expect(response.status).toBe(415);
  });

  it('allows a bodiless POST (logout) without a content type', async () => {
    const member = await signUp();
    const response = await raw('/api/auth/logout', { method: 'POST', headers: { Cookie: member.cookie } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Logged out' });
  });

  it('accepts application/json with a charset', async () => {
    const response = await raw('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: loginBody(),
    });
    expect(response.status).toBe(401);
  });
});

describe('same-origin writes (403)', () => {
  it('refuses a foreign Origin', async () => {
    const member = await signUp();
    const response = await call('/api/auth/logout', {
      method: 'POST',
      cookie: member.cookie,
      headers: { Origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    // The session survived the forged request.
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site', async () => {
    const member = await signUp();
    const response = await call(`/api/users/${member.id}`, {
      method: 'DELETE',
      cookie: member.cookie,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect((await call(`/api/users/${member.id}`)).status).toBe(200);
  });

  it('allows the own origin and same-origin fetches', async () => {
    const member = await signUp();
    const response = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { bio: 'Same origin' },
      headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).toBe(200);
  });

  it('does not apply to reads', async () => {
    const response = await call('/api/users/count', {
      headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers 400, not 500, for malformed JSON', async () => {
    for (const body of ['{"username": ', 'not json', '{"a":1}}']) {
      const response = await call('/api/auth/login', { body });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toEqual(expect.any(String));
    }
    const member = await signUp();
    const patch = await call(`/api/users/${member.id}`, { method: 'PATCH', cookie: member.cookie, body: '{bad' });
    expect(patch.status).toBe(400);
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const response = await call('/api/contact', { body: '[1, 2, 3]' });
    expect(response.status).toBe(400);
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const big = JSON.stringify({
      name: 'Jo',
      email: 'jo@example.com',
      subject: 'Big message',
      message: 'x'.repeat(1024 * 1024 + 10),
    });
    const response = await call('/api/contact', { body: big });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toEqual(expect.any(String));
  });

  it('answers 413 for a streamed body over 1 MB without a length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await raw('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
  });
});

describe('replies', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await call(`/api/${unique('nothing-here')}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(await json(response)).toEqual({ message: expect.any(String), code: 'not_found' });
    }
  });

  it.each(['/api/users/count', '/api/auth/current-user', '/api/does-not-exist', '/api/users/999999/reviews'])(
    '%s carries nosniff, no-store and a JSON content type',
    async (path) => {
      const response = await call(path);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    },
  );

  // The read-mostly public routes the browser may keep (decision 045) still carry nosniff and JSON.
  it.each(['/api/testimonials', '/api/categories', '/api/listings/featured'])(
    '%s carries nosniff, a public max-age and a JSON content type',
    async (path) => {
      const response = await call(path);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+$/);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    },
  );

  it('error replies carry the same headers', async () => {
    const response = await call('/api/contact', { body: { name: 'J' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});

describe('rate limits (429 with Retry-After)', () => {
  const expectLimited = async (response: Response) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(60 * 15);
    expect((await json(response)).message).toEqual(expect.any(String));
  };

  it('registrations: 20 per IP per minute (attempts; 5 accounts a day per address, auth-abuse.test.ts)', async () => {
    const ip = randomIp();
    const taken = await signUp();
    const register = () => {
      const username = unique('rl');
      return call('/api/auth/register', {
        ip,
        body: {
          username: taken.username,
          password: 'password123',
          email: `${username}@example.com`,
          displayName: 'Rate Limited',
        },
      });
    };
    for (let i = 0; i < 20; i++) expect((await register()).status).toBe(409);
    await expectLimited(await register());
    // Another address is unaffected.
    expect(
      (
        await call('/api/auth/register', {
          body: {
            username: unique('ok'),
            password: 'password123',
            email: `${unique('ok')}@example.com`,
            displayName: 'Fine',
          },
        })
      ).status,
    ).toBe(201);
  });

  it('failed sign-ins: the 11th for one username within 15 minutes from one address is refused, even with the right password', async () => {
    const member = await signUp();
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const response = await call('/api/auth/login', {
        ip,
        body: { username: member.username, password: 'wrong-password' },
      });
      expect(response.status).toBe(401);
    }
    await expectLimited(
      await call('/api/auth/login', {
        ip,
        body: { username: member.username.toUpperCase(), password: 'wrong-password' },
      }),
    );
    await expectLimited(
      await call('/api/auth/login', { ip, body: { username: member.username, password: member.password } }),
    );
    // The owner's other address is not locked out (issue 22, N3: auth-abuse.test.ts).
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: member.password } })).status,
    ).toBe(200);
    // Other accounts can still sign in.
    const other = await signUp();
    expect(
      (await call('/api/auth/login', { body: { username: other.username, password: other.password } })).status,
    ).toBe(200);
  });

  it('sign-ins: 30 per IP per minute', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const response = await call('/api/auth/login', {
        ip,
        body: { username: unique('nobody'), password: 'password123' },
      });
      expect(response.status).toBe(401);
    }
    await expectLimited(
      await call('/api/auth/login', { ip, body: { username: unique('nobody'), password: 'password123' } }),
    );
  });

  it('contact: 5 per IP per minute', async () => {
    const ip = randomIp();
    const body = {
      name: 'Jo Visitor',
      email: 'jo@example.com',
      subject: 'Rate limit test',
      message: 'Just checking the limit works.',
    };
    for (let i = 0; i < 5; i++) expect((await call('/api/contact', { ip, body })).status).toBe(201);
    await expectLimited(await call('/api/contact', { ip, body }));
    expect((await call('/api/contact', { body })).status).toBe(201);
  });
});

describe('no secret ever leaves the server', () => {
  it('register, login, current-user, user reads, profile edit and the admin list carry no password or token', async () => {
    const member = await signUp();
    const token = await tokenFromEmail(member.email);
    const stored = await env.DB.prepare('SELECT password, verification_token FROM users WHERE id = ?')
      .bind(member.id)
      .first<any>();
    const admin = await signUpAdmin();
    const login = await call('/api/auth/login', { body: { username: member.username, password: member.password } });
    const cookie = sessionCookie(login);
    const newEmail = `${unique('sec')}@example.com`;
    const replies = [
      member.user,
      await json(login),
      await json(await call('/api/auth/current-user', { cookie })),
      await json(await call(`/api/users/${member.id}`)),
      await json(await call(`/api/users/${member.id}`, { cookie })),
      await json(await call(`/api/users/${member.id}`, { cookie: admin.cookie })),
      await json(await call(`/api/users/username/${member.username}`, { cookie })),
      await json(await call(`/api/users/${member.id}`, { method: 'PATCH', cookie, body: { email: newEmail } })),
      await json(await call('/api/admin/users', { cookie: admin.cookie })),
    ];
    const newToken = await tokenFromEmail(newEmail);
    const newStored = await env.DB.prepare('SELECT verification_token FROM users WHERE id = ?')
      .bind(member.id)
      .first<any>();
    for (const reply of replies) {
      const text = JSON.stringify(reply);
      expect(text).not.toMatch(/"password"/i);
      expect(text).not.toMatch(/verificationToken/i);
      expect(text).not.toContain(member.password);
      for (const secret of [
        stored.password,
        stored.verification_token,
        token,
        newToken,
        newStored.verification_token,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });
});
