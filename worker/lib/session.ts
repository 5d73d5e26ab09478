// Sessions (docs/decisions/037-sign-in-and-session-budgets.md): the cookie, the id's shape and the
// KV copy's key and record. The session store that reads and writes them (the D1 row, which is the
// truth, and the KV copy, a read cache within the day's KV-write budget) is
// worker/db/queries/sessions.ts. Both expire with the cookie after 30 days.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { randomToken } from './crypto';

export const SESSION_COOKIE = 'sid';
export const SESSION_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_MS = SESSION_SECONDS * 1000;

/** The subject of the instance's daily KV-write counter (rate limit `kvWritesPerDay`). */
export const KV_WRITE_BUDGET_SUBJECT = 'instance';

export interface SessionRecord {
  userId: number;
  createdAt: number; // ms; compared with users.sessions_valid_after
}

/** A session as a request found it: `cached` when its KV copy exists (sign-out must delete it). */
export interface LoadedSession extends SessionRecord {
  cached: boolean;
}

const SESSION_ID_BYTES = 32;
/** Exactly what newSessionId issues: 32 random bytes in unpadded base64url, 43 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** A fresh session id (every sign-in gets one, so a planted id never becomes an authenticated one). */
export const newSessionId = () => randomToken(SESSION_ID_BYTES);

/** The KV key of a session's cached copy. */
export const sessionCacheKey = (id: string) => `session:${id}`;

/**
 * The session id of the `sid` cookie, or undefined when there is none or it has any other shape
 * (too long for a KV key, other characters): such a cookie is simply signed out, never an error.
 */
export function readSessionId(c: Context): string | undefined {
  let id: string | undefined;
  try {
    id = getCookie(c, SESSION_COOKIE);
  } catch {
    return undefined; // a cookie value that does not decode (e.g. a stray %)
  }
  return id !== undefined && SESSION_ID.test(id) ? id : undefined;
}

/** Whether a KV copy holds a session record (anything else is read as a miss). */
export const isSessionRecord = (record: unknown): record is SessionRecord =>
  typeof record === 'object' &&
  record !== null &&
  Number.isInteger((record as SessionRecord).userId) &&
  Number.isFinite((record as SessionRecord).createdAt);

/** The `sid` cookie for a new session. */
export function setSessionCookie(c: Context, id: string): void {
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_SECONDS,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

/** The `sid` cookie removed (sign-out). */
export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}
