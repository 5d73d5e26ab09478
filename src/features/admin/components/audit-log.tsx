// /admin/audit: every admin action, newest first, a page at a time; ?userId= narrows it to the
// actions on one member (the queue links there from a case).
import { Badge, Button, Callout, Flex, Heading, Link as ThemeLink, Skeleton, Table, Text } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { usePageTitle } from '@/lib/use-page-title';
import type { AuditEntry } from '@/shared/contract/moderation';
import { formatDateTime, TARGET_TYPE_LABELS } from '@/features/moderation';
import { auditActionText } from '../audit-words';
import { auditQuery } from '../moderation-api';
import { AdminOnly } from './admin-only';
import './admin.css';
import { LoadMore } from './load-more';
import { AdminBackLink } from './admin-back-link';
import { TableScroll } from './table-scroll';

export function AuditLogPage({ userId }: { userId: number | null }) {
  usePageTitle(m.admin_audit_log());
  return <AdminOnly>{() => <AuditLog userId={userId} />}</AdminOnly>;
}

const ACTION_COLORS: Partial<Record<AuditEntry['action'], 'red' | 'amber' | 'green' | 'gray' | 'indigo'>> = {
  ban: 'red',
  suspend: 'red',
  warn: 'amber',
  hide: 'amber',
  reinstate: 'green',
  suspension_ended: 'green',
  dismiss: 'gray',
};

function AuditLog({ userId }: { userId: number | null }) {
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    ...auditQuery(userId),
    refetchOnMount: 'always',
  });
  const entries = data?.pages.flatMap((page) => page.items) ?? [];
  const columns = [m.admin_col_when(), m.admin_col_action(), m.admin_col_on(), m.admin_col_by(), m.admin_col_note()];
  return (
    <div className="container page">
      <AdminBackLink />
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          {m.admin_audit_log()}
        </Heading>
        <Text as="p" color="gray">
          {m.admin_audit_intro()}
        </Text>
        {userId !== null && (
          <Flex gap="3" align="center" wrap="wrap" mt="2">
            <Text size="2" weight="medium" data-testid="audit-filter">
              {entries[0] ? m.admin_audit_filter_named({ name: memberLabel(entries, userId) }) : m.admin_audit_filter()}
            </Text>
            <Button asChild size="1" variant="soft" highContrast>
              <Link to="/admin/audit" search={{}}>
                {m.admin_audit_show_all()}
              </Link>
            </Button>
          </Flex>
        )}
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>{m.admin_audit_failed({ error: messageOf(error, m.admin_try_again_lower()) })}</Callout.Text>
        </Callout.Root>
      )}
      <Flex direction="column" gap="4">
        <div className="audit-table">
          <TableScroll label={m.admin_audit_log()}>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  {columns.map((column) => (
                    <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {isPending &&
                  [0, 1, 2].map((row) => (
                    <Table.Row key={row}>
                      <Table.Cell colSpan={columns.length}>
                        <Skeleton height="24px" />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
                {data && entries.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={columns.length}>
                      <Text color="gray">{m.admin_audit_empty()}</Text>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </TableScroll>
        </div>
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          onLoad={() => void fetchNextPage()}
          label={m.admin_audit_more()}
        />
      </Flex>
    </div>
  );
}

/** The filtered member's name, from an entry about them. */
function memberLabel(entries: AuditEntry[], userId: number) {
  const about = entries.find((e) => e.targetType === 'user' && e.targetId === userId);
  return about?.targetLabel ?? m.admin_member_id({ id: userId });
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Row align="start" data-testid="audit-entry">
      <Table.Cell>
        <Text size="2" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge color={ACTION_COLORS[entry.action] ?? 'indigo'} variant="soft" highContrast data-testid="audit-action">
          {auditActionText(entry)}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Flex direction="column" className="audit-target">
          <Text size="2" className="queue-wrap">
            {entry.targetLabel}
          </Text>
          <Text size="1" color="gray">
            {TARGET_TYPE_LABELS[entry.targetType]()}
            {entry.targetUserId !== null && (
              <>
                {' · '}
                <ThemeLink asChild underline="always">
                  <Link to="/admin/audit" search={{ userId: entry.targetUserId }}>
                    {m.admin_audit_all_on_member()}
                  </Link>
                </ThemeLink>
              </>
            )}
          </Text>
        </Flex>
      </Table.Cell>
      <Table.Cell>
        <Text size="2">{entry.actor.name}</Text>
      </Table.Cell>
      <Table.Cell>
        <Text as="p" size="2" className="audit-note">
          {entry.note}
        </Text>
      </Table.Cell>
    </Table.Row>
  );
}
