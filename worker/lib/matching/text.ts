// Text wants (docs/api/wants-matches-circles.md "Text wants"): what a listing's `whatUserWants` and
// `whatUserWantsOptions` say its owner would take, as word lists that another listing's title,
// description or category names must contain.
//
// One rule, two places it is applied:
// - across the whole market, through the FTS5 index `listings_fts` (ftsQueryFor: every word a
//   quoted prefix term, restricted to the title and description columns), to discover listings;
// - within a bounded set of listings already read (a member's own, a partner's), in JavaScript
//   (matchesListing), with the tokenizer rules of that index (unicode61, remove_diacritics 2:
//   letters and digits make words, case and accents are ignored, a query word matches any word it
//   begins). Both give the same answer for the same listing text.

/** Words that say nothing about the thing wanted. */
const STOP_WORDS = new Set(
  (
    'a an and any anything are as at be but by can could do for from get give have help i if in into is it its me more most ' +
    'my need needed no not of on or our please so some something such than that the their them then there these this those ' +
    'to too up us want wanted wanting we welcome what which who will with would you your yours looking like swap trade ' +
    'exchange offer offers etc else also other others kind kinds sort lot lots bit few one two three'
  ).split(' '),
);

/** At most this many words of an alternative count (the first ones); more rarely add precision. */
const MAX_WORDS = 4;
/** At most this many alternatives per member (from their newest listings first). */
export const MAX_ALTERNATIVES = 24;

/** Text as the index folds it: compatibility forms, accents removed, lower case. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The alternatives one want phrase names: "Homemade jam or preserves" → [homemade jam],
 * [preserves]; "Fresh fruit and vegetables" → [fresh fruit], [vegetables] (a barter want joined by
 * "and" welcomes either). Separators: or, and, commas, semicolons, slashes, ampersands and plus.
 * Stop words and one-letter words are dropped; a part left with no word names nothing.
 */
export function phraseAlternatives(phrase: string): string[][] {
  const parts = fold(phrase).split(/[,;/&+|]|\bor\b|\band\b/u);
  const out: string[][] = [];
  for (const part of parts) {
    const kept = (part.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
    if (kept.length) out.push([...new Set(kept)].slice(0, MAX_WORDS));
  }
  return out;
}

export interface WantSource {
  whatUserWants: string;
  whatUserWantsOptions: string[];
}

/** The distinct alternatives of some listings' wants, in order, at most MAX_ALTERNATIVES. */
export function wantAlternatives(listings: WantSource[]): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const listing of listings) {
    for (const phrase of [listing.whatUserWants, ...listing.whatUserWantsOptions]) {
      for (const alternative of phraseAlternatives(phrase)) {
        const key = alternative.join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(alternative);
        if (out.length >= MAX_ALTERNATIVES) return out;
      }
    }
  }
  return out;
}

/** The FTS5 query for one alternative: every word a quoted prefix term, in the title or description. */
export function ftsQueryFor(alternative: string[]): string {
  return `{title description} : (${alternative.map((word) => `"${word}"*`).join(' AND ')})`;
}

/** A listing's searchable text, prepared once: its title and description words, sorted, and its category names' words. */
export interface ListingText {
  words: string[];
  categoryWords: string[][];
}

export function listingText(
  listing: { title: string; description: string; categoriesOffered: string[] },
  categoryNames: Map<string, string>,
): ListingText {
  const all = [...new Set(words(`${listing.title} ${listing.description}`))].sort();
  const categoryWords = listing.categoriesOffered.map((slug) => words(categoryNames.get(slug) ?? slug));
  return { words: all, categoryWords };
}

/** Whether some word of the sorted list begins with `prefix` (binary search). */
function hasPrefix(sorted: string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}

/**
 * Whether an alternative names the listing: every word begins a word of its title or description
 * (as the FTS5 query does), or every word begins a word of one of its category names
 * ("garden" → Home & Garden, "tech" → Technology).
 */
export function alternativeMatches(alternative: string[], text: ListingText): boolean {
  if (alternative.every((word) => hasPrefix(text.words, word))) return true;
  return text.categoryWords.some((name) => alternative.every((word) => name.some((part) => part.startsWith(word))));
}

export function anyAlternativeMatches(alternatives: string[][], text: ListingText): boolean {
  return alternatives.some((alternative) => alternativeMatches(alternative, text));
}

/** The category slugs whose names an alternative names (every word begins a word of the name). */
export function categoriesNamed(alternative: string[], categoryNames: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [slug, name] of categoryNames) {
    const parts = words(name);
    if (alternative.every((word) => parts.some((part) => part.startsWith(word)))) out.push(slug);
  }
  return out;
}
