// Members and sessions: accounts, their sessions and password-reset tokens.
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, bool } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    password: text('password').notNull(), // `$relief$…` keyed hash (decision 015), never returned
    displayName: text('display_name').notNull(),
    nickname: text('nickname'),
    email: text('email').notNull(),
    emailVerified: bool('email_verified').notNull().default(false),
    verificationToken: text('verification_token'), // SHA-256 of the emailed token
    verificationTokenExpires: text('verification_token_expires'),
    address: text('address'),
    location: text('location'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    bartersCompleted: integer('barters_completed').notNull().default(0),
    isAdmin: bool('is_admin').notNull().default(false),
    emailNotifications: bool('email_notifications').notNull().default(true),
    // The language emails and pushes are written in (decision 068): the one the member chose or
    // their browser asked for when they signed up; en, es, fr, de or pt.
    language: text('language').notNull().default('en'),
    // Sessions created before this instant (ms) are void: KV deletes take up to 60 s to propagate.
    sessionsValidAfter: integer('sessions_valid_after').notNull().default(0),
    createdAt: createdAt(),
    // Moderation (docs/api/moderation.md): the member is suspended until this instant (ISO);
    // PERMANENT_SUSPENSION for a permanent one; null when in good standing.
    suspendedUntil: text('suspended_until'),
  },
  (t) => [
    // The cron job that ends suspensions reads only suspended members.
    index('users_suspended_until_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedUntil} IS NOT NULL`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_verification_token_idx').on(t.verificationToken),
    index('users_created_at_idx').on(t.createdAt),
    // Contact messages go to every admin. Partial (decision 029, members' write paths): a new
    // member, never an admin, writes no entry; the query names `is_admin = 1` to use it.
    index('users_is_admin_idx')
      .on(t.isAdmin)
      .where(sql`${t.isAdmin} = 1`),
    // Rows still in the pre-relief Argon2id format, for the upgrade job: empty once all are done,
    // so the job's check reads nothing (decision 015).
    index('users_legacy_password_idx')
      .on(t.id)
      .where(sql`substr(${t.password}, 1, 10) = '$argon2id$'`),
  ],
);

// Sessions (docs/decisions/037-sign-in-and-session-budgets.md): the row is the truth, a KV copy
// (`session:<id>`) only a cache written while the day's KV-write budget allows. Keyed by the
// SHA-256 of the cookie's id, so the table holds no usable session id. Times in ms.
// WITHOUT ROWID (drizzle cannot say so; migration 0043, decision 049 "Second round"): found by its
// whole key, so a sign-in writes the row and its two index entries, not a key entry more.
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(), // compared with users.sessions_valid_after
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(), // SHA-256 of the emailed token
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
