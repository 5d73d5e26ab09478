// The header's entry for admins: a link to the moderation queue with the number of open reports,
// read every 30 s like the dashboard's figures. Loaded only for admins (header.tsx).
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Badge, IconButton } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { openReportCountQuery } from '../moderation-api';
import './open-reports-link.css';

export function OpenReportsLink() {
  const { data } = useQuery(openReportCountQuery);
  const count = data?.count ?? 0;
  const label =
    count > 0
      ? (fmt.one(count) ? m.admin_queue_link_one : m.admin_queue_link_other)({ count: fmt.number(count) })
      : m.admin_queue_link_none();
  return (
    <IconButton asChild variant="ghost" color="gray" className="open-reports-link">
      <Link
        to="/admin/reports"
        aria-label={label}
        title={m.admin_queue()}
        data-testid="open-reports-link"
        data-count={count}
      >
        <ExclamationTriangleIcon />
        {count > 0 && (
          <Badge size="1" variant="solid" radius="full" className="open-reports-badge count-badge" aria-hidden="true">
            {count > 99 ? `${fmt.number(99)}+` : fmt.number(count)}
          </Badge>
        )}
      </Link>
    </IconButton>
  );
}
