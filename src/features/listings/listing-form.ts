// The Create and Edit Listing forms' values, shared by both dialogs.
import * as v from 'valibot';
import type { Listing, ListingFields } from '@/shared/contract/listings';
import { LISTING_DISTANCES } from '@/shared/constants';
import { listingCreateSchema } from '@/shared/schemas';
import * as m from '@/lib/messages';

export type ListingFormValues = ListingFields;

/** The create form's distance defaults to 25 miles. */
export const CREATE_DEFAULT_DISTANCE = 25;
/** The edit form's distance defaults to 5 miles when the listing has none. */
export const EDIT_DEFAULT_DISTANCE = 5;

export const emptyListingForm = (location = ''): ListingFormValues => ({
  title: '',
  description: '',
  categoriesOffered: [],
  whatUserWants: '',
  whatUserWantsOptions: [],
  acceptOffers: false,
  location,
  distance: CREATE_DEFAULT_DISTANCE,
  imageUrls: [],
});

export const listingFormOf = (listing: Listing): ListingFormValues => ({
  title: listing.title,
  description: listing.description,
  categoriesOffered: [...listing.categoriesOffered],
  whatUserWants: listing.whatUserWants,
  whatUserWantsOptions: [...(listing.whatUserWantsOptions ?? [])],
  acceptOffers: listing.acceptOffers,
  location: listing.location,
  distance: (LISTING_DISTANCES as readonly number[]).includes(listing.distance)
    ? listing.distance
    : EDIT_DEFAULT_DISTANCE,
  imageUrls: [...listing.imageUrls],
});

type Words = () => string;

/** How the reason under a waiting Create button names each field, in the form's order. */
const MISSING_WORDS: Record<string, [blank: Words, short: Words]> = {
  imageUrls: [m.listings_missing_photos, m.listings_missing_photos],
  title: [m.listings_missing_title, m.listings_missing_title_short],
  description: [m.listings_missing_description, m.listings_missing_description_short],
  categoriesOffered: [m.listings_missing_category, m.listings_missing_category],
  whatUserWants: [m.listings_missing_wants, m.listings_missing_wants_short],
  whatUserWantsOptions: [m.listings_missing_options, m.listings_missing_options],
  location: [m.listings_missing_location, m.listings_missing_location_short],
};

/** What the create form still needs, in words ("a title", "a category"); empty when it can be sent. */
export function missingForCreate(values: ListingFormValues): string[] {
  const result = v.safeParse(listingCreateSchema, values);
  if (result.success) return [];
  const fields = new Set(result.issues.map((issue) => String(issue.path?.[0]?.key ?? '')));
  return Object.entries(MISSING_WORDS)
    .filter(([field]) => fields.has(field))
    .map(([field, [blank, short]]) => {
      const value = values[field as keyof ListingFormValues];
      return (typeof value === 'string' && value.trim() !== '' ? short : blank)();
    });
}

/** "a, b and c" (no comma before the last, in any of the languages). */
export function listInWords(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : m.listings_list_and({ items: items.slice(0, -1).join(', '), last: items.at(-1)! });
}
