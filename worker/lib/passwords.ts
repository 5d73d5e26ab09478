// Turning what a client sent into a password key (docs/decisions/015-password-server-relief.md).
// The SPA sends the key itself (`argon2id:…`, derived in the browser): nothing to compute here.
// A client that sends the plain password (older API clients, the demo seed, the tests) gets the
// same key computed by a PasswordHasher Durable Object: ~45 ms of CPU, which the free plan's
// 10 ms per invocation may cut off; documented as the compatibility path only.
import type { PasswordHasher } from '../durable-objects/password-hasher';
import { decodePasswordKey, isPasswordKey, type PasswordSalt } from '../../src/shared/password-key';
import { passwordSaltFor, storedPasswordFor } from './password-relief';

// Several named instances spread concurrent requests; each is single-threaded.
const HASHER_SHARDS = 8;

function hasher(env: Env): DurableObjectStub<PasswordHasher> {
  const shard = Math.floor(Math.random() * HASHER_SHARDS);
  const ns = env.PASSWORD_HASHER as DurableObjectNamespace<PasswordHasher>;
  return ns.get(ns.idFromName(`hasher-${shard}`));
}

/** The 32-byte password key for `input`, which is either a key in wire format or a plain password. */
export async function passwordKeyFrom(env: Env, input: string, params: PasswordSalt): Promise<Uint8Array<ArrayBuffer>> {
  const wire = isPasswordKey(input) ? input : await hasher(env).deriveKey(input, params);
  return decodePasswordKey(wire)!;
}

/** The stored password of a new account: its name's derived salt, the key, the keyed hash. */
export async function newAccountPassword(env: Env, username: string, passwordOrKey: string): Promise<string> {
  const params = await passwordSaltFor(env, username);
  return storedPasswordFor(env, params, await passwordKeyFrom(env, passwordOrKey, params));
}
