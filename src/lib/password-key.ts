// The browser's half of password server relief (docs/decisions/015-password-server-relief.md):
// fetch the account's salt, run Argon2id here (about 0.1 s on a phone), and send only the key.
// The server then spends microseconds per sign-in instead of the 40-55 ms Argon2id costs, which
// the free plan's 10 ms of CPU per invocation could cut off. Loaded on demand: the WebAssembly
// and its loader stay out of every page's first download.
import { derivePasswordKey, type Argon2id } from '@/shared/password-key';
import { authRoutes } from '@/shared/contract/auth';
import { call } from './api-client';

let loaded: Promise<Argon2id> | undefined;

function loadArgon2id(): Promise<Argon2id> {
  loaded ??= (async () => {
    const [{ default: setupWasm }, simd, noSimd] = await Promise.all([
      import('argon2id/lib/setup.js'),
      import('argon2id/dist/simd.wasm?url'),
      import('argon2id/dist/no-simd.wasm?url'),
    ]);
    const instantiate = (url: string) => async (imports: WebAssembly.Imports) => {
      const module = await WebAssembly.compile(await (await fetch(url)).arrayBuffer());
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    };
    return setupWasm(instantiate(simd.default), instantiate(noSimd.default));
  })();
  // A failed download may be retried by the next attempt.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** Whose salt: a username (sign-in, sign-up, password change) or a reset link's token. */
export type PasswordOwner = { username: string } | { resetToken: string };

/** The password key (`argon2id:…`) the server expects in place of the typed password. */
export async function passwordKeyFor(owner: PasswordOwner, password: string): Promise<string> {
  const [salt, argon2id] = await Promise.all([call(authRoutes.passwordSalt, { body: owner }), loadArgon2id()]);
  return derivePasswordKey(argon2id, password, salt);
}
