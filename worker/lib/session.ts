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

const key = (id: string) => `session:${id}`;

export function readSessionId(c: Context): string | undefined {
  const id = getCookie(c, SESSION_COOKIE);
  return id && /^[A-Za-z0-9_-]{43,}$/.test(id) ? id : undefined;
}

export async function loadSession(env: Env, id: string): Promise<SessionRecord | null> {
  const record = await env.SESSIONS.get<SessionRecord>(key(id), 'json');
  return record && Number.isInteger(record.userId) && Number.isFinite(record.createdAt) ? record : null;
}

/** A fresh id on every sign-in, so a planted id can never become an authenticated one. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const old = readSessionId(c);
  if (old) await c.env.SESSIONS.delete(key(old));
  const id = randomToken(32);
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
