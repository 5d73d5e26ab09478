// After a successful API request, the bells of the members whose notification rows it changed are
// told (decision 027; worker/lib/bell-changes.ts notes them as the statements are built), the
// acting member's own included: their tabs take the bell from the frame instead of refetching it.
// The pushes run after the response (waitUntil); a failed request pushes nothing.
import { createMiddleware } from 'hono/factory';
import { takeBellChanges } from '../lib/bell-changes';
import { pushNotificationChanges } from '../lib/member-sockets';
import type { AppEnv } from '../types';

export const pushBellChanges = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const db = c.get('db');
  if (!db) return;
  const members = takeBellChanges(db);
  if (c.res.status >= 400 || members.length === 0) return;
  const push = pushNotificationChanges(c.env, members);
  try {
    c.executionCtx.waitUntil(push);
  } catch {
    // No execution context (app.request in unit tests): push before answering.
    await push;
  }
});
