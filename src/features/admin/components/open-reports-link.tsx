// The header's entry for admins: a link to the moderation queue with the number of open reports,
// read every 30 s like the dashboard's figures. Loaded only for admins (header.tsx).
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Badge, IconButton } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { openReportCountQuery } from '../moderation-api';
import './open-reports-link.css';

export function OpenReportsLink() {
  const { data } = useQuery(openReportCountQuery);
  const count = data?.count ?? 0;
  const label =
    count > 0 ? `Moderation queue: ${count} open report${count === 1 ? '' : 's'}` : 'Moderation queue: no open reports';
  return (
    <IconButton asChild variant="ghost" color="gray" className="open-reports-link">
      <Link
        to="/admin/reports"
        aria-label={label}
        title="Moderation queue"
        data-testid="open-reports-link"
        data-count={count}
      >
        <ExclamationTriangleIcon />
        {count > 0 && (
          <Badge size="1" variant="solid" radius="full" className="open-reports-badge count-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </Badge>
        )}
      </Link>
    </IconButton>
  );
}
