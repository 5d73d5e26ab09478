// /settings/reports ("Your reports"): what the member reported, newest first, with its status and,
// once an admin looked, what came of it in plain words.
import { Badge, Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import type { MyReport, ReportTargetType } from '@/shared/contract/moderation';
import { myReportsQuery } from '../api';
import { formatDate, OUTCOME_LABELS, REASON_LABELS } from '../labels';
import { richText } from '@/lib/rich-text';
import '../moderation.css';

/** "A listing, reported {date}": one sentence per kind (article and agreement vary by language). */
const REPORTED: Record<ReportTargetType, (inputs: { date: string }) => string> = {
  listing: m.moderation_reported_listing,
  user: m.moderation_reported_user,
  message: m.moderation_reported_message,
  offer: m.moderation_reported_offer,
  circle_message: m.moderation_reported_circle_message,
};

export function MyReportsPage() {
  const reports = useQuery({ ...myReportsQuery, refetchOnMount: 'always' });

  return (
    <div className="container page settings-page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          {m.moderation_your_reports()}
        </Heading>
        <Text color="gray">
          {richText(m.moderation_reports_intro, {
            link: (
              <ThemeLink asChild underline="always">
                <Link to="/community-standards">{m.moderation_community_standards()}</Link>
              </ThemeLink>
            ),
          })}
        </Text>
      </Flex>
      {reports.isLoading ? (
        <Flex justify="center" p="6" role="status" aria-label={m.moderation_loading()}>
          <Spinner size="3" />
        </Flex>
      ) : reports.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.moderation_reports_failed()}</Callout.Text>
        </Callout.Root>
      ) : (reports.data ?? []).length === 0 ? (
        <Card size="3" data-testid="reports-empty">
          <Text as="p" color="gray" align="center">
            {m.moderation_reports_empty()}
          </Text>
        </Card>
      ) : (
        <ul className="settings-list" aria-label={m.moderation_your_reports()}>
          {reports.data!.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReportRow({ report }: { report: MyReport }) {
  const open = report.status === 'open';
  return (
    <li>
      <Card size="2" data-testid="my-report">
        <Flex direction="column" gap="2">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" minWidth="0">
              <Text size="1" color="gray">
                {REPORTED[report.targetType]({ date: formatDate(report.createdAt) })}
              </Text>
              <Heading as="h2" size="3" className="settings-name">
                {report.targetLabel}
              </Heading>
            </Flex>
            <Badge color={open ? 'amber' : 'green'} variant="soft" highContrast data-testid="report-status">
              {open ? m.moderation_status_open() : m.moderation_status_resolved()}
            </Badge>
          </Flex>
          <Text size="2">
            <Text weight="medium">{m.moderation_reason()}</Text> {REASON_LABELS[report.reason].label()}
          </Text>
          {report.details && (
            <Text as="p" size="2" color="gray" className="report-details">
              “{report.details}”
            </Text>
          )}
          <Text as="p" size="2" data-testid="report-outcome">
            {open || !report.resolution
              ? m.moderation_waiting()
              : report.resolvedAt
                ? m.moderation_outcome_dated({
                    outcome: OUTCOME_LABELS[report.resolution](),
                    date: formatDate(report.resolvedAt),
                  })
                : m.moderation_outcome({ outcome: OUTCOME_LABELS[report.resolution]() })}
          </Text>
        </Flex>
      </Card>
    </li>
  );
}
