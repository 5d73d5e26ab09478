// The D1 bookmark cookie (decision 057): the bookmark a request's D1 session ended with, after the
// request wrote, so the browser's next requests (any tab) start their session from it and read
// that write even from a read replica. Signed with SIGNING_SECRET, so a value this Worker did not
// issue (mangled, or forged ahead of the database) is ignored and the request starts a fresh
// session: a bookmark the database has not reached would otherwise hold the member's reads.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { hmacSign, hmacVerify } from './crypto';

export const BOOKMARK_COOKIE = 'd1b';
/**
 * Far longer than a replica's lag (normally well under a second): after it, the browser's reads
 * may start anywhere again. Short, so an idle member's requests stop carrying it.
 */
export const BOOKMARK_SECONDS = 5 * 60;
/** What D1 returns: hex groups joined by dashes (lexicographically ordered, oldest first). */
const BOOKMARK = /^[0-9a-f]{8}(?:-[0-9a-f]{8,64}){1,4}$/;
const SIGNED = /^([0-9a-f-]{17,300})\.([0-9a-f]{64})$/;

const payload = (bookmark: string) => `d1-bookmark:${bookmark}`;

/** The bookmark of the request's cookie when this Worker signed it, else null (no cookie, any other value). */
export async function readBookmark(c: Context, secret: string | undefined): Promise<string | null> {
  let value: string | undefined;
  try {
    value = getCookie(c, BOOKMARK_COOKIE);
  } catch {
    return null; // a cookie value that does not decode
  }
  const parts = value ? SIGNED.exec(value) : null;
  if (!parts || !secret || !BOOKMARK.test(parts[1]!)) return null;
  return (await hmacVerify(secret, payload(parts[1]!), parts[2]!)) ? parts[1]! : null;
}

/** Sets the cookie to `bookmark`, signed (nothing when D1 gave no bookmark of its form). */
export async function setBookmarkCookie(c: Context, secret: string | undefined, bookmark: string): Promise<void> {
  if (!secret || !BOOKMARK.test(bookmark)) return;
  setCookie(c, BOOKMARK_COOKIE, `${bookmark}.${await hmacSign(secret, payload(bookmark))}`, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: BOOKMARK_SECONDS,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}
