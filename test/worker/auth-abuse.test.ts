// Issue 22's abuse findings on accounts: sign-in throttling that never locks the owner out (N3),
// old hashes never accepted as keys (N4), per-address daily budgets and IPv6 /64 keying (N6),
// one name normalisation (N8), email-change limits (N9, N2) and unhashable passwords (N13).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import setupWasm from 'argon2id/lib/setup.js';
import simd from 'argon2id/dist/simd.wasm';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  derivePasswordKey,
  encodePasswordKey,
  toBase64,
  type Argon2id,
  type PasswordSalt,
} from '@/shared/password-key';
import { upgradePasswordHashes } from '@worker/cron/upgrade-password-hashes';
import { passwordSaltFor } from '@worker/lib/password-relief';
import app from '@worker/index';
import { METER_HEADER } from '@worker/lib/meter';
import { addressKey, RATE_LIMITS } from '@worker/lib/rate-limit';
import { call, json, ORIGIN, signUp, unique, type Member } from './helpers';

let argon2idLoaded: Promise<Argon2id> | undefined;
const argon2id = () =>
  (argon2idLoaded ??= setupWasm(
    async (imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) }),
    async (imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) }),
  ));

async function saltOf(username: string): Promise<PasswordSalt> {
  const response = await call('/api/auth/password-salt', { body: { username } });
  expect(response.status).toBe(200);
  return json(response);
}

/** A wrong password key: no hashing work, so a test can send hundreds. */
const wrongKey = () => encodePasswordKey(crypto.getRandomValues(new Uint8Array(32)));

const login = (username: string, password: string, options: { ip?: string; cookie?: string } = {}) =>
  call('/api/auth/login', { body: { username, password }, ...options });

/** A /64 of its own for each test, so address rules of one test never touch another's. */
const ipv6Net = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

async function expect429(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await json(response)).toEqual({
    message: 'Too many requests. Please try again later.',
    code: 'too_many_requests',
  });
}

