// One plain sentence for what an offer commits to (decision 060): "You offer “Road bike” and
// 2 hours of gardening for “Lawnmower”". The listing page shows it before sending, the counter
// dialog before countering, and the offer card at its top.

/** "A", "A and B", "A, B and C". */
export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What is given: the listings' titles (quoted) and the free text, in that order. */
export const givenParts = (titles: string[], text: string | null | undefined) => [
  ...titles.map((title) => `“${title}”`),
  ...(text?.trim() ? [text.trim()] : []),
];

/**
 * The sentence: `subject` says who gives ("You offer", "You give", "Sam would give"), the
 * rest what, for which listing. Empty when nothing is given yet.
 */
export function offerSummary(subject: string, titles: string[], text: string | null | undefined, listingTitle: string) {
  const parts = givenParts(titles, text);
  return parts.length === 0 ? '' : `${subject} ${joinAnd(parts)} for “${listingTitle}”`;
}
