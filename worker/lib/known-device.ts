// A browser that has signed in to an account before (issue 22, N3). Failed sign-ins to a name from
// every address together have a soft limit (failedSignInPerName) against credential stuffing from
// many addresses; the owner's own browser passes it, recognised by a mark it got at its last
// successful sign-in: `kd` = up to three marks (one per account) of HMAC(pepper, "device:" + name),
// sent only to /api/auth. It proves only that this browser signed in to that name once; the
// per-address rules still apply to it. Costs nothing in D1 or KV.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { toBase64 } from '@/shared/password-key';
import type { AppEnv } from '../types';
import { foldName } from './names';
import { pepperMac } from './password-relief';

const COOKIE = 'kd';
const MARKS_KEPT = 3;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const markFor = async (env: Env, username: string) =>
  toBase64((await pepperMac(env, `device:${foldName(username)}`)).slice(0, 16))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

function marksOf(c: Context<AppEnv>): string[] {
  try {
    return (getCookie(c, COOKIE) ?? '')
      .split('.')
      .filter((mark) => /^[A-Za-z0-9_-]{22}$/.test(mark))
      .slice(0, MARKS_KEPT);
  } catch {
    return [];
  }
}

/** Whether this browser signed in to `username` before. */
export async function isKnownDevice(c: Context<AppEnv>, username: string): Promise<boolean> {
  const marks = marksOf(c);
  return marks.length > 0 && marks.includes(await markFor(c.env, username));
}

/** Remembers a successful sign-in (or sign-up) to `username` in this browser. */
export async function rememberDevice(c: Context<AppEnv>, username: string): Promise<void> {
  const mark = await markFor(c.env, username);
  const marks = [mark, ...marksOf(c).filter((kept) => kept !== mark)].slice(0, MARKS_KEPT);
  setCookie(c, COOKIE, marks.join('.'), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/api/auth',
    maxAge: YEAR_SECONDS,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}
