// One audit entry in words, for the audit log and a member's history in the queue.
import type { AuditEntry } from '@/shared/contract/moderation';
import { AUDIT_ACTION_LABELS } from '@/features/moderation';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

export function auditActionText(entry: Pick<AuditEntry, 'action' | 'days'>): string {
  if (entry.action === 'suspend' && entry.days)
    return (fmt.one(entry.days) ? m.admin_suspended_days_one : m.admin_suspended_days_other)({
      days: fmt.number(entry.days),
    });
  return AUDIT_ACTION_LABELS[entry.action]();
}
