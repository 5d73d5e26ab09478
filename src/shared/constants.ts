// Business constants of spec section 9, shared by the Worker and the SPA.
export const BROWSE_PAGE_SIZE = 9;
export const LISTINGS_DEFAULT_LIMIT = 100;
export const LISTINGS_MAX_LIMIT = 100;
export const MAX_IMAGES_PER_LISTING = 3;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_WANT_OPTIONS = 5;
export const LISTING_DISTANCES = [5, 10, 25, 50] as const;
export const SEARCH_DISTANCES = [5, 10, 25, 50, 100, 'any'] as const;
export const DEFAULT_SEARCH_DISTANCE = 50;
export const LISTING_STATUSES = ['active', 'pending', 'paused', 'completed'] as const;
export const BARTER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export const MAX_STORED_SEARCHES = 20;
export const FEATURED_LIMIT = 6;
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Shown when the server returns no categories (spec section 3). */
export const FALLBACK_CATEGORIES = [
  { id: 1, name: 'Home & Garden', slug: 'home' },
  { id: 2, name: 'Technology', slug: 'tech' },
  { id: 3, name: 'Education', slug: 'education' },
  { id: 4, name: 'Creative', slug: 'creative' },
  { id: 5, name: 'Food', slug: 'food' },
  { id: 6, name: 'Goods', slug: 'goods' },
] as const;

/** Object paths this instance serves from R2; listings may only reference these. */
export const OBJECT_PATH_PATTERN = /^\/objects\/uploads\/[0-9a-f-]{36}$/;
