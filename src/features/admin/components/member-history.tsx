// Earlier actions on the member a report is about (GET /api/admin/audit?userId=), read when the
// admin opens the section: most cases need it once, and the queue stays one read.
import { Button, Callout, Flex, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { formatDateTime } from '@/features/moderation';
import { richText } from '@/lib/rich-text';
import { auditActionText } from '../audit-words';
import { auditQuery } from '../moderation-api';

const SHOWN = 5;

export function MemberHistory({ member }: { member: { id: number; displayName: string } }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Flex direction="column" gap="2" align="start">
      <Button
        variant="ghost"
        size="1"
        highContrast
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((was) => !was)}
      >
        {(open ? m.admin_history_hide : m.admin_history_show)({ name: member.displayName })}
      </Button>
      <div id={regionId} hidden={!open} style={{ width: '100%' }}>
        {open && <HistoryList member={member} />}
      </div>
    </Flex>
  );
}

function HistoryList({ member }: { member: { id: number; displayName: string } }) {
  const history = useInfiniteQuery(auditQuery(member.id));
  if (history.isPending) return <Spinner size="2" />;
  if (history.isError) {
    return (
      <Callout.Root color="red" role="alert" size="1">
        <Callout.Text>
          {m.admin_history_failed({ error: messageOf(history.error, m.admin_try_again_lower()) })}
        </Callout.Text>
      </Callout.Root>
    );
  }
  const entries = history.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return (
      <Text as="p" size="2" color="gray" data-testid="member-history">
        {m.admin_history_empty({ name: member.displayName })}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="2" data-testid="member-history">
      <ul className="member-history">
        {entries.slice(0, SHOWN).map((entry) => (
          <li key={entry.id}>
            <Text size="2">
              {/* The action stands out in its sentence, wherever the language puts it. */}
              {richText(
                (inputs: { action: string }) =>
                  m.admin_history_entry({ ...inputs, actor: entry.actor.name, date: formatDateTime(entry.createdAt) }),
                { action: <Text weight="medium">{auditActionText(entry)}</Text> },
              )}
              {entry.note && <Text color="gray">: “{entry.note}”</Text>}
            </Text>
          </li>
        ))}
      </ul>
      <ThemeLink asChild size="2">
        <Link to="/admin/audit" search={{ userId: member.id }}>
          {m.admin_history_all({ name: member.displayName })}
        </Link>
      </ThemeLink>
    </Flex>
  );
}
