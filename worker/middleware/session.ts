// Loads the signed-in user: cookie → one KV read → the user row from D1 (never cached, so a
// deleted user or a demoted admin loses access at once).
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client';
import { users } from '../db/schema';
import { loadSession, readSessionId } from '../lib/session';
import type { AppEnv } from '../types';

export const sessionUser = createMiddleware<AppEnv>(async (c, next) => {
  const db = createDb(c.env.DB);
  c.set('db', db);
  c.set('user', null);
  c.set('session', null);
  const id = readSessionId(c);
  const session = id ? await loadSession(c.env, id) : null;
  if (session) {
    const user = await db.query.users.findFirst({ where: eq(users.id, session.userId) });
    // KV deletes take up to 60 s to reach every location; sessionsValidAfter voids old sessions now.
    if (user && session.createdAt >= user.sessionsValidAfter) {
      c.set('user', user);
      c.set('session', { id: id!, userId: user.id, createdAt: session.createdAt });
    }
  }
  return next();
});
