// Turning what a client sent into a password key (docs/decisions/015-password-server-relief.md).
// The SPA sends the key itself (`argon2id:…`, derived in the browser): nothing to compute here.
// A client that sends the plain password (older API clients, the demo seed, the tests) gets the
// same key computed by a PasswordHasher Durable Object: ~45 ms of CPU, which the free plan's
// 10 ms per invocation may cut off; documented as the compatibility path only.
import { hasher } from '@worker/durable-objects/password-hasher-client';
import { decodePasswordKey, isPasswordKey, type PasswordSalt } from '@/shared/password-key';
import { badRequest } from '@worker/lib/errors';
import {
  checkPasswordKey,
  nameSaltFor,
  parseStoredPassword,
  passwordSaltFor,
  storedPasswordFor,
  takesKeys,
} from '@worker/lib/password-relief';

/**
 * The field a plain password came in, with the contract's message for a missing one: a password
 * the hashing library refuses (issue 22, N13: a lone "\u0000" or another single byte under 8, which
 * it misreads as too short) is answered as if none was sent, 400, never 500.
 */
export const PASSWORD_FIELDS = {
  password: 'Password is required',
  currentPassword: 'Current password is required',
  newPassword: 'Password must be at least 8 characters',
} as const;
export type PasswordField = keyof typeof PASSWORD_FIELDS;

/** The 32-byte password key for `input`, which is either a key in wire format or a plain password. */
export async function passwordKeyFrom(
  env: Env,
  input: string,
  params: PasswordSalt,
  field: PasswordField,
): Promise<Uint8Array<ArrayBuffer>> {
  if (isPasswordKey(input)) return decodePasswordKey(input)!;
  const wire = await hasher(env).deriveKey(input, params);
  if (wire === null) throw badRequest(PASSWORD_FIELDS[field], { [field]: PASSWORD_FIELDS[field] });
  return decodePasswordKey(wire)!;
}

/** The stored password of a new account: its name's derived salt, the key, the keyed hash. */
export async function newAccountPassword(env: Env, username: string, passwordOrKey: string): Promise<string> {
  const params = await passwordSaltFor(env, username);
  return storedPasswordFor(env, params, await passwordKeyFrom(env, passwordOrKey, params, 'newPassword'));
}

export interface PasswordCheck {
  ok: boolean;
  /** The row to store instead: a pre-relief account moved onto its name's salt by its plain password. */
  rekeyed?: string;
}

/**
 * Checks what a client sent (a key or the plain password) against an account's stored password,
 * or against nothing for an unknown name (the same work: one HMAC for the name's salt, one to verify).
 * A row from before server relief (or rewritten from one) never takes a key: its old hash would be
 * one, and old backups hold it (issue 22, N4). Only the plain password opens it, once: the key is
 * derived with the row's old salt on the server to check it, then with the name's salt to re-key it.
 */
export async function verifyPassword(
  env: Env,
  username: string,
  input: string,
  stored: string | null | undefined,
  field: PasswordField,
): Promise<PasswordCheck> {
  const parsed = stored ? parseStoredPassword(stored) : null;
  const nameSalt = await nameSaltFor(env, username);
  if (!parsed || takesKeys(parsed, nameSalt)) {
    return checkPasswordKey(
      env,
      await passwordKeyFrom(env, input, parsed?.params ?? nameSalt, field),
      parsed ? stored : null,
    );
  }
  if (isPasswordKey(input)) {
    await checkPasswordKey(env, decodePasswordKey(input)!, null); // the same work as a wrong key
    return { ok: false };
  }
  const checked = await checkPasswordKey(env, await passwordKeyFrom(env, input, parsed.params, field), stored);
  if (!checked.ok) return checked;
  return {
    ok: true,
    rekeyed: await storedPasswordFor(env, nameSalt, await passwordKeyFrom(env, input, nameSalt, field)),
  };
}
