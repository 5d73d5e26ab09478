// The actions on one case of the queue. Hide only where something can be hidden (a listing, a
// message, a circle chat line) and is not hidden yet; Reinstate only while the member is suspended;
// member actions only while the account exists. A decided case (no open report left) offers only
// Reinstate, so a suspension can be lifted from where it was given. Each opens the note dialog.
import { Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import type { ReportTargetType } from '@/shared/contract/moderation';
import { suspensionText } from '@/features/moderation';
import * as m from '@/lib/messages';
import type { ReportGroup } from '../report-groups';
import { ModerationActionDialog, type QueueAction } from './moderation-action-dialog';

const HIDEABLE: ReportTargetType[] = ['listing', 'message', 'circle_message'];

export function ModerationActions({ group, decided }: { group: ReportGroup; decided: boolean }) {
  const [action, setAction] = useState<QueueAction | null>(null);
  const { first, latest } = group;
  const member = latest.targetUser;
  const suspended = member ? suspensionText(member.suspendedUntil) !== null : false;
  // A link-burst guard's case is about the member; Hide there deletes the messages it holds.
  const heldMessages = group.reports.some((r) => r.status === 'open' && r.guard === 'link_burst');
  const hiddenByReports =
    latest.hidden && group.reports.some((r) => r.status === 'open' && r.guard === 'report_threshold');
  // A listing the threshold hid can still be hidden by decision (then dismissing later reports leaves it hidden).
  const canHide =
    heldMessages ||
    (HIDEABLE.includes(first.targetType) && (!latest.hidden || hiddenByReports) && latest.current !== null);
  const openReport = group.reports.find((r) => r.status === 'open') ?? first;
  const button = (
    value: QueueAction,
    label: string,
    props: { color?: 'red' | 'gray' | 'amber'; variant?: 'solid' | 'soft' | 'outline' } = {},
  ) => (
    <Button
      size="2"
      variant={props.variant ?? 'soft'}
      color={props.color}
      highContrast
      onClick={() => setAction(value)}
    >
      {label}
    </Button>
  );
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label={m.admin_actions()} data-testid="moderation-actions">
      {!decided && button('dismiss', m.admin_dismiss(), { color: 'gray' })}
      {!decided && member && button('warn', m.admin_warn(), { color: 'amber' })}
      {!decided && canHide && button('hide', heldMessages ? m.admin_delete_held() : m.admin_hide(), { color: 'amber' })}
      {!decided && member && !suspended && button('suspend', m.admin_suspend_ellipsis(), { color: 'red' })}
      {!decided && member && !suspended && button('ban', m.admin_ban(), { color: 'red', variant: 'outline' })}
      {member && suspended && button('reinstate', m.admin_reinstate())}

      <ModerationActionDialog
        action={action}
        subject={{
          reportId: openReport.id,
          targetType: first.targetType,
          member,
          openCount: latest.openCount,
          heldMessages,
          hiddenByReports,
        }}
        onClose={() => setAction(null)}
      />
    </Flex>
  );
}
