// KV sessions: `session:<id>` → { userId, createdAt }, expiring with the cookie after 30 days.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../types';
import { randomToken } from './crypto';

export const SESSION_COOKIE = 'sid';
const SESSION_SECONDS = 60 * 60 * 24 * 30;

export interface SessionRecord {
  userId: number;
  createdAt: number; // ms; compared with users.sessions_valid_after
}

const SESSION_ID_BYTES = 32;
/** Exactly what startSession issues: 32 random bytes in unpadded base64url, 43 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const key = (id: string) => `session:${id}`;

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

/**
 * The session record, or null. A KV failure (an outage, a rejected key) signs the request out
 * and is logged, so public routes keep working; routes that need a member answer 401.
 */
export async function loadSession(env: Env, id: string): Promise<SessionRecord | null> {
  let record: SessionRecord | null;
  try {
    record = await env.SESSIONS.get<SessionRecord>(key(id), 'json');
  } catch (error) {
    console.error('session lookup failed; treating the request as signed out', error);
    return null;
  }
  return record && typeof record === 'object' && Number.isInteger(record.userId) && Number.isFinite(record.createdAt) ? record : null;
}

/** A fresh id on every sign-in, so a planted id can never become an authenticated one. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const old = readSessionId(c);
  if (old) await c.env.SESSIONS.delete(key(old));
  const id = randomToken(SESSION_ID_BYTES);
  const record: SessionRecord = { userId, createdAt: Date.now() };
  await c.env.SESSIONS.put(key(id), JSON.stringify(record), { expirationTtl: SESSION_SECONDS });
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_SECONDS,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const id = readSessionId(c);
  if (id) await c.env.SESSIONS.delete(key(id));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}
