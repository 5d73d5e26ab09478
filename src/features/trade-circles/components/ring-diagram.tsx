// The ring diagram: each member a node around a circle, each leg an arrow from giver to receiver
// labelled with the listing, coloured by the leg's barter state; each node shows the member's
// decision. Decorative for assistive technology: the ordered list beside it says the same.
import * as m from '@/lib/messages';
import type { TradeCircle, TradeCircleLeg } from '@/shared/contract/trade-circles';

const CX = 0;
const CY = 0;
const NODE_R = 26;
/** Room a node's name and decision take either side of it, and below it. */
const LABEL_HALF_WIDTH = 62;
const LABEL_DEPTH = 38;
const CHAR_WIDTH = 6.9;

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

export function legState(
  circle: TradeCircle,
  leg: TradeCircleLeg,
): 'completed' | 'pending' | 'cancelled' | 'open' | 'closed' {
  if (leg.barterStatus) return leg.barterStatus;
  return circle.status === 'proposed' || circle.status === 'agreed' ? 'open' : 'closed';
}

interface Point {
  x: number;
  y: number;
}

export function RingDiagram({ circle, meId }: { circle: TradeCircle; meId: number }) {
  const n = circle.legs.length;
  const radius = n === 2 ? 125 : n === 3 ? 150 : 160;
  // Members clockwise from the top (a swap: left and right); member i gives leg i.
  const start = n === 2 ? Math.PI : -Math.PI / 2;
  const nodes: Point[] = circle.legs.map((_, i) => {
    const angle = start + (2 * Math.PI * i) / n;
    return { x: CX + radius * Math.cos(angle), y: CY + radius * Math.sin(angle) };
  });
  const bulge = n === 2 ? 95 : n === 3 ? 48 : 30;
  const toward = (p: Point, q: Point, by: number) => {
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    return { x: p.x + ((q.x - p.x) / d) * by, y: p.y + ((q.y - p.y) / d) * by };
  };
  const arcs = circle.legs.map((leg, i) => {
    const from = nodes[i]!;
    const to = nodes[(i + 1) % n]!;
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const length = Math.hypot(dx, dy);
    // Bent to the right of the direction of travel: outward for a ring drawn clockwise.
    const control = { x: (from.x + to.x) / 2 + (dy / length) * bulge, y: (from.y + to.y) / 2 - (dx / length) * bulge };
    const a = toward(from, control, NODE_R + 3);
    const b = toward(to, control, NODE_R + 5);
    const mid = { x: 0.25 * a.x + 0.5 * control.x + 0.25 * b.x, y: 0.25 * a.y + 0.5 * control.y + 0.25 * b.y };
    // The label fits about half the distance between the two members.
    const maxChars = Math.max(10, Math.floor((length * (n === 2 ? 0.7 : 0.58) - 16) / CHAR_WIDTH));
    const title = truncate(leg.listing?.title ?? m.trade_circles_listing_removed(), maxChars);
    return { leg, a, b, control, mid, title, pill: title.length * CHAR_WIDTH + 16, state: legState(circle, leg) };
  });
  // The drawing's own bounds, so it fills its box on a phone as on a desktop.
  const xs = [
    ...nodes.flatMap((p) => [p.x - LABEL_HALF_WIDTH, p.x + LABEL_HALF_WIDTH]),
    ...arcs.flatMap((arc) => [arc.mid.x - arc.pill / 2, arc.mid.x + arc.pill / 2]),
  ];
  const ys = [
    ...nodes.flatMap((p) => [p.y - NODE_R, p.y + NODE_R + LABEL_DEPTH]),
    ...arcs.flatMap((arc) => [arc.mid.y - 12, arc.mid.y + 12]),
  ];
  const [minX, maxX, minY, maxY] = [Math.min(...xs) - 6, Math.max(...xs) + 6, Math.min(...ys) - 6, Math.max(...ys) + 6];
  return (
    <svg
      className="ring-diagram"
      viewBox={`${minX} ${minY} ${maxX - minX} ${maxY - minY}`}
      aria-hidden="true"
      focusable="false"
      data-testid="ring-diagram"
    >
      <defs>
        {(['open', 'pending', 'completed', 'cancelled', 'closed'] as const).map((state) => (
          <marker
            key={state}
            id={`ring-arrow-${circle.id}-${state}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" className={`ring-arrowhead ring-leg-${state}`} />
          </marker>
        ))}
      </defs>
      {arcs.map(({ a, b, control, mid, title, pill, state }, i) => (
        <g key={i} className={`ring-leg ring-leg-${state}`} data-testid="ring-leg">
          <path
            d={`M ${a.x} ${a.y} Q ${control.x} ${control.y} ${b.x} ${b.y}`}
            className="ring-arc"
            markerEnd={`url(#ring-arrow-${circle.id}-${state})`}
          />
          <rect x={mid.x - pill / 2} y={mid.y - 11} width={pill} height={22} rx={11} className="ring-pill" />
          <text x={mid.x} y={mid.y + 4} textAnchor="middle" className="ring-pill-text">
            {title}
          </text>
        </g>
      ))}
      {circle.legs.map((leg, i) => {
        const node = nodes[i]!;
        const name = leg.giver
          ? leg.giver.id === meId
            ? m.trade_circles_you()
            : leg.giver.displayName
          : m.trade_circles_former_member();
        // Undecided in a circle that is over: it no longer waits for anyone.
        const decision = leg.decision ?? (circle.status === 'proposed' ? 'waiting' : 'none');
        return (
          <g
            key={`node-${i}`}
            className={`ring-node ring-decision-${decision}${leg.giver?.id === meId ? ' ring-node-me' : ''}`}
            data-testid="ring-node"
          >
            <circle cx={node.x} cy={node.y} r={NODE_R} className="ring-node-circle" />
            <text x={node.x} y={node.y + 5} textAnchor="middle" className="ring-node-initials">
              {leg.giver ? initials(leg.giver.displayName) : '?'}
            </text>
            <text x={node.x} y={node.y + NODE_R + 17} textAnchor="middle" className="ring-node-name">
              {truncate(name, 16)}
            </text>
            <text x={node.x} y={node.y + NODE_R + 32} textAnchor="middle" className="ring-node-decision">
              {decision === 'accepted'
                ? m.trade_circles_ring_accepted()
                : decision === 'declined'
                  ? m.trade_circles_ring_declined()
                  : decision === 'waiting'
                    ? m.trade_circles_ring_deciding()
                    : m.trade_circles_ring_did_not_decide()}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
