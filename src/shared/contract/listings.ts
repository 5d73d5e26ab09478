// Listings as replies show them.
import * as v from 'valibot';
import { STORED_LISTING_STATUSES } from '../constants';
import { listingCreateSchema, listingSearchSchema, listingUpdateSchema } from '../schemas/listing';
import { route } from './route';
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

/** Where a search or a listing's distance is measured from (read by the handler as given). */
const position = {
  /** A place name (the gazetteer's); 400 when unknown. */
  near: v.optional(v.string()),
  lat: v.optional(v.string()),
  lng: v.optional(v.string()),
};

export const listingDeleted = v.strictObject({ message: v.string() });

export const listingRoutes = {
  search: route({
    method: 'GET',
    path: '/api/listings',
    tag: 'Listings',
    summary: 'Browse and search the public listings, one page',
    access: 'anyone',
    query: v.object({ ...listingSearchSchema.entries, ...position }),
    reply: v.array(listing),
    errors: [400],
    notes:
      'X-Total-Count is the number of all matches; X-Total-Count-Exact is false when it is a lower bound (a text search with more matches than it considers). Only the first 1,000 results can be paged through. A signed-in member does not see their own listings here.',
  }),
  featured: route({
    method: 'GET',
    path: '/api/listings/featured',
    tag: 'Listings',
    summary: 'The featured active listings, newest first (at most 6)',
    access: 'anyone',
    reply: v.array(listing),
    notes: 'Browsers may keep the answer five minutes.',
  }),
  get: route({
    method: 'GET',
    path: '/api/listings/:id{[0-9]+}',
    tag: 'Listings',
    summary: 'One listing',
    access: 'anyone',
    query: v.object(position),
    reply: listing,
    errors: [400, 404],
    notes: 'A position (near, lat and lng) adds distanceMiles. A hidden listing is 404 but to its owner and admins.',
  }),
  create: route({
    method: 'POST',
    path: '/api/listings',
    tag: 'Listings',
    summary: 'Create a listing',
    access: 'member',
    body: listingCreateSchema,
    reply: listing,
    status: 201,
    errors: [400, 401, 403],
  }),
  update: route({
    method: 'PUT',
    path: '/api/listings/:id{[0-9]+}',
    tag: 'Listings',
    summary: 'Edit a listing: the fields sent change, the others stay',
    access: 'member',
    body: listingUpdateSchema,
    reply: listing,
    errors: [400, 401, 403, 404, 409],
    notes: 'Only the owner edits a listing. 409 when moderation hid it and the edit changes its status.',
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/listings/:id{[0-9]+}',
    tag: 'Listings',
    summary: 'Delete a listing, with its photos',
    access: 'member',
    reply: listingDeleted,
    errors: [401, 403, 404],
    notes: 'The owner or an admin.',
  }),
  ofUser: route({
    method: 'GET',
    path: '/api/users/:id{[0-9]+}/listings',
    tag: 'Listings',
    summary: "A member's listings, newest first",
    access: 'anyone',
    reply: v.array(listing),
    errors: [400, 404],
    notes: 'Every status for the member and admins, the public ones for anyone else, none across a block.',
  }),
};
