import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../worker/lib/passwords';

describe('PasswordHasher (Argon2id in a Durable Object)', () => {
  it('stores OWASP parameters in a self-describing PHC string with a random salt', async () => {
    const first = await hashPassword(env, 'correct horse battery');
    const second = await hashPassword(env, 'correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses wrong ones and malformed hashes', async () => {
    const hash = await hashPassword(env, 'correct horse battery');
    expect(await verifyPassword(env, 'correct horse battery', hash)).toBe(true);
    expect(await verifyPassword(env, 'correct horse batterx', hash)).toBe(false);
    // Tamper with a digest character inside the string: the last one of 43 also carries 4 unused
    // bits, so changing it can leave the decoded bytes as they were.
    const at = hash.length - 10;
    const tampered = hash.slice(0, at) + (hash[at] === 'A' ? 'B' : 'A') + hash.slice(at + 1);
    expect(await verifyPassword(env, 'correct horse battery', tampered)).toBe(false);
    expect(await verifyPassword(env, 'anything', 'not-a-hash')).toBe(false);
    expect(await verifyPassword(env, 'anything', DUMMY_PASSWORD_HASH)).toBe(false);
  });

  it('verifies hashes made with other costs, reading the parameters from the stored string', async () => {
    const { default: setupWasm } = await import('argon2id/lib/setup.js');
    const simd = (await import('argon2id/dist/simd.wasm')).default as WebAssembly.Module;
    const load = async (imports: WebAssembly.Imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) });
    const argon2id = await setupWasm(load, load);
    const salt = new TextEncoder().encode('saltsaltsaltsalt');
    const hash = argon2id({ password: new TextEncoder().encode('old-cost-password'), salt, memorySize: 4096, passes: 1, parallelism: 1, tagLength: 32 });
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
    const encoded = `$argon2id$v=19$m=4096,t=1,p=1$${b64(salt)}$${b64(hash)}`;
    expect(await verifyPassword(env, 'old-cost-password', encoded)).toBe(true);
    expect(await verifyPassword(env, 'old-cost-password', encoded.replace('t=1', 't=2'))).toBe(false);
  });
});
