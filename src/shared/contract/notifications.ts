// The bell: notifications, marking them read, and its live socket.
import * as v from 'valibot';
import { NOTIFICATION_KINDS } from '../constants';
import { notificationsReadSchema } from '../schemas';
import { bellFrameSchema } from '../ws-frames';
import { route } from './route';

export const notificationKind = v.picklist(NOTIFICATION_KINDS);
export type NotificationKind = v.InferOutput<typeof notificationKind>;

/** One entry of the header's notifications panel. */
export const appNotification = v.strictObject({
  id: v.number(),
  kind: notificationKind,
  text: v.string(),
  /** Where the entry leads in the app, a path such as /messages?… or /browse?… */
  link: v.string(),
  /** Events folded into this entry since it was last read (e.g. 3 new messages). */
  count: v.number(),
  read: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type AppNotification = v.InferOutput<typeof appNotification>;

export const unreadCount = v.strictObject({ unreadCount: v.number() });

export const notificationsReply = v.strictObject({
  ...unreadCount.entries,
  /**
   * Conversations with messages the member has not read, up to 100: the Messages link's count,
   * apart from the bell's (decision 061). Reading a conversation lowers it; "mark all read" does not.
   */
  unreadConversations: v.number(),
  notifications: v.array(appNotification),
});
export type NotificationsResponse = v.InferOutput<typeof notificationsReply>;

export const notificationRoutes = {
  list: route({
    method: 'GET',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: "The member's notifications, newest first, and the unread count",
    access: 'member',
    reply: notificationsReply,
  }),
  read: route({
    method: 'POST',
    path: '/api/notifications/read',
    tag: 'Notifications',
    summary: 'Mark entries read (all of them without ids)',
    access: 'member',
    body: notificationsReadSchema,
    reply: unreadCount,
    errors: [400],
  }),
  socket: route({
    method: 'GET',
    path: '/api/notifications/ws',
    tag: 'Notifications',
    summary: "The bell's live socket: the unread count whenever the member's notifications change",
    access: 'member',
    reply: null,
    socket: { frames: bellFrameSchema },
    errors: [403, 426],
    notes: 'Same origin only; receive only (a frame from the client closes it with 4008).',
  }),
};
