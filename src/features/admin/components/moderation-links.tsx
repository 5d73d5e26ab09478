// The dashboard's way to the moderation queue (with its open count) and the audit log.
import { ExclamationTriangleIcon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { openReportCountQuery } from '../moderation-api';

export function ModerationLinks() {
  const { data } = useQuery(openReportCountQuery);
  return (
    <Flex asChild gap="3" wrap="wrap" mb="5">
      <nav aria-label="Moderation">
        <Button asChild variant="soft" highContrast>
          <Link to="/admin/reports" data-testid="dashboard-queue-link">
            <ExclamationTriangleIcon aria-hidden="true" /> Moderation queue
            {data && (
              <Badge color={data.count > 0 ? 'red' : 'gray'} variant="surface" highContrast radius="full">
                {data.count} open
              </Badge>
            )}
          </Link>
        </Button>
        <Button asChild variant="soft" highContrast color="gray">
          <Link to="/admin/audit">
            <ReaderIcon aria-hidden="true" /> Audit log
          </Link>
        </Button>
      </nav>
    </Flex>
  );
}
