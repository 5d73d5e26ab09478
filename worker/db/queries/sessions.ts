// The session store (docs/decisions/037-sign-in-and-session-budgets.md; the cookie and the id's
// shape: worker/lib/session.ts). The D1 row (`sessions`, keyed by the SHA-256 of the id) is the
// truth; KV's `session:<id>` → { userId, createdAt } is a read cache, written only while the day's
// KV-write budget allows (the free plan allows 1,000 KV writes a day): the instance's day and each
// address's share of it, counted in D1. A KV write that fails is logged and the session lives in D1
// alone, so members still sign in when the KV day is spent. A lookup reads KV first, then the row by
// its primary key (one row) on a miss. The daily prune removes expired rows.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../client';
import { users, type UserRow } from '../schema';
import type { AppEnv } from '@worker/types';
import { sha256Hex } from '@worker/lib/crypto';
import { clientIp } from '@worker/lib/rate-limit';
import {
  clearSessionCookie,
  isSessionRecord,
  KV_WRITE_BUDGET_SUBJECT,
  newSessionId,
  readSessionId,
  sessionCacheKey,
  SESSION_MS,
  SESSION_SECONDS,
  setSessionCookie,
  type LoadedSession,
  type SessionRecord,
} from '@worker/lib/session';
import { hitStatement } from './rate-limits';

/**
 * The session, or null. KV first (no D1 work for a cached session); on a miss, or when KV fails
 * (logged), the D1 row by its primary key. Whether the session is still valid for its member
 * (sessions_valid_after, suspension) is checked against the user row by the caller.
 */
export async function loadSession(env: Env, id: string, now = Date.now()): Promise<LoadedSession | null> {
  try {
    const record = await env.SESSIONS.get<unknown>(sessionCacheKey(id), 'json');
    if (isSessionRecord(record)) return { userId: record.userId, createdAt: record.createdAt, cached: true };
  } catch (error) {
    console.error('session lookup in KV failed; reading the session from D1', error);
  }
  const row = await env.DB.prepare('SELECT user_id, created_at FROM sessions WHERE id_hash = ?1 AND expires_at > ?2')
    .bind(await sha256Hex(id), now)
    .first<{ user_id: number; created_at: number }>();
  return row ? { userId: row.user_id, createdAt: row.created_at, cached: false } : null;
}

/**
 * The session's member, read from D1 on every request that needs it (never cached, so a deleted
 * member or a demoted admin loses access at once). A plain select: the relational query API builds
 * the same statement with more work per request.
 */
export async function sessionUserRow(db: Db, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/**
 * A fresh id on every sign-in, so a planted id can never become an authenticated one. The row is
 * written first (with the address's KV share counted in the same batch); the KV copy only while
 * the address's share and then the instance's day allow it.
 */
export async function startSession(c: Context<AppEnv>, userId: number, now = Date.now()): Promise<void> {
  const db = c.env.DB;
  const id = newSessionId();
  const record: SessionRecord = { userId, createdAt: now };
  const share = await hitStatement(db, 'kvWritesPerAddressDay', clientIp(c), now);
  const replaced = c.get('session');
  const results = await db.batch<{ count: number; reset_at: number }>([
    ...share.statements,
    db
      .prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)')
      .bind(await sha256Hex(id), userId, now, now + SESSION_MS),
    // The session this browser had is replaced: its row goes now, its KV copy below.
    ...(replaced ? [db.prepare('DELETE FROM sessions WHERE id_hash = ?1').bind(await sha256Hex(replaced.id))] : []),
  ]);
  if (replaced?.cached) await deleteCachedCopy(c.env, replaced.id, now);
  if (withinLimit(results[1]?.results[0], share.limit) && (await spendKvWrite(c.env, now))) {
    await c.env.SESSIONS.put(sessionCacheKey(id), JSON.stringify(record), { expirationTtl: SESSION_SECONDS }).catch(
      (error: unknown) => {
        console.error('session cache write to KV failed; the session lives in D1', error);
      },
    );
  }
  setSessionCookie(c, id);
}

const withinLimit = (row: { count: number } | undefined, limit: number) => row !== undefined && row.count <= limit;

/** Counts one KV write against the instance's day; false (nothing to write) once the day is spent. */
async function spendKvWrite(env: Env, now: number): Promise<boolean> {
  const day = await hitStatement(env.DB, 'kvWritesPerDay', KV_WRITE_BUDGET_SUBJECT, now);
  const [, row] = await env.DB.batch<{ count: number; reset_at: number }>([...day.statements]);
  return withinLimit(row?.results[0], day.limit);
}

/** Deletes a session's KV copy (a KV write, counted in the day); false when KV refused it (logged). */
async function deleteCachedCopy(env: Env, id: string, now: number): Promise<boolean> {
  const day = await hitStatement(env.DB, 'kvWritesPerDay', KV_WRITE_BUDGET_SUBJECT, now);
  await day.statements[0].run();
  return env.SESSIONS.delete(sessionCacheKey(id)).then(
    () => true,
    (error: unknown) => {
      console.error('session cache delete in KV failed', error);
      return false;
    },
  );
}

/**
 * Sign-out: the row goes, and the KV copy when this request found one (a delete is a KV write too,
 * counted in the day). Should that delete fail, the copy would still sign the browser in: every
 * session of the member is voided instead (users.sessions_valid_after), the safe direction.
 */
export async function endSession(c: Context<AppEnv>, now = Date.now()): Promise<void> {
  const id = readSessionId(c);
  if (id) {
    const session = c.get('session');
    await c.env.DB.prepare('DELETE FROM sessions WHERE id_hash = ?1')
      .bind(await sha256Hex(id))
      .run();
    if (session?.id === id && session.cached && !(await deleteCachedCopy(c.env, id, now))) {
      // The copy would still sign this browser in: every session of the member is voided instead.
      await c.env.DB.prepare('UPDATE users SET sessions_valid_after = ?1 WHERE id = ?2')
        .bind(now + 1, session.userId)
        .run();
    }
  }
  clearSessionCookie(c);
}
