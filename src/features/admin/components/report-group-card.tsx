// One case in the moderation queue: the reported thing as it is now (and as it was reported, when
// it has changed since), the member behind it and their standing, who reported it and why (or
// which guard held it), earlier actions on the member, and the actions open to this admin.
import { Badge, Card, Flex, Heading, Link as ThemeLink, Separator, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import type { AdminReport, TargetSnapshot } from '@/shared/contract/moderation';
import { richText } from '@/lib/rich-text';
import {
  formatDate,
  formatDateTime,
  GUARD_LABELS,
  OUTCOME_LABELS,
  REASON_LABELS,
  suspensionText,
  TARGET_TYPE_LABELS,
} from '@/features/moderation';
import { changedSince, type ReportGroup } from '../report-groups';
import { MemberHistory } from './member-history';
import { ModerationActions } from './moderation-actions';

interface ReportGroupCardProps {
  group: ReportGroup;
  meId: number;
}

export function ReportGroupCard({ group, meId }: ReportGroupCardProps) {
  const { first, latest, reports } = group;
  const open = reports.filter((r) => r.status === 'open');
  const member = latest.targetUser;
  const current = latest.current;
  const headingId = `report-group-${group.key.replace(':', '-')}`;
  const standing = member ? suspensionText(member.suspendedUntil) : null;
  return (
    <Card size="3" asChild>
      <article aria-labelledby={headingId} data-testid="report-group" data-target={group.key}>
        <Flex direction="column" gap="4">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" gap="1" minWidth="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color="gray" highContrast>
                  {TARGET_TYPE_LABELS[first.targetType]()}
                </Badge>
                {latest.hidden && (
                  <Badge color="amber" highContrast>
                    {m.admin_hidden_now()}
                  </Badge>
                )}
                {open.length > 0 && (
                  <Badge color="red" variant="soft" highContrast data-testid="report-count">
                    {(fmt.one(latest.openCount) ? m.admin_open_reports_one : m.admin_open_reports_other)({
                      count: fmt.number(latest.openCount),
                    })}
                  </Badge>
                )}
              </Flex>
              <Heading as="h2" size="4" id={headingId} className="queue-wrap">
                {current?.link ? (
                  <ThemeLink asChild>
                    <AppPathLink href={current.link}>{current.label}</AppPathLink>
                  </ThemeLink>
                ) : (
                  (current ?? first.snapshot).label
                )}
              </Heading>
            </Flex>
            <Text size="1" color="gray">
              {m.admin_first_reported({ date: formatDateTime(first.createdAt) })}
            </Text>
          </Flex>

          <TargetContent snapshot={first.snapshot} current={current} />

          {member ? (
            <Flex direction="column" gap="1">
              <Text size="2">
                <Text weight="medium">{m.admin_member_label()} </Text>
                <ThemeLink asChild underline="always">
                  <Link to="/profile/$username" params={{ username: member.username }}>
                    {member.displayName}
                  </Link>
                </ThemeLink>{' '}
                <Text color="gray">
                  {m.admin_member_joined({ username: member.username, date: formatDate(member.createdAt) })}
                </Text>
              </Text>
              {standing && (
                <Badge color="red" highContrast style={{ alignSelf: 'start' }} data-testid="member-standing">
                  {standing}
                </Badge>
              )}
            </Flex>
          ) : (
            <Text size="2" color="gray">
              {m.admin_account_gone()}
            </Text>
          )}

          <Flex direction="column" gap="2">
            <Heading as="h3" size="2">
              {reports.length === 1
                ? m.admin_report_one()
                : m.admin_reports_count({ count: fmt.number(reports.length) })}
            </Heading>
            <ul className="queue-reports">
              {reports.map((report) => (
                <ReportLine key={report.id} report={report} />
              ))}
            </ul>
          </Flex>

          {member && <MemberHistory member={member} />}

          {(open.length > 0 || (member && standing)) && (
            <>
              <Separator size="4" />
              {member?.id === meId ? (
                <Text size="2" color="gray" data-testid="self-report-note">
                  {m.admin_self_report()}
                </Text>
              ) : (
                <ModerationActions group={group} decided={open.length === 0} />
              )}
            </>
          )}
        </Flex>
      </article>
    </Card>
  );
}

/** A link to a path of this app the server named (a snapshot's link), followed without a reload. */
function AppPathLink({ href, children, ...rest }: { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

/** The target's content now; if it changed since it was reported, what was reported too. */
function TargetContent({ snapshot, current }: { snapshot: TargetSnapshot; current: TargetSnapshot | null }) {
  const changed = changedSince(snapshot, current);
  return (
    <Flex direction="column" gap="2">
      {current ? (
        <Snapshot title={changed ? m.admin_snapshot_now() : m.admin_snapshot_content()} snapshot={current} />
      ) : (
        <Text size="2" color="gray">
          {m.admin_snapshot_deleted()}
        </Text>
      )}
      {changed && <Snapshot title={m.admin_snapshot_then()} snapshot={snapshot} muted />}
    </Flex>
  );
}

function Snapshot({ title, snapshot, muted = false }: { title: string; snapshot: TargetSnapshot; muted?: boolean }) {
  return (
    <div
      className={`queue-snapshot${muted ? ' queue-snapshot-then' : ''}`}
      data-testid={muted ? 'snapshot-then' : 'snapshot-now'}
    >
      <Text as="p" size="1" weight="medium" color="gray" mb="1">
        {title}
      </Text>
      <Flex gap="3" align="start">
        {snapshot.imageUrl && <img src={snapshot.imageUrl} alt="" className="queue-thumb" loading="lazy" />}
        <Flex direction="column" gap="1" minWidth="0">
          {muted && (
            <Text size="2" weight="medium" className="queue-wrap">
              {snapshot.label}
            </Text>
          )}
          <Text as="p" size="2" className="queue-text">
            {snapshot.text || m.admin_no_text()}
          </Text>
        </Flex>
      </Flex>
    </div>
  );
}

function ReportLine({ report }: { report: AdminReport }) {
  return (
    <li data-testid="queue-report">
      <Flex direction="column" gap="1">
        <Text size="2">
          {report.guard ? (
            <Text weight="medium">{GUARD_LABELS[report.guard]()}</Text>
          ) : (
            <>
              <Text weight="medium">{REASON_LABELS[report.reason].label()}</Text>
              {' · '}
              {report.reporter
                ? richText(m.admin_reported_by, {
                    link: (
                      <ThemeLink asChild underline="always">
                        <Link to="/profile/$username" params={{ username: report.reporter.username }}>
                          {report.reporter.displayName}
                        </Link>
                      </ThemeLink>
                    ),
                  })
                : m.admin_reported_by_former()}
            </>
          )}
          <Text color="gray"> · {formatDateTime(report.createdAt)}</Text>
        </Text>
        {report.details && (
          <Text as="p" size="2" color="gray" className="report-details">
            “{report.details}”
          </Text>
        )}
        {report.status === 'resolved' && report.resolution && (
          <Text size="1" color="gray" data-testid="queue-resolution">
            {OUTCOME_LABELS[report.resolution]()}
            {report.resolvedAt ? `, ${formatDateTime(report.resolvedAt)}` : ''}
          </Text>
        )}
      </Flex>
    </li>
  );
}
