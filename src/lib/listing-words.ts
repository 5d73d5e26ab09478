// The listing screens' shared words (src/shared/listing-text.ts) in the member's language.
import type { ListingWords } from '@/shared/listing-text';
import * as m from './messages';

export const listingWords: ListingWords = {
  search_results_for: m.search_results_for,
  search_results_for_in: m.search_results_for_in,
  search_category_listings: m.search_category_listings,
  search_all_listings: m.search_all_listings,
  search_found_one: m.search_found_one,
  search_found_other: m.search_found_other,
  search_found_more: m.search_found_more,
  listings_distance_unknown: m.listings_distance_unknown,
  listings_distance_under: m.listings_distance_under,
  listings_distance_away: m.listings_distance_away,
};
