// Notifications for the header's bell: one entry per conversation, barter, review or saved search
// (worker/db/queries/notifications.ts explains the folding). Each member sees only their own.
import { Hono } from 'hono';
import type { AppNotification, NotificationsResponse } from '../../src/shared/api-types';
import { notificationsReadSchema } from '../../src/shared/schemas';
import { countUnread, listNotifications, markNotificationsRead } from '../db/queries/notifications';
import type { NotificationRow } from '../db/schema';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';

export const notificationRoutes = new Hono<AppEnv>();

const shape = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  link: row.link,
  count: row.count,
  read: row.readAt !== null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

notificationRoutes.get('/', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const [rows, unreadCount] = await Promise.all([listNotifications(db, user.id), countUnread(db, user.id)]);
  const body: NotificationsResponse = { unreadCount, notifications: rows.map(shape) };
  return c.json(body);
});

notificationRoutes.post('/read', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const { ids } = await parseBody(c, notificationsReadSchema);
  await markNotificationsRead(db, user.id, ids);
  return c.json({ unreadCount: await countUnread(db, user.id) });
});
