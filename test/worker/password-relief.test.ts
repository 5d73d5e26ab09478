// Server relief (docs/decisions/015-password-server-relief.md): the client derives the password
// key with the account's salt, the server keeps HMAC(pepper, key); old Argon2id rows open with the
// plain password only (never with their old hash as a key) and are moved onto the name's salt.
import { env } from 'cloudflare:test';
import setupWasm from 'argon2id/lib/setup.js';
import simd from 'argon2id/dist/simd.wasm';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, derivePasswordKey, toBase64, type Argon2id, type PasswordSalt } from '@/shared/password-key';
import { PASSWORD_UPGRADES_PER_RUN, upgradePasswordHashes } from '@worker/cron/upgrade-password-hashes';
import { passwordSaltFor } from '@worker/lib/password-relief';
import { call, json, sessionCookie, signUp, tokenFromEmail, unique } from './helpers';

let argon2idLoaded: Promise<Argon2id> | undefined;
const argon2id = () =>
  (argon2idLoaded ??= setupWasm(
    async (imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) }),
    async (imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) }),
  ));

async function saltOf(body: Record<string, string>): Promise<PasswordSalt> {
  const response = await call('/api/auth/password-salt', { body });
  expect(response.status).toBe(200);
  return json(response);
}

/** What the SPA does: fetch the salt, derive the key in the "browser". */
async function keyFor(username: string, password: string): Promise<string> {
  return derivePasswordKey(await argon2id(), password, await saltOf({ username }));
}

const storedPassword = async (id: number) =>
  (await env.DB.prepare('SELECT password FROM users WHERE id = ?').bind(id).first<{ password: string }>())!.password;

/** A member whose password was stored before server relief: a plain Argon2id PHC string. */
async function legacyMember(password: string) {
  const member = await signUp();
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = (await argon2id())({ password: new TextEncoder().encode(password), salt, ...ARGON2_PARAMS });
  const phc = `$argon2id$v=19$m=19456,t=2,p=1$${toBase64(salt)}$${toBase64(hash)}`;
  await env.DB.prepare('UPDATE users SET password = ? WHERE id = ?').bind(phc, member.id).run();
  return { ...member, phc, salt: toBase64(salt), hash };
}

