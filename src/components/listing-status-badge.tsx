import { Badge } from '@radix-ui/themes';
import type { ListingStatus } from '@/shared/contract/listings';
import * as m from '@/lib/messages';

const STATUS_LABELS: Record<ListingStatus, () => string> = {
  active: m.listings_status_active,
  pending: m.listings_status_pending,
  paused: m.listings_status_paused,
  completed: m.listings_status_completed,
  hidden: m.listings_status_hidden,
};

/** A status in the member's language. */
export const statusLabel = (status: ListingStatus) => STATUS_LABELS[status]?.() ?? status;

/**
 * Pending is the secondary style, paused the outline style, any other
 * non-active status destructive. Active shows only where asked (the owner's view).
 */
export function ListingStatusBadge({ status, showActive = false }: { status: ListingStatus; showActive?: boolean }) {
  const label = statusLabel(status);
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
