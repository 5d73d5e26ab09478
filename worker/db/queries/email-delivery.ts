// The outbox's delivery statements (worker/cron/deliver-email.ts; the daily send counter is in
// ./email-outbox.ts): whether anything is due, the claim of a batch under a lease, the outcomes
// written in one statement, and the bounded page of expired rows and past recipient counters.

/** Pending and not leased or backing off at the time bound as parameter `?n`. */
const due = (n: number) => `status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?${n})`;
/** Not expired at the time bound as `?n` (NULL: written by hand, never expires). */
const unexpired = (n: number) => `(expires_at IS NULL OR expires_at > ?${n})`;

export interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  priority: number;
  expires_at: string | null;
}

/** One row's outcome of a delivery run. */
export interface Outcome {
  id: number;
  status: 'pending' | 'sent' | 'failed';
  /** 1: last_error stays as it is. */
  keepError: 0 | 1;
  error: string | null;
  next: string | null;
  /** 1: the attempt is given back. */
  dec: 0 | 1;
  /** Only if the row still has this many attempts (null: any). */
  attempts: number | null;
  /** Only if the row is still under this run's lease (null: any). */
  lease: string | null;
  sentAt: string | null;
}

/** One row if any mail is due at `at` (`.first()`): an idle run is this one indexed read. */
export const anyDueStatement = (d1: D1Database, at: string) =>
  d1.prepare(`SELECT 1 FROM email_outbox WHERE ${due(1)} LIMIT 1`).bind(at);

/**
 * Claims up to `limit` due rows atomically (attempts + 1, leased until `lease`), most important
 * and soonest expiring first, never an expired row; a concurrent run sees these rows leased. The
 * outer check is written `+(...)` so the rows are found by id, not by walking the queue index.
 * `.all<ClaimedRow>()`.
 */
export const claimStatement = (d1: D1Database, lease: string, at: string, limit: number) =>
  d1
    .prepare(
      `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = ?1
     WHERE id IN (SELECT id FROM email_outbox WHERE ${due(2)} AND ${unexpired(2)} ORDER BY priority, expires_at, id LIMIT ?3) AND +${due(2)}
     RETURNING id, to_address, subject, text_body, html_body, attempts, priority, expires_at`,
    )
    .bind(lease, at, limit);

/**
 * Each row's outcome in one statement. `attempts`/`lease` guard the row as per-row updates would:
 * a row changed meanwhile is left alone.
 */
export const outcomesStatement = (d1: D1Database, outcomes: Outcome[]) =>
  d1
    .prepare(
      `UPDATE email_outbox SET
         status = o.status,
         sent_at = coalesce(o.sent_at, email_outbox.sent_at),
         last_error = CASE WHEN o.keep_error = 1 THEN email_outbox.last_error ELSE o.error END,
         next_attempt_at = o.next,
         attempts = email_outbox.attempts - o.dec
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.status') AS status, json_extract(value, '$.sentAt') AS sent_at,
                    json_extract(value, '$.keepError') AS keep_error, json_extract(value, '$.error') AS error, json_extract(value, '$.next') AS next,
                    json_extract(value, '$.dec') AS dec, json_extract(value, '$.attempts') AS attempts, json_extract(value, '$.lease') AS lease
               FROM json_each(?1)) AS o
       WHERE email_outbox.id = o.id AND +email_outbox.status = 'pending'
         AND (o.attempts IS NULL OR email_outbox.attempts = o.attempts)
         AND (o.lease IS NULL OR email_outbox.next_attempt_at = o.lease)`,
    )
    .bind(JSON.stringify(outcomes));

/**
 * Marks a page of expired due rows `expired` (not rows under a lease or a back-off), found per
 * priority in the queue index (status, priority, expires_at): a range each.
 */
export const expireStatement = (d1: D1Database, at: string, priorities: number[], limit: number) =>
  d1
    .prepare(
      `UPDATE email_outbox SET status = 'expired', next_attempt_at = NULL
         WHERE id IN (SELECT id FROM email_outbox WHERE ${due(1)} AND priority IN (${priorities.join(', ')}) AND expires_at <= ?1 LIMIT ?2)`,
    )
    .bind(at, limit);

/** Deletes a page of past days' recipient counters (days before `day`). */
export const pruneRecipientDaysStatement = (d1: D1Database, day: string, limit: number) =>
  d1
    .prepare(
      `DELETE FROM email_recipient_days WHERE (day, recipient, kind) IN (SELECT day, recipient, kind FROM email_recipient_days WHERE day < ?1 LIMIT ?2)`,
    )
    .bind(day, limit);
