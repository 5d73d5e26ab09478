// Signed newsletter links (decision 038): asking for the newsletter writes no subscription row,
// only the confirmation mail; the links carry the address and are signed with SIGNING_SECRET, so
// the row is written when the link comes back (confirm), and a guest's repeated asks cost no
// subscription rows. Both tokens hold the address and a nonce they share:
//   confirm:     <address, base64url>.<issued at, ms>.<nonce>.<HMAC hex>
//   unsubscribe: <address, base64url>.<nonce>.<HMAC hex>
// The unsubscribe token is derived from the confirm token's address and nonce, so the link in the
// confirmation mail is the one the confirmed subscription stores (as a SHA-256, like every token).
import { hmacSign, hmacVerify, randomToken, toBase64Url } from './crypto';
import { NEWSLETTER_CONFIRM_MS } from './email';
import { NEWSLETTER_TOKEN_MAX } from '@/shared/schemas';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

const confirmPayload = (email: string, issuedAt: number, nonce: string) =>
  `newsletter-confirm|${email}|${issuedAt}|${nonce}`;
const unsubscribePayload = (email: string, nonce: string) => `newsletter-unsubscribe|${email}|${nonce}`;

function fromBase64Url(value: string): string | null {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    return decoder.decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

async function unsubscribeToken(secret: string, email: string, nonce: string): Promise<string> {
  return `${toBase64Url(encoder.encode(email))}.${nonce}.${await hmacSign(secret, unsubscribePayload(email, nonce))}`;
}

/** A fresh pair of links' tokens for the address, issued at `now`. */
export async function newsletterTokens(
  secret: string,
  email: string,
  now = Date.now(),
): Promise<{ confirm: string; unsubscribe: string }> {
  const nonce = randomToken(16);
  const confirm = `${toBase64Url(encoder.encode(email))}.${now}.${nonce}.${await hmacSign(secret, confirmPayload(email, now, nonce))}`;
  return { confirm, unsubscribe: await unsubscribeToken(secret, email, nonce) };
}

export interface ConfirmClaim {
  email: string;
  issuedAt: number;
  /** The unsubscribe token of the same mail: the confirmed subscription stores its hash. */
  unsubscribe: string;
}

/** The claim of a confirm token signed here and issued at most 48 hours before `now`; null otherwise. */
export async function readConfirmToken(secret: string, token: string, now = Date.now()): Promise<ConfirmClaim | null> {
  const parts = token.length <= NEWSLETTER_TOKEN_MAX ? token.split('.') : [];
  if (parts.length !== 4) return null;
  const [encoded, issued, nonce, signature] = parts as [string, string, string, string];
  const email = fromBase64Url(encoded);
  if (email === null || !/^\d{1,15}$/.test(issued)) return null;
  const issuedAt = Number(issued);
  if (issuedAt > now || now - issuedAt >= NEWSLETTER_CONFIRM_MS) return null;
  if (!(await hmacVerify(secret, confirmPayload(email, issuedAt, nonce), signature))) return null;
  return { email, issuedAt, unsubscribe: await unsubscribeToken(secret, email, nonce) };
}

/** The address of an unsubscribe token signed here; null otherwise. */
export async function readUnsubscribeToken(secret: string, token: string): Promise<string | null> {
  const parts = token.length <= NEWSLETTER_TOKEN_MAX ? token.split('.') : [];
  if (parts.length !== 3) return null;
  const [encoded, nonce, signature] = parts as [string, string, string];
  const email = fromBase64Url(encoded);
  if (email === null || !(await hmacVerify(secret, unsubscribePayload(email, nonce), signature))) return null;
  return email;
}
