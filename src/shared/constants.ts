// Business constants (page sizes, limits, distances), shared by the Worker and the SPA.
export const BROWSE_PAGE_SIZE = 9;
export const LISTINGS_DEFAULT_LIMIT = 100;
export const LISTINGS_MAX_LIMIT = 100;
/**
 * Browse and search page through their first 1,000 results at most (docs/decisions/041): an
 * offset from here is refused. (A text search considers fewer: its newest 400 matches, ranked.)
 */
export const LISTINGS_RESULT_WINDOW = 1000;
export const MAX_IMAGES_PER_LISTING = 3;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_WANT_OPTIONS = 5;
export const LISTING_DISTANCES = [5, 10, 25, 50] as const;
export const SEARCH_DISTANCES = [5, 10, 25, 50, 100, 'any'] as const;
export const DEFAULT_SEARCH_DISTANCE = 50;
export const LISTING_STATUSES = ['active', 'pending', 'paused', 'completed'] as const;
/** What a listing's status may be: an owner's choice, or 'hidden' by moderation (never set by the owner). */
export const STORED_LISTING_STATUSES = [...LISTING_STATUSES, 'hidden'] as const;
/** Why a listing is hidden: an admin hid it, its owner is suspended, or enough reports hid it until an admin looks. */
export const HIDDEN_REASONS = ['moderation', 'suspension', 'reports'] as const;
export const NOTIFICATION_KINDS = [
  'message',
  'offer',
  'barter_pending',
  'barter_confirmed',
  'review',
  'saved_search',
  'match',
  'trade_circle',
  'moderation',
] as const;
// Web Push (docs/api/web-push.md): what a member can be pushed about, each switchable.
export const PUSH_KINDS = ['message', 'offer', 'match', 'trade_circle', 'barter', 'moderation'] as const;
/** Browsers subscribed per member at most: a new one beyond replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
// Reports, blocks and moderation (docs/api/moderation.md).
export const REPORT_TARGET_TYPES = ['listing', 'user', 'message', 'offer', 'circle_message'] as const;
export const REPORT_REASONS = ['spam', 'scam', 'prohibited', 'harassment', 'other'] as const;
export const MODERATION_ACTIONS = ['dismiss', 'warn', 'hide', 'suspend', 'ban'] as const;
export const MODERATION_GUARDS = ['link_burst', 'report_threshold'] as const;
export const AUDIT_ACTIONS = [
  ...MODERATION_ACTIONS,
  'reinstate',
  'suspension_ended',
  'make_admin',
  'feature',
  'unfeature',
] as const;
export const AUDIT_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'held_messages'] as const;
/** suspended_until of a permanent suspension: later than any real date, so "ended by now" never holds. */
export const PERMANENT_SUSPENSION = '9999-12-31T23:59:59.999Z';
export const MAX_REPORT_DETAILS = 1000;
export const REPORTS_PER_HOUR = 10;
export const BLOCKS_PER_HOUR = 30;
export const MAX_SUSPENSION_DAYS = 90;
/** What a message a moderator hid reads as, for both members (the server sends this text instead). */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator';
/** Blocks one member may hold (docs/api/blocks.md): far above any honest use, and it bounds the constant subquery browse and search carry. */
export const MAX_BLOCKS = 500;
export const BARTER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
// `closed`: another offer on the listing was accepted (decision 060).
export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const;
export const MAX_STORED_SEARCHES = 20;
/**
 * How often a saved search's matches may be emailed (decision 063, "Digest frequency"): every alert
 * run that finds some, at most once a day (the default), or at most once a week.
 */
export const DIGEST_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'daily';
export const FEATURED_LIMIT = 6;
/** Listings the home page's Browse by Category grid shows, and testimonials its Success Stories (both embedded in the home page's HTML, decision 048). */
export const HOME_GRID_SHOWN = 6;
export const HOME_STORIES_SHOWN = 3;
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Shown when the server returns no categories: the six categories. */
export const FALLBACK_CATEGORIES = [
  { id: 1, name: 'Home & Garden', slug: 'home' },
  { id: 2, name: 'Technology', slug: 'tech' },
  { id: 3, name: 'Education', slug: 'education' },
  { id: 4, name: 'Creative', slug: 'creative' },
  { id: 5, name: 'Food', slug: 'food' },
  { id: 6, name: 'Goods', slug: 'goods' },
] as const;

/** The uuid of an upload, as a path parameter's pattern (Hono's syntax: `:uuid{…}`). */
export const UPLOAD_UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Object paths this instance serves from R2; listings may only reference these. */
export const OBJECT_PATH_PATTERN = /^\/objects\/uploads\/[0-9a-f-]{36}$/;
