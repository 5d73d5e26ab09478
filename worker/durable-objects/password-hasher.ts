// Argon2id for clients that send a plain password instead of the password key the SPA derives
// in the browser (docs/decisions/015-password-server-relief.md). One derivation costs ~45 ms of
// CPU: fine locally and on Workers Paid; on the free plan a Durable Object is held to 10 ms per
// invocation too, so the SPA never comes here. It keeps no state and stores nothing.
import { DurableObject } from 'cloudflare:workers';
import setupWasm, { type computeHash } from 'argon2id/lib/setup.js';
import simdModule from 'argon2id/dist/simd.wasm';
import noSimdModule from 'argon2id/dist/no-simd.wasm';
import { derivePasswordKey, type PasswordSalt } from '@/shared/password-key';

let loaded: Promise<computeHash> | undefined;

function loadArgon2id(): Promise<computeHash> {
  loaded ??= setupWasm(
    async (imports) => ({ module: simdModule, instance: await WebAssembly.instantiate(simdModule, imports) }),
    async (imports) => ({ module: noSimdModule, instance: await WebAssembly.instantiate(noSimdModule, imports) }),
  );
  return loaded;
}

export class PasswordHasher extends DurableObject<Env> {
  /**
   * The password key in wire format (`argon2id:…`), exactly as the browser would derive it; null
   * for a password the library refuses (a single byte under 8, which it misreads as too short).
   */
  async deriveKey(password: string, params: PasswordSalt): Promise<string | null> {
    const argon2id = await loadArgon2id();
    try {
      return derivePasswordKey(argon2id, password, params);
    } catch (error) {
      if (error instanceof Error && /password size/.test(error.message)) return null;
      throw error;
    }
  }
}
