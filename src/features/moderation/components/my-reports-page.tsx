// /settings/reports ("Your reports"): what the member reported, newest first, with its status and,
// once an admin looked, what came of it in plain words.
import { Badge, Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MyReport } from '@/shared/contract/moderation';
import { myReportsQuery } from '../api';
import { formatDate, OUTCOME_LABELS, REASON_LABELS, TARGET_NOUNS } from '../labels';
import '../moderation.css';

export function MyReportsPage() {
  const reports = useQuery({ ...myReportsQuery, refetchOnMount: 'always' });
  return (
    <div className="container page settings-page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          Your reports
        </Heading>
        <Text color="gray">
          What you reported and what came of it. An admin reviews each report, usually within 24–48 hours. Reports are
          confidential: the member is not told who reported them. See the{' '}
          <ThemeLink asChild underline="always">
            <Link to="/community-standards">Community Standards</Link>
          </ThemeLink>{' '}
          for what is allowed.
        </Text>
      </Flex>
      {reports.isLoading ? (
        <Flex justify="center" p="6" role="status" aria-label="Loading">
          <Spinner size="3" />
        </Flex>
      ) : reports.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load your reports. Please try again.</Callout.Text>
        </Callout.Root>
      ) : (reports.data ?? []).length === 0 ? (
        <Card size="3" data-testid="reports-empty">
          <Text as="p" color="gray" align="center">
            You have not reported anything. To report a listing, a member or a message, use Report on it.
          </Text>
        </Card>
      ) : (
        <ul className="settings-list" aria-label="Your reports">
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
                A {TARGET_NOUNS[report.targetType]}, reported {formatDate(report.createdAt)}
              </Text>
              <Heading as="h2" size="3" className="settings-name">
                {report.targetLabel}
              </Heading>
            </Flex>
            <Badge color={open ? 'amber' : 'green'} variant="soft" highContrast data-testid="report-status">
              {open ? 'Open' : 'Resolved'}
            </Badge>
          </Flex>
          <Text size="2">
            <Text weight="medium">Reason:</Text> {REASON_LABELS[report.reason].label}
          </Text>
          {report.details && (
            <Text as="p" size="2" color="gray" className="report-details">
              “{report.details}”
            </Text>
          )}
          <Text as="p" size="2" data-testid="report-outcome">
            {open || !report.resolution
              ? 'Waiting for an admin to review it.'
              : `${OUTCOME_LABELS[report.resolution]}${report.resolvedAt ? ` (${formatDate(report.resolvedAt)})` : ''}.`}
          </Text>
        </Flex>
      </Card>
    </li>
  );
}
