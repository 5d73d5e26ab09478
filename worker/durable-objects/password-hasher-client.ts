// The PasswordHasher's client (decision 001): a stub of one of its shards.
import type { PasswordHasher } from './password-hasher';

// Several named instances spread concurrent requests; each is single-threaded.
const HASHER_SHARDS = 8;

export function hasher(env: Env): DurableObjectStub<PasswordHasher> {
  const shard = Math.floor(Math.random() * HASHER_SHARDS);
  const ns = env.PASSWORD_HASHER as DurableObjectNamespace<PasswordHasher>;
  return ns.get(ns.idFromName(`hasher-${shard}`));
}
