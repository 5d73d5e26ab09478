// After a successful API request, the bells of the members whose notification rows it changed are
// told (decision 027; worker/db/bell-changes.ts notes them as the statements are built), the
// acting member's own included: their tabs take the bell from the frame instead of refetching it.
// The pushes run after the reply (afterReply); a failed request pushes nothing.
import { createMiddleware } from 'hono/factory';
import { takeBellChanges } from '@worker/db/bell-changes';
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import type { AppEnv } from '../types';
import { afterReply } from '../lib/after-reply';

export const pushBellChanges = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const db = c.get('db');
  if (!db) return;
  const members = takeBellChanges(db);
  if (c.res.status >= 400 || members.length === 0) return;
  await afterReply(c, () => pushNotificationChanges(c.env, members));
});
