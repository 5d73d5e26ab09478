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
import * as m from '@/lib/messages';

// Each label is a message function, called when rendering (decision 068: a module's constants are
// made before the language's words load).
export const REASON_LABELS: Record<ReportReason, { label: () => string; hint: () => string }> = {
  scam: { label: m.moderation_reason_scam, hint: m.moderation_reason_scam_hint },
  prohibited: { label: m.moderation_reason_prohibited, hint: m.moderation_reason_prohibited_hint },
  harassment: { label: m.moderation_reason_harassment, hint: m.moderation_reason_harassment_hint },
  spam: { label: m.moderation_reason_spam, hint: m.moderation_reason_spam_hint },
  other: { label: m.moderation_reason_other, hint: m.moderation_reason_other_hint },
};

/** The reasons in the order the dialog offers them: the most serious first. */
export const REASON_ORDER: ReportReason[] = ['scam', 'prohibited', 'harassment', 'spam', 'other'];

/** "Report this listing", "Report this member"…: one whole sentence per kind (the noun's gender varies). */
export const REPORT_THIS: Record<ReportTargetType, () => string> = {
  listing: m.moderation_report_this_listing,
  user: m.moderation_report_this_user,
  message: m.moderation_report_this_message,
  offer: m.moderation_report_this_offer,
  circle_message: m.moderation_report_this_circle_message,
};

/** What a report or an admin action was about, as the queue and the audit log label it. */
export const TARGET_TYPE_LABELS: Record<AuditTargetType, () => string> = {
  listing: m.moderation_type_listing,
  user: m.moderation_type_user,
  message: m.moderation_type_message,
  offer: m.moderation_type_offer,
  circle_message: m.moderation_type_circle_message,
  held_messages: m.moderation_type_held_messages,
};

/** What came of a report, as its reporter reads it (never the admin's note). */
export const OUTCOME_LABELS: Record<ModerationAction, () => string> = {
  dismiss: m.moderation_outcome_dismiss,
  warn: m.moderation_outcome_warn,
  hide: m.moderation_outcome_hide,
  suspend: m.moderation_outcome_suspend,
  ban: m.moderation_outcome_ban,
};

/** The audit log's verbs. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, () => string> = {
  dismiss: m.moderation_audit_dismiss,
  warn: m.moderation_audit_warn,
  hide: m.moderation_audit_hide,
  suspend: m.moderation_audit_suspend,
  ban: m.moderation_audit_ban,
  reinstate: m.moderation_audit_reinstate,
  suspension_ended: m.moderation_audit_suspension_ended,
  make_admin: m.moderation_audit_make_admin,
  feature: m.moderation_audit_feature,
  unfeature: m.moderation_audit_unfeature,
};

/** Why an automatic guard filed a report: the queue's whole "Held automatically: …" line. */
export const GUARD_LABELS: Record<ModerationGuard, () => string> = {
  link_burst: m.moderation_held_link_burst,
  report_threshold: m.moderation_held_report_threshold,
};

export const formatDate = (iso: string) => fmt.date(iso, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => fmt.date(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** A member's standing in words: null in good standing or once a suspension has run out. */
export function suspensionText(suspendedUntil: string | null, now = Date.now()): string | null {
  if (!suspendedUntil) return null;
  if (suspendedUntil === PERMANENT_SUSPENSION) return m.moderation_suspended_permanently();
  if (Date.parse(suspendedUntil) <= now) return null;
  return m.moderation_suspended_until({ date: formatDateTime(suspendedUntil) });
}

/** Whether a message (or circle chat line) is one a moderator hid: the server sends this text instead. */
export const isRemovedMessage = (message: { content: string }) => message.content === REMOVED_MESSAGE_TEXT;