describe('POST /api/auth/password-salt', () => {
  it('answers the same shape for a name with and without an account, stable for each', async () => {
    const member = await signUp();
    const known = await saltOf({ username: member.username });
    const unknownName = unique('ghost');
    const unknown = await saltOf({ username: unknownName });
    for (const salt of [known, unknown]) {
      expect(Object.keys(salt).sort()).toEqual([
        'algorithm',
        'memorySize',
        'parallelism',
        'passes',
        'salt',
        'tagLength',
      ]);
      expect(salt).toMatchObject({
        algorithm: 'argon2id',
        memorySize: 19456,
        passes: 2,
        parallelism: 1,
        tagLength: 32,
      });
      expect(salt.salt).toMatch(/^[A-Za-z0-9+/]{22}$/);
    }
    expect(await saltOf({ username: unknownName })).toEqual(unknown);
    expect(await saltOf({ username: unknownName.toUpperCase() })).toEqual(unknown);
    expect(await saltOf({ username: member.username.toUpperCase() })).toEqual(known);
    expect((await saltOf({ username: unique('other') })).salt).not.toBe(unknown.salt);
  });

  it('a new account keeps the salt its name was given before it existed', async () => {
    const username = unique('early');
    const before = await saltOf({ username });
    const member = await signUp({ username });
    expect(await saltOf({ username: member.username })).toEqual(before);
  });

  it('answers for a reset link, and refuses a bad one or an empty body', async () => {
    const member = await signUp();
    await call('/api/auth/forgot-password', { body: { email: member.email } });
    const token = await tokenFromEmail(member.email, /Reset/);
    expect(await saltOf({ resetToken: token })).toEqual(await saltOf({ username: member.username }));
    const bad = await call('/api/auth/password-salt', { body: { resetToken: 'nope' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('Reset link is invalid or has expired');
    const empty = await call('/api/auth/password-salt', { body: {} });
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe('Username is required');
  });

  it('a name longer than any username gets a salt without a lookup', async () => {
    const response = await call('/api/auth/password-salt', { body: { username: 'x'.repeat(120) } });
    expect(response.status).toBe(200);
    const tooLong = await call('/api/auth/password-salt', { body: { username: 'x'.repeat(5000) } });
    expect(tooLong.status).toBe(400);
  });
});

describe('signing in with a password key', () => {
  it('stores a keyed hash, never the key, and signs in with the key or the plain password', async () => {
    const member = await signUp();
    const stored = await storedPassword(member.id);
    expect(stored).toMatch(/^\$relief\$v=1\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const key = await keyFor(member.username, member.password);
    expect(stored).not.toContain(key.slice('argon2id:'.length));
    expect((await call('/api/auth/login', { body: { username: member.username, password: key } })).status).toBe(200);
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: member.password } })).status,
    ).toBe(200);
    const wrong = await call('/api/auth/login', {
      body: { username: member.username, password: await keyFor(member.username, 'not-the-password') },
    });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ message: 'Invalid username or password', code: 'invalid_login' });
    const unknown = await call('/api/auth/login', { body: { username: unique('ghost'), password: key } });
    expect(unknown.status).toBe(401);
  });

  it('registers, changes and resets with keys derived in the client', async () => {
    const username = unique('key');
    const key = await keyFor(username, 'typed-password-1');
    const registered = await call('/api/auth/register', {
      body: {
        username,
        password: 'typed-password-1',
        passwordKey: key,
        email: `${username}@example.com`,
        displayName: 'Key Member',
      },
    });
    expect(registered.status).toBe(201);
    const cookie = sessionCookie(registered);
    expect((await call('/api/auth/login', { body: { username, password: key } })).status).toBe(200);

    const newKey = await keyFor(username, 'typed-password-2');
    const changed = await call('/api/auth/change-password', {
      cookie,
      body: { currentPassword: key, newPassword: 'typed-password-2', newPasswordKey: newKey },
    });
    expect(changed.status).toBe(200);
    expect((await call('/api/auth/login', { body: { username, password: newKey } })).status).toBe(200);
    expect((await call('/api/auth/login', { body: { username, password: key } })).status).toBe(401);

    await call('/api/auth/forgot-password', { body: { email: `${username}@example.com` } });
    const token = await tokenFromEmail(`${username}@example.com`, /Reset/);
    const resetKey = derivePasswordKey(await argon2id(), 'typed-password-3', await saltOf({ resetToken: token }));
    expect(
      (await call('/api/auth/reset-password', { body: { token, password: 'typed-password-3', passwordKey: resetKey } }))
        .status,
    ).toBe(200);
    expect((await call('/api/auth/login', { body: { username, password: 'typed-password-3' } })).status).toBe(200);
  });

  it('refuses a malformed key with a clear message', async () => {
    const username = unique('bad');
    const response = await call('/api/auth/register', {
      body: {
        username,
        password: 'typed-password-1',
        passwordKey: 'argon2id:short',
        email: `${username}@example.com`,
        displayName: 'Bad Key',
      },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors.passwordKey).toBe('Password key is malformed');
  });

  it('without a pepper the server refuses sign-in clearly instead of storing unkeyed hashes', async () => {
    const noPepper = { ...env, PASSWORD_PEPPER: '' } as Env;
    await expect(passwordSaltFor(noPepper, 'anyone')).rejects.toMatchObject({ status: 503 });
  });
});

