// The dashboard's way to the moderation queue (with its open count) and the audit log.
import { ExclamationTriangleIcon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { openReportCountQuery } from '../moderation-api';

export function ModerationLinks() {
  const { data } = useQuery(openReportCountQuery);
  return (
    <Flex asChild gap="3" wrap="wrap" mb="5">
      <nav aria-label={m.admin_moderation()}>
        <Button asChild variant="soft" highContrast>
          <Link to="/admin/reports" data-testid="dashboard-queue-link">
            <ExclamationTriangleIcon aria-hidden="true" /> {m.admin_queue()}
            {data && (
              <Badge color={data.count > 0 ? 'red' : 'gray'} variant="surface" highContrast radius="full">
                {m.admin_open_count({ count: fmt.number(data.count) })}
              </Badge>
            )}
          </Link>
        </Button>
        <Button asChild variant="soft" highContrast color="gray">
          <Link to="/admin/audit">
            <ReaderIcon aria-hidden="true" /> {m.admin_audit_log()}
          </Link>
        </Button>
      </nav>
    </Flex>
  );
}
