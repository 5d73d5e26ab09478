// The Worker's side of password hashing: a call to one of a few PasswordHasher objects.
import type { PasswordHasher } from '../durable-objects/password-hasher';

// Several named instances spread concurrent sign-ins; each is single-threaded.
const HASHER_SHARDS = 8;

function hasher(env: Env): DurableObjectStub<PasswordHasher> {
  const shard = Math.floor(Math.random() * HASHER_SHARDS);
  const ns = env.PASSWORD_HASHER as DurableObjectNamespace<PasswordHasher>;
  return ns.get(ns.idFromName(`hasher-${shard}`));
}

export function hashPassword(env: Env, password: string): Promise<string> {
  return hasher(env).hash(password);
}

export function verifyPassword(env: Env, password: string, encoded: string): Promise<boolean> {
  return hasher(env).verify(password, encoded);
}

/** A real hash of nothing useful: verifying against it makes "no such user" cost the same time. */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0Jb4kq2o1GqTq3lq7u2mN2mQ6R0e8pW4mW1T3m0kQ0E';
