// How each kind of push is delivered (docs/api/web-push.md, "Events"): how long a push service
// keeps it for a device that is offline (TTL, seconds), and how urgently it wakes the device
// (RFC 8030's Urgency: a phone on battery saving receives `low` later, `high` at once).
import type { PUSH_KINDS } from '@/shared/constants';
import type { PushMessage, PushTarget, Urgency } from './send';

export type PushKind = (typeof PUSH_KINDS)[number];

const HOUR = 3600;
const DAY = 24 * HOUR;

export const DELIVERY: Record<PushKind, { ttl: number; urgency: Urgency }> = {
  // A message is stale within a day: the conversation (and the hourly email) has it by then.
  message: { ttl: DAY, urgency: 'high' },
  // An offer waits for an answer for days (it expires after OFFER_EXPIRY_DAYS).
  offer: { ttl: 3 * DAY, urgency: 'high' },
  barter: { ttl: 3 * DAY, urgency: 'normal' },
  trade_circle: { ttl: 3 * DAY, urgency: 'normal' },
  // Matches keep: the matches page lists them; nothing is lost by arriving later.
  match: { ttl: 7 * DAY, urgency: 'low' },
  moderation: { ttl: 7 * DAY, urgency: 'normal' },
};

/** One push to deliver: a browser's subscription and what it shows. */
export interface PushItem extends PushTarget {
  kind: PushKind;
  message: PushMessage;
}
