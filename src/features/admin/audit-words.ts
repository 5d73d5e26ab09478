// One audit entry in words, for the audit log and a member's history in the queue.
import type { AuditEntry } from '@/shared/contract/moderation';
import { AUDIT_ACTION_LABELS } from '@/features/moderation';

export function auditActionText(entry: Pick<AuditEntry, 'action' | 'days'>): string {
  const verb = AUDIT_ACTION_LABELS[entry.action]();
  return entry.action === 'suspend' && entry.days
    ? `${verb} for ${entry.days} day${entry.days === 1 ? '' : 's'}`
    : verb;
}
