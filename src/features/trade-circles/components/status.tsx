// A circle's status as a badge, and the line that says what it means now.
import { Badge } from '@radix-ui/themes';
import type { TradeCircle, TradeCircleStatus } from '@/shared/contract/trade-circles';
import { formatMonthDay } from '@/lib/format-date';

const LABEL: Record<TradeCircleStatus, { text: string; color: 'blue' | 'green' | 'red' | 'gray' }> = {
  proposed: { text: 'Proposed', color: 'blue' },
  agreed: { text: 'Agreed', color: 'green' },
  declined: { text: 'Called off', color: 'red' },
  expired: { text: 'Expired', color: 'gray' },
};

export function StatusBadge({ status }: { status: TradeCircleStatus }) {
  return (
    <Badge highContrast color={LABEL[status].color} size="2" data-testid="circle-status">
      {LABEL[status].text}
    </Badge>
  );
}

const DAY = 24 * 60 * 60 * 1000;

export function statusLine(circle: TradeCircle, now = Date.now()): string {
  const accepted = circle.legs.filter((leg) => leg.decision === 'accepted').length;
  if (circle.status === 'proposed') {
    const days = Math.max(0, Math.ceil((Date.parse(circle.expiresAt) - now) / DAY));
    const left = days <= 1 ? 'expires within a day' : `expires in ${days} days`;
    return `Proposed ${formatMonthDay(circle.createdAt)} · ${accepted} of ${circle.legs.length} accepted · ${left}`;
  }
  if (circle.status === 'agreed') {
    const done = circle.legs.filter((leg) => leg.barterStatus === 'completed').length;
    return `Agreed ${formatMonthDay(circle.updatedAt)} · ${done} of ${circle.legs.length} barters completed`;
  }
  // Called off: why, in words, when the server kept them (decision 061).
  const why = circle.status === 'declined' && circle.endReason ? circle.endReason : 'no barter was made';
  return `${circle.status === 'declined' ? 'Called off' : 'Expired'} ${formatMonthDay(circle.updatedAt)} · ${why}`;
}
