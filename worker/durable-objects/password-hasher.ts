// Argon2id costs ~40-55 ms of CPU, past the free plan's 10 ms per Worker request, so hashing runs
// here: a Durable Object request has a 30 s CPU budget. It keeps no state and stores nothing.
import { DurableObject } from 'cloudflare:workers';
import setupWasm, { type computeHash } from 'argon2id/lib/setup.js';
import simdModule from 'argon2id/dist/simd.wasm';
import noSimdModule from 'argon2id/dist/no-simd.wasm';
import { hashWith, verifyWith } from '../lib/password-format';

let loaded: Promise<computeHash> | undefined;

function loadArgon2id(): Promise<computeHash> {
  loaded ??= setupWasm(
    async (imports) => ({ module: simdModule, instance: await WebAssembly.instantiate(simdModule, imports) }),
    async (imports) => ({ module: noSimdModule, instance: await WebAssembly.instantiate(noSimdModule, imports) }),
  );
  return loaded;
}

export class PasswordHasher extends DurableObject<Env> {
  async hash(password: string): Promise<string> {
    return hashWith(await loadArgon2id(), password);
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    return verifyWith(await loadArgon2id(), password, encoded);
  }
}
