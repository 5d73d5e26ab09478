// One plain sentence for what an offer commits to (decision 060): "You offer “Road bike” and
// 2 hours of gardening for “Lawnmower”". The listing page shows it before sending, the counter
// dialog before countering, and the offer card at its top.
import { locale } from '@/lib/locale';
import * as m from '@/lib/messages';

/** "A", "A and B", "A, B and C". */
export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The same list in the member's language: English keeps its own form (no comma before "and"). */
function joinInLanguage(parts: string[]): string {
  if (locale.language === 'en') return joinAnd(parts);
  // The shared formats (fmt) have no list format yet: built here, once.
  listFormat ??= new Intl.ListFormat(locale.tag, { type: 'conjunction' });
  return listFormat.format(parts);
}
let listFormat: Intl.ListFormat | undefined;

/** What is given: the listings' titles (quoted) and the free text, in that order. */
export const givenParts = (titles: string[], text: string | null | undefined) => [
  ...titles.map((title) => `“${title}”`),
  ...(text?.trim() ? [text.trim()] : []),
];

/**
 * The sentence: `subject` says who gives ("You offer", "You give", "Sam would give"), the
 * rest what, for which listing. Empty when nothing is given yet. English only: the listing page's
 * offer box uses it until its folder is translated; the others use `offerSentence`.
 */
export function offerSummary(subject: string, titles: string[], text: string | null | undefined, listingTitle: string) {
  const parts = givenParts(titles, text);
  return parts.length === 0 ? '' : `${subject} ${joinAnd(parts)} for “${listingTitle}”`;
}

/** Who gives, as the sentence starts: the member ("You offer", "You give") or the other member. */
export type OfferGiver = 'you_offer' | 'you_give' | { name: string; would: boolean };

/** `offerSummary` in the member's language, one whole sentence per giver. */
export function offerSentence(giver: OfferGiver, titles: string[], text: string | null | undefined, listing: string) {
  const parts = [...titles.map((title) => m.offers_quoted_title({ title })), ...(text?.trim() ? [text.trim()] : [])];
  if (parts.length === 0) return '';
  const items = joinInLanguage(parts);
  if (giver === 'you_offer') return m.offers_summary_you_offer({ items, listing });
  if (giver === 'you_give') return m.offers_summary_you_give({ items, listing });
  const { name } = giver;
  return giver.would
    ? m.offers_summary_partner_would_give({ name, items, listing })
    : m.offers_summary_partner_gives({ name, items, listing });
}
