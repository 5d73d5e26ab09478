// The raw RFC 5322 message the `send_email` binding takes (worker/lib/mail-providers/cloudflare.ts).
import { APP_NAME } from '../email';
import type { OutgoingEmail } from './types';

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
