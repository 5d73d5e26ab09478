// Web Push (docs/api/web-push.md): the browsers that asked to be told of a member's events when
// no tab is open, and the kinds of push a member has switched off.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PUSH_KINDS } from '@/shared/constants';
import { createdAt } from './columns';
import { users } from './members';

// One row per browser subscription (its push service endpoint is unique: a browser that
// subscribes again under another member moves to that member). At most PUSH_SUBSCRIPTIONS_MAX
// a member: a new one beyond that replaces the oldest.
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's ECDH public key (base64url, 65 bytes) and auth secret (base64url, 16 bytes). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

// A member's kinds switched off; no row: every kind on.
export const pushPreferences = sqliteTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kindsOff: text('kinds_off', { mode: 'json' }).$type<(typeof PUSH_KINDS)[number][]>().notNull(),
});
