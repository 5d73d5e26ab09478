// The Create and Edit Listing forms' values, shared by both dialogs.
import type { Listing, ListingFields } from '../../shared/api-types';
import { LISTING_DISTANCES } from '../../shared/constants';

export type ListingFormValues = ListingFields;

/** Spec section 5: the create form's distance defaults to 25 miles. */
export const CREATE_DEFAULT_DISTANCE = 25;
/** Spec section 5: the edit form's distance defaults to 5 miles when the listing has none. */
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
  distance: (LISTING_DISTANCES as readonly number[]).includes(listing.distance) ? listing.distance : EDIT_DEFAULT_DISTANCE,
  imageUrls: [...listing.imageUrls],
});
