// Plain words for reports and moderation: the reasons a member picks, what a report was about, and
// what came of it. One table each, so the dialog, "Your reports", the queue and the audit log agree.
import type {
  AuditAction,
  AuditTargetType,
  ModerationAction,
  ModerationGuard,
  ReportReason,
  ReportTargetType,
} from '@/shared/contract/moderation';
import { PERMANENT_SUSPENSION, REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import { fmt } from '@/lib/intl';

export const REASON_LABELS: Record<ReportReason, { label: string; hint: string }> = {
  scam: {
    label: 'Scam or fraud',
    hint: 'Asks for money, a deposit, gift cards or bank details, or is not what it claims to be.',
  },
  prohibited: {
    label: 'Not allowed here',
    hint: 'Weapons, drugs, alcohol, medicines, stolen goods, live animals or anything unsafe.',
  },
  harassment: {
    label: 'Harassment or threats',
    hint: 'Abuse, hate, threats, or unwanted contact that makes you uncomfortable.',
  },
  spam: { label: 'Spam', hint: 'Advertising, repeated posts, or links to other websites.' },
  other: {
    label: 'Something else',
    hint: 'Anything else that breaks the Community Standards. Tell us in the details.',
  },
};

/** The reasons in the order the dialog offers them: the most serious first. */
export const REASON_ORDER: ReportReason[] = ['scam', 'prohibited', 'harassment', 'spam', 'other'];

/** What a report is about, as a noun: "Report this listing", "a message". */
export const TARGET_NOUNS: Record<ReportTargetType, string> = {
  listing: 'listing',
  user: 'member',
  message: 'message',
  offer: 'offer',
  circle_message: 'trade-circle chat message',
};

/** What a report or an admin action was about, as the queue and the audit log label it. */
export const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  listing: 'Listing',
  user: 'Member',
  message: 'Message',
  offer: 'Offer',
  circle_message: 'Circle chat line',
  held_messages: 'Held messages',
};

/** What came of a report, as its reporter reads it (never the admin's note). */
export const OUTCOME_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Reviewed: no rule was broken, so no action was taken',
  warn: 'Reviewed: the member was warned',
  hide: 'Reviewed: the content was removed',
  suspend: 'Reviewed: the member was suspended for a while',
  ban: 'Reviewed: the member was suspended permanently',
};

/** The audit log's verbs. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: 'Dismissed',
  warn: 'Warned',
  hide: 'Hid',
  suspend: 'Suspended',
  ban: 'Suspended permanently',
  reinstate: 'Reinstated',
  suspension_ended: 'Suspension ended',
  make_admin: 'Made admin',
  feature: 'Featured',
  unfeature: 'Unfeatured',
};

/** Why an automatic guard filed a report (the queue's "Held automatically: …"). */
export const GUARD_LABELS: Record<ModerationGuard, string> = {
  link_burst: 'an account less than a day old sent a burst of messages with links; they wait here undelivered',
  report_threshold: 'three members reported it, so it is hidden until an admin looks',
};

export const formatDate = (iso: string) => fmt.date(iso, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => fmt.date(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** A member's standing in words: null in good standing or once a suspension has run out. */
export function suspensionText(suspendedUntil: string | null, now = Date.now()): string | null {
  if (!suspendedUntil) return null;
  if (suspendedUntil === PERMANENT_SUSPENSION) return 'Suspended permanently';
  if (Date.parse(suspendedUntil) <= now) return null;
  return `Suspended until ${fmt.date(suspendedUntil, { dateStyle: 'medium', timeStyle: 'short' })}`;
}

/** Whether a message (or circle chat line) is one a moderator hid: the server sends this text instead. */
export const isRemovedMessage = (message: { content: string }) => message.content === REMOVED_MESSAGE_TEXT;
