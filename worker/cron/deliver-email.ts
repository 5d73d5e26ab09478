// Delivers the email outbox through the `send_email` binding (EMAIL), with retries and backoff.
// Without the binding (local development) rows stay pending and are read at /api/dev/outbox.
// Each row is claimed (attempts + 1 and a 10-minute lease) before it is sent, so overlapping runs
// never send it twice; a row that fails 5 times is marked failed and kept for inspection. A rerun
// for the same time finds nothing due.
import { EmailMessage } from 'cloudflare:email';
import { APP_NAME } from '../lib/email';
import { MINUTE } from '../lib/time';

const BATCH = 50;
const LEASE = 10 * MINUTE;
export const MAX_ATTEMPTS = 5;
/** Wait before the next try after the nth failed attempt: 1, 5, 25, 125 minutes. */
export const backoff = (attempts: number) => 5 ** (attempts - 1) * MINUTE;

interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: number;
}

/** Returns the number of rows sent; 0 without the binding. */
export async function deliverOutbox(env: Env, now: number): Promise<number> {
  if (!env.EMAIL) return 0;
  if (!env.MAIL_FROM) {
    console.error('email delivery: EMAIL is bound but MAIL_FROM is not set; the outbox stays pending');
    return 0;
  }
  const at = new Date(now).toISOString();
  // One statement claims the whole batch atomically; a concurrent run sees these rows leased.
  const { results } = await env.DB.prepare(
    `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = ?1
     WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?2) ORDER BY id LIMIT ?3)
       AND status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?2)
     RETURNING id, to_address, subject, text_body, html_body, attempts`,
  )
    .bind(new Date(now + LEASE).toISOString(), at, BATCH)
    .all<ClaimedRow>();

  let sent = 0;
  for (const row of results.sort((a, b) => a.id - b.id)) {
    try {
      const email = { from: env.MAIL_FROM, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, date: now };
      await env.EMAIL.send(new EmailMessage(email.from, email.to, buildMime(email)));
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const failed = row.attempts >= MAX_ATTEMPTS;
      await env.DB.prepare(
        `UPDATE email_outbox SET status = ?1, last_error = ?2, next_attempt_at = ?3 WHERE id = ?4 AND status = 'pending' AND attempts = ?5`,
      )
        .bind(failed ? 'failed' : 'pending', error, failed ? null : new Date(now + backoff(row.attempts)).toISOString(), row.id, row.attempts)
        .run();
      continue;
    }
    await env.DB.prepare(`UPDATE email_outbox SET status = 'sent', sent_at = ?1, next_attempt_at = NULL WHERE id = ?2 AND status = 'pending'`)
      .bind(at, row.id)
      .run();
    sent++;
  }
  return sent;
}

// --- MIME -------------------------------------------------------------------------------------

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** RFC 2047 encoded-words (base64, UTF-8) for a non-ASCII header value; ASCII passes through. */
export function encodeHeader(value: string): string {
  const clean = oneLine(value);
  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  // Each encoded-word stays within 75 characters: at most 45 bytes, never splitting a character.
  const encoder = new TextEncoder();
  const words: string[] = [];
  let chunk = '';
  for (const ch of clean) {
    if (encoder.encode(chunk + ch).length > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${base64(encoder.encode(word))}?=`).join('\r\n ');
}

const bodyPart = (type: string, content: string) =>
  [
    `Content-Type: ${type}; charset=UTF-8`,
    'Content-Transfer-Encoding: base64',
    '',
    base64(new TextEncoder().encode(content)).replace(/.{76}/g, '$&\r\n'),
  ].join('\r\n');

/** A complete RFC 5322 message: multipart/alternative with a text/plain and a text/html part. */
export function buildMime(email: OutgoingEmail): string {
  const boundary = `=_${crypto.randomUUID().replace(/-/g, '')}`;
  const from = oneLine(email.from);
  const domain = from.split('@')[1] ?? 'localhost';
  return [
    `From: ${encodeHeader(APP_NAME)} <${from}>`,
    `To: <${oneLine(email.to)}>`,
    `Subject: ${encodeHeader(email.subject)}`,
    `Date: ${new Date(email.date).toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"`,
    '',
    `--${boundary}`,
    bodyPart('text/plain', email.text),
    `--${boundary}`,
    bodyPart('text/html', email.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
