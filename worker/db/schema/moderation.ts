// Moderation, reports and blocks (docs/api/moderation.md, decision 034).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  MODERATION_ACTIONS,
  MODERATION_GUARDS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '@/shared/constants';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './members';

// A block separates two members both ways (blocker → blocked). Read from either side: the primary
// key serves "whom I blocked", the index "who blocked me"; browse and search fold both into the
// statement they already run (a constant subquery), so a block check costs no round trip.
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

// A report of a listing, member, message, offer or trade-circle chat line, or a guard's hold
// (reporter null, `guard` says which). Never deleted with an account: the reporter and the member
// responsible become null (SET NULL), the snapshot keeps what was reported.
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    // The member responsible for the target (the listing's owner, the sender, the member).
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    // Set on a report an automatic guard filed (docs/api/moderation.md, "Automatic guards").
    guard: text('guard', { enum: MODERATION_GUARDS }),
    // JSON: the target's content when it was reported.
    snapshot: text('snapshot').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    // How it was resolved: the action taken.
    resolution: text('resolution', { enum: MODERATION_ACTIONS }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: text('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per reporter and target (a repeat returns it).
    uniqueIndex('reports_open_reporter_target_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The queue: open reports oldest first, grouped by target.
    index('reports_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    // A reporter's own reports, newest first; the rate limit counts the last hour's.
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt),
    // Serves the foreign key: deleting an admin's account finds the reports they resolved.
    index('reports_resolved_by_idx')
      .on(t.resolvedBy)
      .where(sql`${t.resolvedBy} IS NOT NULL`),
  ],
);

// Every admin action (moderation, make-admin, featuring): the audit log, newest first. Kept when
// the actor or the member acted on is deleted (SET NULL; the names are copied in).
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    // What the target was called when acted on (a username, a listing title).
    targetLabel: text('target_label').notNull().default(''),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    days: integer('days'),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt, t.id),
    index('moderation_actions_target_user_idx').on(t.targetUserId, t.createdAt),
    // These serve the foreign keys (deleting an account or a report finds its rows by index).
    index('moderation_actions_actor_idx').on(t.actorId),
    index('moderation_actions_report_idx')
      .on(t.reportId)
      .where(sql`${t.reportId} IS NOT NULL`),
  ],
);

// Messages a guard held for review (a burst of links from a day-old account): not delivered until
// an admin releases them (then written to messages as sent), deleted when the admin hides them.
export const heldMessages = sqliteTable(
  'held_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('held_messages_sender_idx').on(t.senderId, t.createdAt),
    // These serve the foreign keys' cascades.
    index('held_messages_receiver_idx').on(t.receiverId),
    index('held_messages_listing_idx').on(t.listingId),
  ],
);

export type BlockRow = typeof blocks.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type HeldMessageRow = typeof heldMessages.$inferSelect;
