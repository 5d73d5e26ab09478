import { Badge } from '@radix-ui/themes';
import type { ListingStatus } from '@/shared/contract/listings';

export const STATUS_LABELS: Record<ListingStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  paused: 'Paused',
  completed: 'Completed',
  hidden: 'Hidden by moderators',
};

/**
 * Pending is the secondary style, paused the outline style, any other
 * non-active status destructive. Active shows only where asked (the owner's view).
 */
export function ListingStatusBadge({ status, showActive = false }: { status: ListingStatus; showActive?: boolean }) {
  const label = STATUS_LABELS[status] ?? status;
  if (status === 'active') {
    return showActive ? (
      <Badge color="green" variant="soft" highContrast data-testid="status-badge">
        {label}
      </Badge>
    ) : null;
  }
  if (status === 'pending') {
    return (
      <Badge color="gray" variant="soft" data-testid="status-badge">
        {label}
      </Badge>
    );
  }
  if (status === 'paused') {
    return (
      <Badge color="gray" variant="outline" data-testid="status-badge">
        {label}
      </Badge>
    );
  }
  return (
    <Badge color="red" variant="soft" data-testid="status-badge">
      {label}
    </Badge>
  );
}
