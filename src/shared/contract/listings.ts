// Listings as replies show them.
import * as v from 'valibot';
import { STORED_LISTING_STATUSES } from '../constants';
import { userSummary } from './users';

/** 'hidden' (by moderation) reaches only the owner and admins. */
export const listingStatus = v.picklist(STORED_LISTING_STATUSES);
export type ListingStatus = v.InferOutput<typeof listingStatus>;

/** What a member writes about a listing: the create and edit forms' fields, stored as given. */
export const listingFields = v.strictObject({
  title: v.string(),
  description: v.string(),
  categoriesOffered: v.array(v.string()),
  whatUserWants: v.string(),
  whatUserWantsOptions: v.array(v.string()),
  acceptOffers: v.boolean(),
  location: v.string(),
  distance: v.number(),
  imageUrls: v.array(v.string()),
});
export type ListingFields = v.InferOutput<typeof listingFields>;

/** A listing's stored columns as the reply carries them. */
export const storedListing = v.strictObject({
  id: v.number(),
  userId: v.number(),
  ...listingFields.entries,
  status: listingStatus,
  isFeatured: v.boolean(),
  createdAt: v.string(),
});

export const listing = v.strictObject({
  ...storedListing.entries,
  user: userSummary,
  /**
   * Miles from the search position (rounded to 0.1) when the request had one; null when the
   * listing's location has no coordinates. Absent without a search position.
   */
  distanceMiles: v.optional(v.nullable(v.number())),
  /** GET /api/listings/{id} for a signed-in member: whether they want it ("I'd take this"). */
  wantedByMe: v.optional(v.boolean()),
  /** GET /api/listings/{id} for its owner: how many members want it. */
  wantCount: v.optional(v.number()),
});
export type Listing = v.InferOutput<typeof listing>;

export const listingRoutes = {};
