// How long browsers may keep the read-mostly public replies (decision 045). Everything else is
// `no-store` (middleware/security.ts): it depends on the viewer or changes with every write.

/** GET /api/categories: the six categories change only with a deploy (a migration), never at run time. */
export const CATEGORIES_CACHE = 'public, max-age=86400';

/**
 * Featured listings and testimonials: changed only by an admin (featuring, approving) or a
 * member's own edit; a few minutes late on another device is harmless, and a page opened many
 * times in those minutes reads them once.
 */
export const PUBLIC_LIST_CACHE = 'public, max-age=300';
