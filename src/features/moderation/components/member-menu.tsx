// "More" (⋯) beside a member's name, on their profile and in a conversation's header: Report them,
// and Block or Unblock. A menu keeps both out of the way until someone needs them.
import { DotsHorizontalIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { useState } from 'react';
import { useHasBlocked } from '@/features/blocks';
import { BlockDialog } from '@/features/blocks';
import { useUnblockWithToast } from '@/features/blocks';
import * as m from '@/lib/messages';
import type { ReportTarget } from './report-dialog';
import { onDemand } from '@/components/on-demand';

const ReportDialog = onDemand(() => import('./report-dialog').then((module) => module.ReportDialog));

interface MemberMenuProps {
  member: { id: number; displayName: string };
  /** What "Report" files: the member themselves, or what the screen is about. */
  report?: ReportTarget;
  /** Whether the member blocked them, when the screen knows it already (no read of the block list). */
  blocked?: boolean;
}

export function MemberMenu({ member, report, blocked: known }: MemberMenuProps) {
  const blocked = useHasBlocked(member.id, true, known);
  const unblock = useUnblockWithToast();
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const target: ReportTarget = report ?? { type: 'user', id: member.id, label: member.displayName, member };
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton
            variant="soft"
            color="gray"
            highContrast
            aria-label={m.moderation_more_actions({ name: member.displayName })}
            data-testid="member-menu"
          >
            <DotsHorizontalIcon width="18" height="18" />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item onSelect={() => setReporting(true)}>
            {m.moderation_report_name({ name: member.displayName })}
          </DropdownMenu.Item>
          {blocked ? (
            <DropdownMenu.Item onSelect={() => void unblock.run(member)}>
              {m.moderation_unblock_name({ name: member.displayName })}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item color="red" onSelect={() => setBlocking(true)}>
              {m.moderation_block_name({ name: member.displayName })}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ReportDialog target={target} open={reporting} onOpenChange={setReporting} />
      <BlockDialog member={member} open={blocking} onOpenChange={setBlocking} />
    </>
  );
}
