// The server's half of password server relief (docs/decisions/015-password-server-relief.md).
// The client sends K = Argon2id(password, account salt); the database keeps HMAC-SHA256(pepper, K)
// in `$relief$v=1$m=…,t=…,p=…$salt$mac`. Checking a sign-in is one HMAC: microseconds of CPU.
//
// Older rows hold a plain Argon2id PHC string (`$argon2id$v=19$…$salt$hash`), and the upgrade cron
// job rewrites them as HMAC(pepper, hash) with the old salt. Either way the old hash is what a
// client would derive with that salt, and an old backup holds it: such a row never takes a key
// (docs/decisions/037-sign-in-and-session-budgets.md). Its owner signs in once with the plain
// password (derived on the server, services/passwords.ts), which moves the account onto its name's salt,
// or resets the password. A row keyed with its name's salt is the only kind that takes keys.
import { ARGON2_PARAMS, fromBase64, toBase64, type PasswordSalt } from '@/shared/password-key';
import { HttpError } from './errors';
import { foldName } from './names';

const encoder = new TextEncoder();

const RELIEF = /^\$relief\$v=1\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
const LEGACY = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface ParsedPassword {
  kind: 'relief' | 'legacy';
  params: PasswordSalt;
  digest: Uint8Array<ArrayBuffer>;
}

export function parseStoredPassword(stored: string): ParsedPassword | null {
  const relief = RELIEF.exec(stored);
  const match = relief ?? LEGACY.exec(stored);
  if (!match) return null;
  const [, m, t, p, salt, digest] = match;
  const digestBytes = fromBase64(digest!);
  const params: PasswordSalt = {
    algorithm: 'argon2id',
    salt: salt!,
    memorySize: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    // A legacy row's hash length is the key length its owner's client must derive.
    tagLength: relief ? ARGON2_PARAMS.tagLength : digestBytes.length,
  };
  return { kind: relief ? 'relief' : 'legacy', params, digest: digestBytes };
}

/** The shortest pepper accepted (GET /api/health says whether the one set is). */
export const PEPPER_MIN_LENGTH = 32;

function pepper(env: Env): string {
  const value = env.PASSWORD_PEPPER;
  if (!value || value.length < PEPPER_MIN_LENGTH) {
    console.error(
      'PASSWORD_PEPPER is not set (or shorter than 32 characters): sign-in and registration are refused. Set it with `npx wrangler secret put PASSWORD_PEPPER`.',
    );
    throw new HttpError(503, 'Sign-in is temporarily unavailable. Please try again later.');
  }
  return value;
}

async function macKey(env: Env): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(pepper(env)), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** HMAC-SHA256 of `text` under the pepper: values the server can recognise and nobody else can make. */
export async function pepperMac(env: Env, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await macKey(env), encoder.encode(text)));
}

/** The salt a name is given under the pepper (folded as the database folds names: ASCII only). */
export async function nameSaltFor(env: Env, username: string): Promise<PasswordSalt> {
  const mac = await pepperMac(env, `salt:${foldName(username)}`);
  return { algorithm: 'argon2id', salt: toBase64(mac.slice(0, 16)), ...ARGON2_PARAMS };
}

/** Whether a stored password takes password keys: a relief row keyed with its name's salt. */
export const takesKeys = (parsed: ParsedPassword | null, nameSalt: PasswordSalt): boolean =>
  parsed?.kind === 'relief' && parsed.params.salt === nameSalt.salt;

/**
 * The salt and parameters a client derives the password key with. For an account whose row takes
 * keys they come from its stored password; for any other name (no account, or a row from before
 * server relief) they are the name's own salt under the pepper, so the answer is stable and looks
 * the same whatever the account: nothing is enumerable, pre-relief accounts included.
 */
export async function passwordSaltFor(env: Env, username: string, stored?: string | null): Promise<PasswordSalt> {
  const parsed = stored ? parseStoredPassword(stored) : null;
  const nameSalt = await nameSaltFor(env, username);
  return parsed && takesKeys(parsed, nameSalt) ? parsed.params : nameSalt;
}

/** The stored form of a password key: the keyed hash, with the salt and parameters it was derived with. */
export async function storedPasswordFor(env: Env, params: PasswordSalt, key: Uint8Array<ArrayBuffer>): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await macKey(env), key));
  return `$relief$v=1$m=${params.memorySize},t=${params.passes},p=${params.parallelism}$${params.salt}$${toBase64(mac)}`;
}

function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i]!;
  return diff === 0;
}

/**
 * Checks a key against a stored password. A missing or unreadable row still costs one HMAC, so an
 * unknown name answers in the same time as a wrong password. A pre-relief row is compared with the
 * key directly: callers pass only a key the server derived itself from the plain password.
 */
export async function checkPasswordKey(
  env: Env,
  key: Uint8Array<ArrayBuffer>,
  stored: string | null | undefined,
): Promise<{ ok: boolean }> {
  const parsed = stored ? parseStoredPassword(stored) : null;
  const hmac = await macKey(env);
  if (!parsed || parsed.kind === 'relief') {
    const expected = parsed?.digest ?? new Uint8Array(32);
    // crypto.subtle.verify compares in constant time.
    const ok = await crypto.subtle.verify('HMAC', hmac, expected, key);
    return { ok: ok && parsed !== null };
  }
  await crypto.subtle.sign('HMAC', hmac, key);
  return { ok: equalInConstantTime(key, parsed.digest) };
}

/** A legacy row rewritten without its owner: the stored hash is the password key, so it can be keyed now. */
export async function upgradeLegacyPassword(env: Env, stored: string): Promise<string | null> {
  const parsed = parseStoredPassword(stored);
  if (parsed?.kind !== 'legacy') return null;
  return storedPasswordFor(env, parsed.params, parsed.digest);
}
