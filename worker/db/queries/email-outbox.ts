// The outbox's daily counter and the figures the admin dashboard shows (docs/operations.md "Email").
// The counter is one row per UTC day, so checking the cap never counts outbox rows.
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { emailOutbox } from '../schema';
import { outboxValues, type Email } from '@worker/lib/email';

/** The UTC day of an epoch-ms time, as the counter's key: '2026-05-01'. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Reserves up to `want` of today's remaining sends and returns how many it got (0 once the cap is
 * reached). One statement, so overlapping runs can never reserve more than `limit` between them.
 * In the upsert's SET every `sent` is the row's value before this statement.
 */
export async function reserveSends(db: D1Database, day: string, want: number, limit: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO email_daily_sends (day, sent, last_grant) VALUES (?1, min(?2, ?3), min(?2, ?3))
       ON CONFLICT (day) DO UPDATE SET last_grant = max(0, min(?2, ?3 - sent)), sent = sent + max(0, min(?2, ?3 - sent))
       RETURNING last_grant`,
    )
    .bind(day, want, limit)
    .first<{ last_grant: number }>();
  return row?.last_grant ?? 0;
}

/** Gives back reserved sends a run did not use (nothing due, failures, a stop). */
export async function releaseSends(db: D1Database, day: string, count: number): Promise<void> {
  if (count <= 0) return;
  await db.prepare('UPDATE email_daily_sends SET sent = max(0, sent - ?2) WHERE day = ?1').bind(day, count).run();
}

/** The provider says its own quota is used up: count the day as full so no run tries again today. */
export async function markDayFull(db: D1Database, day: string, limit: number): Promise<void> {
  await db.prepare('UPDATE email_daily_sends SET sent = max(sent, ?2) WHERE day = ?1').bind(day, limit).run();
}

export interface OutboxFigures {
  pendingCount: number;
  sentToday: number;
  /** The last error of the first pending email that has one (what the provider last said). */
  lastError: string | null;
}

/**
 * One read of three keyed lookups: the pending count from its counter row (admin_counters
 * 'email_pending', kept by triggers on email_outbox, migration 0020), today's counter row, and the
 * first failed pending row through email_outbox_pending_error_idx, which holds only those (decision 026;
 * INDEXED BY: left to itself SQLite prefers the queue index, equally ordered, and walks the backlog).
 */
export async function outboxFigures(db: D1Database, now: number): Promise<OutboxFigures> {
  const row = await db
    .prepare(
      `SELECT (SELECT value FROM admin_counters WHERE name = 'email_pending') AS pending,
              (SELECT sent FROM email_daily_sends WHERE day = ?1) AS sent_today,
              (SELECT last_error FROM email_outbox INDEXED BY email_outbox_pending_error_idx WHERE status = 'pending' AND last_error IS NOT NULL ORDER BY priority, id LIMIT 1) AS last_error`,
    )
    .bind(utcDay(now))
    .first<{ pending: number; sent_today: number | null; last_error: string | null }>();
  return { pendingCount: row?.pending ?? 0, sentToday: row?.sent_today ?? 0, lastError: row?.last_error ?? null };
}

/** The statement that puts one email in the outbox (sent by the deliver-email cron job). */
export function queueEmail(db: Db, email: Email, now = Date.now()) {
  return db.insert(emailOutbox).values(outboxValues(email, now));
}

/** The development outbox page (GET /api/dev/outbox): the newest 200 mails, to one address or all. */
export const devOutbox = (db: Db, to: string | undefined) =>
  db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.to}) = lower(${to})` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(200);
