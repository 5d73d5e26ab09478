// A member's standing (docs/api/moderation.md, "Enforcement"): `users.suspended_until` is the
// instant a suspension ends (ISO), PERMANENT_SUSPENSION for a ban, null in good standing. A
// suspended member is signed out everywhere (the session middleware, the session gate and sign-in
// all read this one rule) until the suspension ends (the cron job) or an admin reinstates them.
import { isLanguage } from '@/shared/locale';
import { sql, type SQL } from 'drizzle-orm';
import { PERMANENT_SUSPENSION } from '@/shared/constants';
import { DAY } from '../time';

/** Whether `suspendedUntil` (a users row's) still suspends the member at `now` (ms). */
export function isSuspended(suspendedUntil: string | null, now = Date.now()): boolean {
  return suspendedUntil !== null && suspendedUntil > new Date(now).toISOString();
}

/**
 * The same rule in SQL, over a users row's `suspended_until` column (named by `column`): true while
 * the member is suspended. ISO strings compare in time order, and PERMANENT_SUSPENSION is later than
 * any real instant.
 */
export const suspendedSql = (column: SQL = sql`suspended_until`): SQL =>
  sql`(${column} IS NOT NULL AND ${column} > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** When a suspension of `days` days that starts at `now` ends. */
export const suspensionEnd = (days: number, now = Date.now()) => new Date(now + days * DAY).toISOString();

export const isPermanent = (suspendedUntil: string | null) => suspendedUntil === PERMANENT_SUSPENSION;

// The day a suspension ends, as the sign-in message and the notices write it: the UTC calendar day
// in words ("November 30, 2026"), the same for every reader wherever they are.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export const readableDate = (iso: string) => DATE_FORMAT.format(new Date(iso));

const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>([['en', DATE_FORMAT]]);

/** readableDate in a member's language (their notice email): "30. November 2026", "30 de noviembre de 2026". */
export function readableDateIn(iso: string, language: string | null): string {
  const key = language && isLanguage(language) ? language : 'en';
  let format = DATE_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(key, { dateStyle: 'long', timeZone: 'UTC' });
    DATE_FORMATS.set(key, format);
  }
  return format.format(new Date(iso));
}

/**
 * The sign-in refusal of a suspended member (docs/api/moderation.md, "Signing in and sessions").
 */
export function suspensionMessage(suspendedUntil: string): string {
  return isPermanent(suspendedUntil)
    ? 'Your account has been suspended permanently'
    : `Your account is suspended until ${readableDate(suspendedUntil)}`;
}
