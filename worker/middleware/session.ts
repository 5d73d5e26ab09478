// Loads the signed-in user: cookie → one KV read (or, for a session KV does not hold, its D1 row:
// lib/session.ts) → the user row from D1 (never cached, so a
// deleted user or a demoted admin loses access at once). Public reads that never look at the
// viewer skip both (issue 10, item 5): a signed-in request there costs no KV read and no user row.
// A few reads check the viewer against the user row in their own statement instead (VIEWER_IN_SQL_GETS).
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client';
import { users } from '../db/schema';
import { loadSession, readSessionId } from '../lib/session';
import { isSuspended } from '../lib/moderation/standing';
import type { AppEnv } from '../types';

/**
 * GET routes whose answer is the same for every caller, signed in or not: the session is not
 * loaded for them (c.get('user') is null there, so no handler on this list may ask for it). Any
 * other route loads it, so a route missing here only costs a KV read, never correctness.
 * Public routes that do show per-viewer data, and so are NOT here: GET /api/users/{id} and
 * /api/users/username/{name} (the owner sees their own private fields), GET /api/users/{id}/listings
 * (the owner and admins see every status), GET /api/listings (a member's own listings are left out
 * of what they browse and search), GET /api/listings/{id} (wantedByMe for a member, wantCount for
 * its owner). GET /api/categories stays on the loading side too: the
 * contract's tests pin that a signed-in request there consults the session (and logs a KV failure).
 */
export const VIEWER_FREE_GETS: readonly RegExp[] = [
  /^\/api\/listings\/featured$/,
  /^\/api\/listings\/[0-9]+\/reviews$/,
  /^\/api\/users\/[0-9]+\/reviews$/,
  /^\/api\/users\/[0-9]+\/barters\/count$/,
  /^\/api\/(barters|users|skills)\/count$/,
  /^\/api\/analytics\/(activity|dashboard|ws)$/,
  /^\/api\/(testimonials|events)$/,
  /^\/api\/places$/,
  /^\/objects\/uploads\/[^/]+$/,
];

/** Whether a GET (or HEAD) is to one of `routes`. */
const isGetOf = (routes: readonly RegExp[], method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && routes.some((pattern) => pattern.test(path));

export const needsNoViewer = (method: string, path: string) => isGetOf(VIEWER_FREE_GETS, method, path);

/**
 * GET routes that check the viewer in their own statement (decision 033): the session is read from
 * KV, but not the user row; the route gets the record as c.get('viewerSession') and its statement
 * checks it against the row (the member exists, the session is not void) in the same round trip.
 * c.get('user') is null there. GET /api/users/{id}/listings: only which statuses it shows depends
 * on the viewer (the owner and admins see every status). GET /api/conversations/{me}/{partner}/{listing}:
 * a thread read, whose batch starts with the session's gate. GET /api/admin/listings: the admin
 * listings tab, whose batch starts with the gate for an admin's session; GET /api/admin/reports and
 * /api/admin/reports/count: the moderation queue and its count, likewise.
 */
export const VIEWER_IN_SQL_GETS: readonly RegExp[] = [
  /^\/api\/users\/[0-9]+\/listings$/,
  // A thread read: its batch starts with the session's gate (db/queries/session-gate.ts).
  /^\/api\/conversations\/[0-9]+\/[0-9]+\/[0-9]+$/,
  // The admin listings tab: its batch starts with the gate for an admin's session.
  /^\/api\/admin\/listings$/,
  // The moderation queue and the header's open count (polled): the same gate for an admin.
  /^\/api\/admin\/reports(\/count)?$/,
];

/**
 * Writes that check the viewer in their own first batch, the same way (decision 033): an admin's
 * action on a report (docs/api/moderation.md), whose first batch starts with the gate for an
 * admin's session and reads the admin's name for the audit row beside the report.
 */
export const VIEWER_IN_SQL_POSTS: readonly RegExp[] = [/^\/api\/admin\/reports\/[0-9]+\/resolve$/];

const checksViewerInSql = (method: string, path: string) =>
  isGetOf(VIEWER_IN_SQL_GETS, method, path) ||
  (method === 'POST' && VIEWER_IN_SQL_POSTS.some((pattern) => pattern.test(path)));

export const sessionUser = createMiddleware<AppEnv>(async (c, next) => {
  const db = createDb(c.env.DB);
  c.set('db', db);
  c.set('user', null);
  c.set('session', null);
  c.set('viewerSession', null);
  if (needsNoViewer(c.req.method, c.req.path)) return next();
  const id = readSessionId(c);
  const session = id ? await loadSession(c.env, id) : null;
  if (session && checksViewerInSql(c.req.method, c.req.path)) {
    c.set('viewerSession', { userId: session.userId, createdAt: session.createdAt });
    return next();
  }
  if (session) {
    // A plain select: the relational query API builds the same statement with more work per request.
    const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
    // KV deletes take up to 60 s to reach every location; sessionsValidAfter voids old sessions now.
    // A suspended member is signed out (docs/api/moderation.md): suspending also voids their
    // sessions, and this keeps any session they could still hold from counting until it ends.
    if (user && session.createdAt >= user.sessionsValidAfter && !isSuspended(user.suspendedUntil)) {
      c.set('user', user);
      c.set('session', { id: id!, userId: user.id, createdAt: session.createdAt, cached: session.cached });
    }
  }
  return next();
});
