// Set-based writes for the cron jobs (worker/cron/): many rows travel as one JSON parameter and one
// statement writes them all (json_each), so a job's cost in D1 statements does not grow with its
// rows. D1 binds at most 100 parameters a statement but a parameter may be large; the chunk sizes
// below keep one statement's JSON far under D1's 2 MB value limit.
import { outboxValues, type Email } from '@worker/lib/email';
import { nextIdsOfRowsSql } from '../id-reserve';

/** Emails per INSERT (a notice or digest is a few kilobytes). */
export const EMAILS_PER_STATEMENT = 200;
/** Rows of a few hundred bytes (notifications, notice rows) per statement. */
export const ROWS_PER_STATEMENT = 1000;

export const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** INSERTs into the outbox, one statement per EMAILS_PER_STATEMENT emails (none for none). */
export function queueEmailsStatements(d1: D1Database, emails: Email[], now = Date.now()): D1PreparedStatement[] {
  return chunks(emails, EMAILS_PER_STATEMENT).map((part) =>
    d1
      .prepare(
        `INSERT INTO email_outbox (to_address, subject, text_body, html_body, priority, kind, expires_at)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'),
                json_extract(value, '$[5]'), json_extract(value, '$[6]')
           FROM json_each(?1)`,
      )
      .bind(
        JSON.stringify(
          part.map((email) => {
            const row = outboxValues(email, now);
            return [row.to, row.subject, row.text, row.html, row.priority, row.kind, row.expiresAt];
          }),
        ),
      ),
  );
}

export interface NotificationRow {
  userId: number;
  kind: string;
  subjectKey: string;
  text: string;
  link: string;
  count: number;
}

/**
 * Upserts notification entries as notifyStatement does one (./notifications.ts):
 * a new entry, or the member's entry for that subject bumped (its count grows while unread) and
 * marked unread again.
 */
export function notifyStatements(d1: D1Database, rows: NotificationRow[], at: string): D1PreparedStatement[] {
  return chunks(rows, ROWS_PER_STATEMENT).map((part) =>
    d1
      .prepare(
        `INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
         SELECT ${nextIdsOfRowsSql('notifications')}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'), ?2
           FROM json_each(?1) WHERE true
         ON CONFLICT (user_id, subject_key) DO UPDATE SET
           kind = excluded.kind, text = excluded.text, link = excluded.link,
           count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + excluded.count ELSE excluded.count END,
           read_at = NULL, updated_at = excluded.updated_at`,
      )
      .bind(JSON.stringify(part.map((r) => [r.userId, r.kind, r.subjectKey, r.text, r.link, r.count])), at),
  );
}
