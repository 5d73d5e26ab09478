// Argon2id password strings in the PHC format ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so the
// cost can be raised later: verification always reads the parameters from the stored string.
import type { computeHash } from 'argon2id/lib/setup.js';

/** OWASP's recommendation: Argon2id, 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMS = { memorySize: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export function hashWith(argon2id: computeHash, password: string, salt = crypto.getRandomValues(new Uint8Array(16))): string {
  const { memorySize, passes, parallelism, tagLength } = ARGON2_PARAMS;
  const hash = argon2id({ password: encoder.encode(password), salt, memorySize, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memorySize},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function verifyWith(argon2id: computeHash, password: string, encoded: string): boolean {
  const match = PHC.exec(encoded);
  if (!match) return false;
  const [, m, t, p, saltText, hashText] = match;
  const expected = unb64(hashText!);
  const actual = argon2id({
    password: encoder.encode(password),
    salt: unb64(saltText!),
    memorySize: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  // Constant time: compare every byte whatever the first difference.
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (actual[i] ?? 0) ^ expected[i]!;
  return diff === 0;
}
