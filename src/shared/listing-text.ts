// Words the listing screens show, shared by the SPA and the Worker's first screen (decision 055), so
// a page says the same before and after its scripts run.
import type { BrowseSearch } from './search-params';

/** "Home & Garden Listings", 'Results for "bike"', both, or "All Listings". */
export function browseHeading(search: BrowseSearch, nameOf: (slug: string) => string) {
  const category = search.category && search.category !== 'all' ? nameOf(search.category) : undefined;
  if (search.q) return category ? `Results for "${search.q}" in ${category}` : `Results for "${search.q}"`;
  return category ? `${category} Listings` : 'All Listings';
}

/**
 * The product's "{n} listing(s) found"; for a count that is a lower bound (a text search with more
 * matches than it considers, decision 041) "400+ listings found".
 */
export const listingsFound = (n: number, exact = true) =>
  exact ? `${n} ${n === 1 ? 'listing' : 'listings'} found` : `${n.toLocaleString('en-US')}+ listings found`;

/**
 * "Under 1 mi away", "3 mi away": whole miles read better on a card than the API's tenths.
 * "distance unknown" when the listing's location names no known place.
 */
export function milesAway(miles: number | null): string {
  if (miles === null) return 'distance unknown';
  return miles < 1 ? 'Under 1 mi away' : `${Math.round(miles).toLocaleString('en-US')} mi away`;
}
