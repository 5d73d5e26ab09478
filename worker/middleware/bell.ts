// After a successful API request, the bells of the members whose notification rows it changed are
// told (decision 027; worker/lib/bell-changes.ts notes them as the statements are built). The
// pushes run after the response (waitUntil); a failed request pushes nothing.
import { createMiddleware } from 'hono/factory';
import { takeBellChanges } from '../lib/bell-changes';
import { pushNotificationChanges, sessionKeyOf } from '../lib/member-sockets';
import type { AppEnv } from '../types';

export const pushBellChanges = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const db = c.get('db');
  if (!db) return;
  const { others, self } = takeBellChanges(db);
  if (c.res.status >= 400 || (others.length === 0 && self.length === 0)) return;
  const session = c.get('session');
  const push = async () => {
    if (others.length > 0) await pushNotificationChanges(c.env, others);
    if (self.length > 0) await pushNotificationChanges(c.env, self, { exceptSessionKey: session ? await sessionKeyOf(session.id) : null });
  };
  try {
    c.executionCtx.waitUntil(push());
  } catch {
    // No execution context (app.request in unit tests): push before answering.
    await push();
  }
});