describe('N3: failed sign-ins never lock the owner out', () => {
  it("ten failures from one address lock that address out of the name, not the owner's other address", async () => {
    const member = await signUp();
    const attacker = '10.200.1.1';
    for (let i = 0; i < 10; i++) expect((await login(member.username, wrongKey(), { ip: attacker })).status).toBe(401);
    await expect429(await login(member.username, wrongKey(), { ip: attacker }));
    // The owner, from their own address, still signs in.
    expect((await login(member.username, member.password, { ip: '10.200.9.9' })).status).toBe(200);
  });

  it('one address guessing across many names is stopped by its own per-address rule', async () => {
    const ip = '10.201.3.3';
    let refused: Response | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const response = await login(unique('nobody'), wrongKey(), { ip });
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(401);
    }
    expect(refused).toBeDefined();
    await expect429(refused!);
  });

  it('a name guessed from many addresses is held back globally, but a device that signed in before passes', async () => {
    const member = await signUp();
    // The owner signs in once: the browser is remembered for this account.
    const first = await login(member.username, member.password);
    expect(first.status).toBe(200);
    const device = /kd=([^;]+)/.exec(first.headers.get('Set-Cookie') ?? '')?.[1];
    expect(device).toBeDefined();
    // Credential stuffing from 100 addresses, 2 guesses each.
    for (let i = 0; i < 100; i++) {
      const ip = `10.202.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      await login(member.username, wrongKey(), { ip });
      await login(member.username, wrongKey(), { ip });
    }
    await expect429(await login(member.username, member.password, { ip: '10.203.0.1' }));
    // The owner's remembered browser still gets in, from a fresh address too.
    expect((await login(member.username, member.password, { ip: '10.203.0.2', cookie: `kd=${device}` })).status).toBe(
      200,
    );
  });
});

describe('N4: a hash stored before server relief is never a key', () => {
  async function legacyMember(password: string) {
    const member = await signUp();
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const hash = (await argon2id())({ password: new TextEncoder().encode(password), salt, ...ARGON2_PARAMS });
    await env.DB.prepare('UPDATE users SET password = ? WHERE id = ?')
      .bind(`$argon2id$v=19$m=19456,t=2,p=1$${toBase64(salt)}$${toBase64(hash)}`, member.id)
      .run();
    return { ...member, oldKey: encodePasswordKey(hash) };
  }

  it('the old hash is refused as a key, before and after the row is upgraded', async () => {
    const member = await legacyMember('legacy-pass-1');
    expect((await login(member.username, member.oldKey)).status).toBe(401);
    while ((await upgradePasswordHashes(env)) > 0);
    expect((await login(member.username, member.oldKey)).status).toBe(401);
  });

  it('the plain password still signs in once and moves the account to a key the old hash cannot give', async () => {
    const member = await legacyMember('legacy-pass-2');
    expect((await login(member.username, 'legacy-pass-2')).status).toBe(200);
    expect((await login(member.username, member.oldKey)).status).toBe(401);
    // From now on the browser's key (its name's salt) works.
    const key = derivePasswordKey(await argon2id(), 'legacy-pass-2', await saltOf(member.username));
    expect(key).not.toBe(member.oldKey);
    expect((await login(member.username, key)).status).toBe(200);
  });
});

describe('N8: one normalisation for names', () => {
  it('a Kelvin sign does not fold onto k: the salt of a look-alike name says nothing about the account', async () => {
    const member = await signUp({ username: `k${unique('elv')}` });
    const lookAlike = `\u212A${member.username.slice(1)}`;
    const salt = await saltOf(lookAlike);
    expect(salt).toEqual(await passwordSaltFor(env, lookAlike));
    expect(salt.salt).not.toBe((await saltOf(member.username)).salt);
    // Nor does it sign in as the member.
    expect((await login(lookAlike, member.password)).status).toBe(401);
  });

  it('an account stored before server relief answers the same salt as a name without one', async () => {
    const member = await signUp();
    await env.DB.prepare('UPDATE users SET password = ? WHERE id = ?')
      .bind(
        `$argon2id$v=19$m=19456,t=2,p=1$${toBase64(crypto.getRandomValues(new Uint8Array(16)))}$${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`,
        member.id,
      )
      .run();
    expect(await saltOf(member.username)).toEqual(await passwordSaltFor(env, member.username));
  });
});

describe('N6: per-address daily budgets, IPv6 keyed by its /64', () => {
  it('keys IPv6 addresses by their /64 in every written form, and v4-mapped ones as IPv4', () => {
    const forms = [
      '2001:db8:1:2:3:4:5:6',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2::',
      '2001:DB8:1:2::ffff',
      '[2001:db8:1:2::9]',
    ];
    for (const form of forms) expect(addressKey(form), form).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('not an address')).toBe('not an address');
  });

  it('sign-ups: five a day per address, counted across a whole IPv6 /64', async () => {
    const net = ipv6Net();
    const register = (i: number) => {
      const username = unique('s');
      return call('/api/auth/register', {
        ip: `${net}::${i.toString(16)}`,
        body: { username, password: 'password123', email: `${username}@example.com`, displayName: 'Sign Up' },
      });
    };
    for (let i = 1; i <= 5; i++) expect((await register(i)).status).toBe(201);
    await expect429(await register(6));
  });

  it('forgot-password: limited per address per day, whatever addresses are asked for', async () => {
    const ip = `${ipv6Net()}::1`;
    const ask = () => call('/api/auth/forgot-password', { ip, body: { email: `${unique('f')}@example.com` } });
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    await expect429(await ask());
  });
});

describe('N6: a refused flood writes nothing', () => {
  it('past a limit, further refused requests write no rate-limit row', async () => {
    const ip = `${ipv6Net()}::5`;
    const attempt = async () => {
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'CF-Connecting-IP': ip, 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(60), password: 'password123' }),
      });
      const response = await app.fetch(request, { ...env, METER: '1' }, ctx);
      await waitOnExecutionContext(ctx);
      return {
        status: response.status,
        counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as { d1RowsWritten: number },
      };
    };
    // A name longer than any username: only the per-address sign-in counter is written.
    for (let i = 0; i < RATE_LIMITS.signInPerIp.limit; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429); // the count passes the limit once
    for (let i = 0; i < 3; i++) {
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.counts.d1RowsWritten).toBe(0);
    }
  });
});

describe('N9 and N2: email changes are limited', () => {
  const patchEmail = (member: Member, email: string, ip?: string) =>
    call(`/api/users/${member.id}`, { method: 'PATCH', cookie: member.cookie, body: { email }, ip });

  it('a member probing or changing addresses gets 429 with Retry-After after two a day', async () => {
    const [member, other] = await Promise.all([signUp(), signUp()]);
    expect((await patchEmail(member, other.email)).status).toBe(409);
    expect((await patchEmail(member, `${unique('n')}@example.com`)).status).toBe(200);
    await expect429(await patchEmail(member, other.email));
    await expect429(await patchEmail(member, `${unique('n')}@example.com`));
  });

  it('one address changing the email of many members is limited too', async () => {
    const ip = `${ipv6Net()}::7`;
    const members = await Promise.all(Array.from({ length: 4 }, () => signUp()));
    const statuses: number[] = [];
    for (const member of members) statuses.push((await patchEmail(member, `${unique('a')}@example.com`, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('N13: a password the hashing library cannot take', () => {
  it('sign-in answers 400 with the validation message, never 500', async () => {
    const member = await signUp();
    for (const password of ['\u0000', '\u0007']) {
      const response = await login(member.username, password);
      expect(response.status, JSON.stringify(password)).toBe(400);
      expect(await json(response)).toEqual({
        message: 'Password is required',
        code: 'password_required',
        errors: { password: 'Password is required' },
      });
    }
  });

  it('change-password answers 400 with the validation message, never 500', async () => {
    const member = await signUp();
    const response = await call('/api/auth/change-password', {
      cookie: member.cookie,
      body: { currentPassword: '\u0000', newPassword: 'new-password-1' },
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'Current password is required',
      code: expect.any(String),
      errors: { currentPassword: 'Current password is required' },
    });
  });
});
