// Notifications for the header's bell: one entry per conversation, barter, review or saved search
// (worker/db/queries/notifications.ts explains the folding). Each member sees only their own.
import { notificationRoutes } from '@/shared/contract/notifications';
import { notificationsReadSchema } from '@/shared/schemas';
import { markNotificationsRead, readBell } from '../db/queries/notifications';
import { forbidden, HttpError } from '../lib/errors';
import { memberSocketsStub, sessionKeyOf } from '@worker/durable-objects/member-sockets-client';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import { reply, router, serve } from '../lib/serve';
import { localeOfRequest } from '../lib/locale';
import { renderNotice } from '../lib/notice-text';

export const notificationRouter = router('/api/notifications');

serve(notificationRouter, notificationRoutes.list, viewer('row'), async (c) => {
  const user = requireUser(c);
  const bell = await readBell(c.get('db'), user.id);
  // Each line in the reader's language (decision 070): stored in English, matched to its message here.
  const { language } = localeOfRequest(c.req.raw);
  const notifications = bell.notifications.map((n) => ({ ...n, text: renderNotice(n.text, language) }));
  return reply(c, notificationRoutes.list, { ...bell, notifications });
});

serve(notificationRouter, notificationRoutes.read, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const { ids } = await parseBody(c, notificationsReadSchema);
  // The member's other sessions' bells follow (worker/middleware/bell.ts); this tab updated itself.
  return reply(c, notificationRoutes.read, { unreadCount: await markNotificationsRead(db, user.id, ids) });
});

/**
 * The bell socket (docs/api/notifications.md, "Live updates"): the header opens it while a member
 * is signed in; it carries only "your notifications changed" frames, from the member's
 * MemberSockets object. Authorised here like the live-chat upgrade; the object gets the member and
 * the session (hashed) from the Worker, never from the client.
 */
serve(notificationRouter, notificationRoutes.socket, viewer('row'), async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new HttpError(426, 'Expected a WebSocket upgrade');
  const user = requireUser(c);
  // Cookies ride along cross-site on WebSocket upgrades: a foreign page must not open the bell.
  const origin = c.req.raw.headers.get('Origin');
  if (origin !== null && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin requests are not allowed');
  const session = c.get('session')!;
  const headers = new Headers({
    Upgrade: 'websocket',
    'X-User-Id': String(user.id),
    'X-Session-Key': await sessionKeyOf(session.id),
    'X-Session-Created': String(session.createdAt),
  });
  const upgraded = await memberSocketsStub(c.env, user.id).fetch(new Request(c.req.url, { headers }));
  if (upgraded.status !== 101 || !upgraded.webSocket)
    throw new HttpError(500, 'Could not open the notifications socket');
  return new Response(null, { status: 101, webSocket: upgraded.webSocket });
});
