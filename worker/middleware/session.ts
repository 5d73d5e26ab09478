// The session policy, declared by each route where it is registered (decision 052):
// `routes.get('/featured', viewer('none'), handler)`. A renamed path keeps its route's mode, and a
// test (test/worker/route-session-policy.test.ts) fails on any /api or /objects route without
// exactly one viewer() in its chain. The modes:
// - 'none': the session is not loaded: c.get('user') is null even for a member, and a signed-in
//   request costs no KV read and no user row (issue 10, item 5). Only for answers that are the same
//   for every caller, signed in or not.
// - 'sql': the session record is read (one KV read, or its D1 row: db/queries/sessions.ts) but
//   not the user row; the route gets it as c.get('viewerSession') and its own statement checks it
//   against the row in the same round trip (decision 033, db/queries/session-gate.ts).
//   c.get('user') is null there.
// - 'row': the session and then the user row from D1 (never cached, so a deleted user or a demoted
//   admin loses access at once); c.get('user') is the member, or null for a visitor or a void
//   session. Anything that reads c.get('user') (requireUser, memberBudget) comes after it.
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { createDb } from '../db/client';
import { openRequestD1, sessionStart } from '../db/d1-session';
import { readBookmark, setBookmarkCookie } from '../lib/d1-bookmark';
import { loadSession, sessionUserRow } from '../db/queries/sessions';
import { readSessionId } from '../lib/session';
import { isSuspended } from '../lib/moderation/standing';
import type { AppEnv } from '../types';

export type ViewerMode = 'none' | 'sql' | 'row';

/**
 * For every /api and /objects request (and the pages), before any route: the database and the
 * null defaults, so a route whose viewer() loads nothing still finds `user` and the rest set.
 * The database is the request's D1 session (decision 057), as `c.env.DB` too, so the raw
 * statements and the functions given `c.env` use it; after a write, the bookmark it ended with
 * goes back as the `d1b` cookie, and only then (a read sets no cookie: shared caches stay usable).
 */
export const sessionDefaults = createMiddleware<AppEnv>(async (c, next) => {
  const secret = c.env.SIGNING_SECRET;
  const request = openRequestD1(c.env.DB, sessionStart(c.req.method, await readBookmark(c, secret)));
  c.env = { ...c.env, DB: request.d1 };
  c.set('db', createDb(c.env.DB));
  c.set('user', null);
  c.set('session', null);
  c.set('viewerSession', null);
  await next();
  const bookmark = request.bookmark();
  if (request.wrote() && bookmark && c.res.status !== 101) await setBookmarkCookie(c, secret, bookmark);
});

const withoutViewer = createMiddleware<AppEnv>(async (_c, next) => next());

const viewerInSql = createMiddleware<AppEnv>(async (c, next) => {
  const id = readSessionId(c);
  const session = id ? await loadSession(c.env, id) : null;
  if (session) c.set('viewerSession', { userId: session.userId, createdAt: session.createdAt });
  return next();
});

const viewerRow = createMiddleware<AppEnv>(async (c, next) => {
  const id = readSessionId(c);
  const session = id ? await loadSession(c.env, id) : null;
  if (session) {
    const user = await sessionUserRow(c.get('db'), session.userId);
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

const VIEWERS: Record<ViewerMode, MiddlewareHandler<AppEnv>> = {
  none: withoutViewer,
  sql: viewerInSql,
  row: viewerRow,
};

/** The mode of each viewer() middleware: how the route policy test recognises them in a chain. */
const MODES = new WeakMap<MiddlewareHandler<AppEnv>, ViewerMode>(
  Object.entries(VIEWERS).map(([mode, handler]) => [handler, mode as ViewerMode]),
);

/** The route's session policy: one in each /api and /objects route's chain, before its handler. */
export const viewer = (mode: ViewerMode): MiddlewareHandler<AppEnv> => VIEWERS[mode];

/** The mode `handler` declares when it is a viewer(), else undefined. */
export const viewerModeOf = (handler: unknown): ViewerMode | undefined =>
  typeof handler === 'function' ? MODES.get(handler as MiddlewareHandler<AppEnv>) : undefined;
