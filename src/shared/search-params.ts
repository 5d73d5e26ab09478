// The /browse search parameters (q, category as a slug, distance; plus page).
// Anything malformed in a URL falls back to "not given" instead of failing the page.
import * as v from 'valibot';
import { DEFAULT_SEARCH_DISTANCE, SEARCH_DISTANCES } from '@/shared/constants';

export type SearchDistance = (typeof SEARCH_DISTANCES)[number];

// The router parses `?q=2024` as a number; a search text is always text.
const text = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => String(value).trim()),
      v.transform((value) => (value === '' ? undefined : value.slice(0, 200))),
    ),
  ),
  undefined,
);

const distance = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform((value) => (value === 'any' ? 'any' : Number(value))),
      v.picklist(SEARCH_DISTANCES),
    ),
  ),
  undefined,
);

const page = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined);

// `near`: a place name the distance is measured from (else the server uses the visitor's area).
export const browseSearchSchema = v.object({ q: text, category: text, distance, near: text, page });
export type BrowseSearch = v.InferOutput<typeof browseSearchSchema>;

/**
 * The distance a search applies: the one the member picked (in the URL), else the spec's default
 * (50 miles) when a place is in effect (a Near place), else none. Without a picked distance and a
 * place there is no filter, and the select says "Any distance" instead of claiming 50 miles.
 */
export const distanceInEffect = (search: Pick<BrowseSearch, 'distance' | 'near'>): SearchDistance | undefined =>
  search.distance ?? (search.near?.trim() ? DEFAULT_SEARCH_DISTANCE : undefined);

/** What the search bar's distance select shows: the distance in effect, else "Any distance". */
export const distanceShownFor = (search: Pick<BrowseSearch, 'distance' | 'near'>): SearchDistance =>
  distanceInEffect(search) ?? 'any';

/**
 * The listings page a Browse URL asks for (server paging, BROWSE_PAGE_SIZE per page). A distance
 * is sent only when one is in effect (distanceInEffect): a text search with no distance chosen and
 * no place finds every matching listing, wherever it is.
 */
export function listingParamsOf(search: BrowseSearch, pageSize: number) {
  const category = search.category === 'all' ? undefined : search.category;
  return {
    search: search.q,
    category,
    distance: distanceInEffect(search),
    near: search.near,
    limit: pageSize,
    offset: ((search.page ?? 1) - 1) * pageSize,
  };
}

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, count: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let page = 1; page <= count; page++) {
    if (page === 1 || page === count || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}
