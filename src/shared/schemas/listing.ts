import * as v from 'valibot';
import {
  LISTING_DISTANCES,
  LISTING_STATUSES,
  MAX_IMAGES_PER_LISTING,
  MAX_WANT_OPTIONS,
  OBJECT_PATH_PATTERN,
} from '../constants';
import { optionalId, text } from './fields';

const title = text(5, 100, 'Title must be at least 5 characters', 'Title must be at most 100 characters');
const description = text(
  10,
  2000,
  'Description must be at least 10 characters',
  'Description must be at most 2000 characters',
);
const whatUserWants = text(
  3,
  200,
  'Please specify what you want in return',
  'What you want in return must be at most 200 characters',
);
const location = text(1, 100, 'Location is required', 'Location must be at most 100 characters');

const categories = (emptyMessage: string) =>
  v.pipe(
    v.array(
      v.pipe(v.string('Please select a valid category'), v.trim(), v.nonEmpty('Please select a valid category')),
      emptyMessage,
    ),
    v.minLength(1, emptyMessage),
    v.maxLength(6, 'Please select at most 6 categories'),
    v.transform((slugs) => [...new Set(slugs)]),
  );

const wantOptions = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string('Additional options cannot be blank'),
        v.trim(),
        v.nonEmpty('Additional options cannot be blank'),
        v.maxLength(200, 'Each option must be at most 200 characters'),
      ),
      'Additional options must be a list',
    ),
    v.maxLength(MAX_WANT_OPTIONS, 'Maximum of 5 additional options reached'),
  ),
  [],
);

const distanceMessage = 'Distance must be 5, 10, 25 or 50 miles';
const distance = v.pipe(
  v.union(
    [
      v.number(distanceMessage),
      v.pipe(v.string(distanceMessage), v.regex(/^\d+$/, distanceMessage), v.transform(Number)),
    ],
    distanceMessage,
  ),
  v.check((miles) => (LISTING_DISTANCES as readonly number[]).includes(miles), distanceMessage),
);

const imageUrls = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string('Images must be uploaded through this site'),
        v.regex(OBJECT_PATH_PATTERN, 'Images must be uploaded through this site'),
      ),
      'Images must be a list',
    ),
    v.maxLength(MAX_IMAGES_PER_LISTING, 'You can only upload up to 3 images.'),
  ),
  [],
);

const acceptOffers = v.optional(v.boolean('Accept offers must be true or false'), false);

export const listingStatusField = v.picklist(
  LISTING_STATUSES,
  'Status must be one of active, pending, paused or completed',
);

export const listingCreateSchema = v.object({
  userId: optionalId('Invalid user id'),
  title,
  description,
  categoriesOffered: categories('Please select at least one category'),
  whatUserWants,
  whatUserWantsOptions: wantOptions,
  acceptOffers,
  location,
  distance,
  imageUrls,
});
export type ListingCreateInput = v.InferInput<typeof listingCreateSchema>;

/**
 * Edit: every field of the create form may be sent alone (PUT with the fields that change), and
 * the status besides. A field left out stays undefined (no create default applies), so it is not
 * written. The edit form asks for a category in its own words.
 */
export const listingUpdateSchema = v.partial(
  v.object({
    ...listingCreateSchema.entries,
    categoriesOffered: categories('Select at least one category'),
    status: listingStatusField,
  }),
);
export type ListingUpdateInput = v.InferInput<typeof listingUpdateSchema>;

/** PUT /api/listing-images: the upload URL (or its path, or the object path) to claim. */
export const listingImageSchema = v.object({
  imageURL: v.pipe(
    v.string('imageURL is required'),
    v.trim(),
    v.nonEmpty('imageURL is required'),
    v.maxLength(2048, 'Images must be uploaded through this site'),
  ),
});

/**
 * Past any real page: a larger offset (up to 2^63 and beyond) reads as this one, which SQLite
 * binds as an integer, and answers the same empty page.
 */
export const MAX_QUERY_NUMBER = 2 ** 31 - 1;

/** A query-string count: digits only, capped at MAX_QUERY_NUMBER. */
const wholeNumber = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d+$/, message),
    v.transform((digits) => Math.min(Number(digits), MAX_QUERY_NUMBER)),
  );

/** Query string of GET /api/listings. */
export const listingSearchSchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search must be at most 200 characters'))),
  category: v.optional(v.pipe(v.string(), v.trim())),
  distance: v.optional(v.string()),
  limit: v.optional(wholeNumber('limit must be a whole number')),
  offset: v.optional(wholeNumber('offset must be a whole number')),
});
