// Server relief for password hashing (docs/decisions/015-password-server-relief.md): the expensive
// Argon2id runs where the password is typed (the browser), with the account's salt and the
// parameters the server publishes; the server keeps only a fast keyed hash of the result. This
// module is the part both sides share: the parameters' shape and the key's wire format.
import * as v from 'valibot';

/** OWASP's recommendation: Argon2id, 19 MiB, 2 passes, 1 lane, 32-byte output. */
export const ARGON2_PARAMS = { memorySize: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/** What `POST /api/auth/password-salt` answers: everything needed to derive the password key. */
export const passwordSalt = v.strictObject({
  algorithm: v.literal('argon2id'),
  /** Standard base64 without padding, as in PHC strings. */
  salt: v.string(),
  memorySize: v.number(),
  passes: v.number(),
  parallelism: v.number(),
  tagLength: v.number(),
});
export type PasswordSalt = v.InferOutput<typeof passwordSalt>;

/** A derived key travels in the `password` fields as `argon2id:` + 43 base64url characters (32 bytes). */
export const PASSWORD_KEY_PREFIX = 'argon2id:';
export const PASSWORD_KEY_PATTERN = /^argon2id:[A-Za-z0-9_-]{43}$/;

export const isPasswordKey = (value: string): boolean => PASSWORD_KEY_PATTERN.test(value);

export const passwordKeyField = v.pipe(
  v.string('Password key is malformed'),
  v.regex(PASSWORD_KEY_PATTERN, 'Password key is malformed'),
);

const toBase64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export function encodePasswordKey(key: Uint8Array): string {
  return PASSWORD_KEY_PREFIX + toBase64Url(key);
}

export function decodePasswordKey(value: string): Uint8Array<ArrayBuffer> | null {
  if (!isPasswordKey(value)) return null;
  return fromBase64(value.slice(PASSWORD_KEY_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/'));
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '');
};

/** The Argon2id function of the `argon2id` package, loaded by each side its own way. */
export type Argon2id = (params: {
  password: Uint8Array;
  salt: Uint8Array;
  memorySize: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}) => Uint8Array;

/** The password key: Argon2id(password, salt) with the published parameters, in its wire format. */
export function derivePasswordKey(argon2id: Argon2id, password: string, params: PasswordSalt): string {
  const key = argon2id({
    password: new TextEncoder().encode(password),
    salt: fromBase64(params.salt),
    memorySize: params.memorySize,
    passes: params.passes,
    parallelism: params.parallelism,
    tagLength: params.tagLength,
  });
  return encodePasswordKey(key);
}