describe('passwords stored before server relief', () => {
  it("never take a key (the old hash itself); the plain password signs in once and moves the account onto its name's salt", async () => {
    const member = await legacyMember('legacy-password-1');
    // The salt endpoint answers the name's own salt, as for any name: the old salt is not handed out.
    const salt = await saltOf({ username: member.username });
    expect(salt.salt).not.toBe(member.salt);
    const oldKey = derivePasswordKey(await argon2id(), 'legacy-password-1', { ...salt, salt: member.salt });
    expect((await call('/api/auth/login', { body: { username: member.username, password: oldKey } })).status).toBe(401);
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: 'wrong-password' } })).status,
    ).toBe(401);
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: 'legacy-password-1' } })).status,
    ).toBe(200);
    const rekeyed = await storedPassword(member.id);
    expect(rekeyed).toMatch(
      new RegExp(`^\\$relief\\$v=1\\$m=19456,t=2,p=1\\$${salt.salt.replace(/[+/]/g, '\\$&')}\\$`),
    );
    const key = derivePasswordKey(await argon2id(), 'legacy-password-1', salt);
    expect((await call('/api/auth/login', { body: { username: member.username, password: key } })).status).toBe(200);
    expect((await call('/api/auth/login', { body: { username: member.username, password: oldKey } })).status).toBe(401);
  });

  it('the upgrade job rewrites old rows without their owners, once, and then reads nothing', async () => {
    const members = [await legacyMember('legacy-a-123'), await legacyMember('legacy-b-123')];
    let upgradedRows = 0;
    for (let run = 0; run < 20; run++) {
      const count = await upgradePasswordHashes(env);
      upgradedRows += count;
      if (count < PASSWORD_UPGRADES_PER_RUN) break;
    }
    expect(upgradedRows).toBeGreaterThanOrEqual(2);
    for (const member of members) expect(await storedPassword(member.id)).toMatch(/^\$relief\$/);
    expect(await upgradePasswordHashes(env)).toBe(0);
    expect(
      (await call('/api/auth/login', { body: { username: members[0]!.username, password: 'legacy-a-123' } })).status,
    ).toBe(200);
    // The database no longer holds the old hash (which is the member's password key), only its keyed hash.
    for (const member of members) expect(await storedPassword(member.id)).not.toContain(toBase64(member.hash));
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id, password FROM users WHERE substr(password, 1, 10) = '$argon2id$' ORDER BY id LIMIT 45`,
    ).all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(' ')).toMatch(/USING INDEX users_legacy_password_idx/);
  });
});

describe('reset links after other changes', () => {
  it('a reset link stops working after a password change', async () => {
    const member = await signUp();
    await call('/api/auth/forgot-password', { body: { email: member.email } });
    const token = await tokenFromEmail(member.email, /Reset/);
    const changed = await call('/api/auth/change-password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'changed-pass-1' },
    });
    expect(changed.status).toBe(200);
    const reset = await call('/api/auth/reset-password', { body: { token, password: 'attacker-pass-1' } });
    expect(reset.status).toBe(400);
    expect((await json(reset)).message).toBe('Reset link is invalid or has expired');
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: 'changed-pass-1' } })).status,
    ).toBe(200);
  });

  it('a reset link stops working after an email change, and the old address is told', async () => {
    const member = await signUp();
    await call('/api/auth/forgot-password', { body: { email: member.email } });
    const token = await tokenFromEmail(member.email, /Reset/);
    const newEmail = `${unique('moved')}@example.com`;
    const patched = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { email: newEmail },
    });
    expect(patched.status).toBe(200);
    expect((await call('/api/auth/reset-password', { body: { token, password: 'attacker-pass-1' } })).status).toBe(400);
    const { waitForEmailTo } = await import('./helpers');
    const notice = await waitForEmailTo(member.email, /email address was changed/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/reset your password/i);
  });
});

describe('bounded password work', () => {
  it('a password longer than any allowed one is refused without deriving a key', async () => {
    const member = await signUp();
    const response = await call('/api/auth/login', {
      body: { username: member.username, password: 'p'.repeat(100_000) },
    });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Invalid username or password', code: 'invalid_login' });
    const change = await call('/api/auth/change-password', {
      cookie: member.cookie,
      body: { currentPassword: 'p'.repeat(300), newPassword: 'long-enough-1' },
    });
    expect(change.status).toBe(400);
    expect((await json(change)).errors.currentPassword).toBe('Current password is incorrect');
  });
});
