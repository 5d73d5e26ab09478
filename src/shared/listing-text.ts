// Words the listing screens show, shared by the SPA and the Worker's first screen (decision 055), so
// a page says the same before and after its scripts run: each takes the member's words (the SPA's
// messages or the Worker's catalogue, decision 068) and formats.
import type * as English from './i18n/en.js';
import type { Formatter } from './intl';
import type { BrowseSearch } from './search-params';

export type ListingWords = Pick<
  typeof English,
  | 'search_results_for'
  | 'search_results_for_in'
  | 'search_category_listings'
  | 'search_all_listings'
  | 'search_found_one'
  | 'search_found_other'
  | 'search_found_more'
  | 'listings_distance_unknown'
  | 'listings_distance_under'
  | 'listings_distance_away'
>;

/** "Home & Garden Listings", 'Results for "bike"', both, or "All Listings". */
export function browseHeading(search: BrowseSearch, nameOf: (slug: string) => string, t: ListingWords) {
  const category = search.category && search.category !== 'all' ? nameOf(search.category) : undefined;
  if (search.q)
    return category
      ? t.search_results_for_in({ query: search.q, category })
      : t.search_results_for({ query: search.q });
  return category ? t.search_category_listings({ category }) : t.search_all_listings();
}

/**
 * The product's "{n} listing(s) found"; for a count that is a lower bound (a text search with more
 * matches than it considers, decision 041) "400+ listings found".
 */
export const listingsFound = (n: number, exact: boolean, t: ListingWords, f: Formatter) =>
  exact
    ? (f.one(n) ? t.search_found_one : t.search_found_other)({ count: f.number(n) })
    : t.search_found_more({ count: f.number(n) });

/**
 * "Under 1 mi away", "3 mi away", "5 km away" (the API's miles in the member's unit): whole units
 * read better on a card than the API's tenths. "distance unknown" when the listing's location names
 * no known place.
 */
export function milesAway(miles: number | null, t: ListingWords, f: Formatter): string {
  if (miles === null) return t.listings_distance_unknown();
  return f.toUnits(miles) < 1
    ? t.listings_distance_under({ distance: f.inUnits(1) })
    : t.listings_distance_away({ distance: f.distance(miles) });
}
