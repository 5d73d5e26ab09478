// A circle's status as a badge, and the line that says what it means now.
import { Badge } from '@radix-ui/themes';
import type { TradeCircle, TradeCircleStatus } from '@/shared/contract/trade-circles';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

const LABEL: Record<TradeCircleStatus, { text: () => string; color: 'blue' | 'green' | 'red' | 'gray' }> = {
  proposed: { text: m.trade_circles_status_proposed, color: 'blue' },
  agreed: { text: m.trade_circles_status_agreed, color: 'green' },
  declined: { text: m.trade_circles_status_declined, color: 'red' },
  expired: { text: m.trade_circles_status_expired, color: 'gray' },
};

export function StatusBadge({ status }: { status: TradeCircleStatus }) {
  return (
    <Badge highContrast color={LABEL[status].color} size="2" data-testid="circle-status">
      {LABEL[status].text()}
    </Badge>
  );
}

const DAY = 24 * 60 * 60 * 1000;
const monthDay = (iso: string) => fmt.date(iso, { month: 'short', day: 'numeric' });

/** "Proposed Nov 3 · 1 of 3 accepted · expires in 5 days": each part a phrase of its own. */
export function statusLine(circle: TradeCircle, now = Date.now()): string {
  const accepted = circle.legs.filter((leg) => leg.decision === 'accepted').length;
  const total = fmt.number(circle.legs.length);
  if (circle.status === 'proposed') {
    const days = Math.max(0, Math.ceil((Date.parse(circle.expiresAt) - now) / DAY));
    const left =
      days <= 1 ? m.trade_circles_line_within_day() : m.trade_circles_line_in_days({ days: fmt.number(days) });
    return [
      m.trade_circles_line_proposed({ date: monthDay(circle.createdAt) }),
      m.trade_circles_line_accepted({ accepted: fmt.number(accepted), total }),
      left,
    ].join(' · ');
  }
  if (circle.status === 'agreed') {
    const done = circle.legs.filter((leg) => leg.barterStatus === 'completed').length;
    return [
      m.trade_circles_line_agreed({ date: monthDay(circle.updatedAt) }),
      m.trade_circles_line_done({ done: fmt.number(done), total }),
    ].join(' · ');
  }
  // Called off: why, in words, when the server kept them (decision 061).
  const why = circle.status === 'declined' && circle.endReason ? circle.endReason : m.trade_circles_line_no_barter();
  const date = monthDay(circle.updatedAt);
  const ended =
    circle.status === 'declined' ? m.trade_circles_line_called_off({ date }) : m.trade_circles_line_expired({ date });
  return `${ended} · ${why}`;
}
