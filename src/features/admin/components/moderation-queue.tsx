// /admin/reports: the moderation queue. Open reports grouped by what they are about, oldest case
// first, with everything an admin needs to decide; the Resolved tab keeps what was decided.
import { Callout, Card, Flex, Heading, Link as ThemeLink, Skeleton, Tabs, Text } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';
import { usePageTitle } from '@/lib/use-page-title';
import { adminReportsQuery, type ReportStatus } from '../moderation-api';
import { groupReports } from '../report-groups';
import { AdminBackLink } from './admin-back-link';
import { AdminOnly } from './admin-only';
import './admin.css';
import { LoadMore } from './load-more';
import { ReportGroupCard } from './report-group-card';

export function ModerationQueuePage() {
  usePageTitle(m.admin_queue());
  return <AdminOnly>{(admin) => <ModerationQueue meId={admin.id} />}</AdminOnly>;
}

function ModerationQueue({ meId }: { meId: number }) {
  const [status, setStatus] = useState<ReportStatus>('open');

  return (
    <div className="container page moderation-page">
      <AdminBackLink />
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          {m.admin_queue()}
        </Heading>
        <Text as="p" color="gray">
          {richText(m.admin_queue_intro, {
            link: (
              <ThemeLink asChild underline="always">
                <Link to="/admin/audit">{m.admin_queue_audit_link()}</Link>
              </ThemeLink>
            ),
          })}
        </Text>
      </Flex>
      <Tabs.Root value={status} onValueChange={(value) => setStatus(value === 'resolved' ? 'resolved' : 'open')}>
        <Tabs.List aria-label={m.admin_reports()}>
          <Tabs.Trigger value="open">{m.admin_open()}</Tabs.Trigger>
          <Tabs.Trigger value="resolved">{m.admin_resolved()}</Tabs.Trigger>
        </Tabs.List>
        <Flex direction="column" gap="4" pt="5">
          <Tabs.Content value="open">
            <ReportList status="open" meId={meId} />
          </Tabs.Content>
          <Tabs.Content value="resolved">
            <ReportList status="resolved" meId={meId} />
          </Tabs.Content>
        </Flex>
      </Tabs.Root>
    </div>
  );
}

function ReportList({ status, meId }: { status: ReportStatus; meId: number }) {
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    ...adminReportsQuery(status),
    refetchOnMount: 'always',
  });
  if (isPending) {
    return (
      <Flex direction="column" gap="3" role="status" aria-label={m.admin_reports_loading()}>
        <Skeleton height="160px" />
        <Skeleton height="160px" />
      </Flex>
    );
  }
  if (error) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{m.admin_reports_failed({ error: messageOf(error, m.admin_try_again_lower()) })}</Callout.Text>
      </Callout.Root>
    );
  }
  const groups = groupReports(data.pages.flatMap((page) => page.items));
  if (groups.length === 0) {
    return (
      <Card size="3" data-testid="queue-empty">
        <Text as="p" color="gray" align="center">
          {status === 'open' ? m.admin_queue_empty() : m.admin_resolved_empty()}
        </Text>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="4">
      {groups.map((group) => (
        <ReportGroupCard key={group.key} group={group} meId={meId} />
      ))}
      <LoadMore
        hasMore={hasNextPage}
        loading={isFetchingNextPage}
        onLoad={() => void fetchNextPage()}
        label={m.admin_reports_more()}
      />
    </Flex>
  );
}
