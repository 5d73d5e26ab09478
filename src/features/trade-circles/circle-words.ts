// Words about a circle that other features say too: which proposed circle a want holds up, and its
// other members by name ("Sam and Alex"). Pure, so the Worker tests run them.
import * as m from '@/lib/messages';
import type { TradeCircle } from '@/shared/contract/trade-circles';

/**
 * The proposed circle in which the member receives the listing (at most one: a listing is in at
 * most one open circle). Withdrawing that want calls it off (decision 061).
 */
export function circleDependingOnWant(
  circles: readonly TradeCircle[] | undefined,
  meId: number,
  listingId: number,
): TradeCircle | null {
  return (
    circles?.find(
      (circle) =>
        circle.status === 'proposed' &&
        circle.legs.some((leg) => leg.receiver?.id === meId && leg.listing?.id === listingId),
    ) ?? null
  );
}

/**
 * Names joined as a sentence says them in the language of `tag`: "Sam", "Sam and Alex", "Sam, Alex
 * and Kim" (English keeps no comma before "and"), "Sam et Alex", "Sam, Alex und Kim". The tag is the
 * caller's (`fmt.tag`): this module stays free of the page, so the Worker tests run it.
 */
export function joinNames(names: string[], tag = 'en'): string {
  if (names.length <= 1) return names.join('');
  if (tag.split('-')[0] === 'en') return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return new Intl.ListFormat(tag, { type: 'conjunction' }).format(names);
}

/** The circle's other members by name, joined as a sentence says them: "Sam", "Sam and Alex", "Sam, Alex and Kim". */
export function circleMembersText(circle: TradeCircle, meId: number, tag = 'en'): string {
  const names = circle.legs
    .map((leg) => leg.giver)
    .filter((giver) => giver && giver.id !== meId)
    .map((giver) => giver!.displayName);
  if (names.length === 0) return m.trade_circles_nobody_else();
  return joinNames(names, tag);
}
