// What search engines may index (decision 056): the private pages that carry
// `<meta name="robots" content="noindex">` and that robots.txt disallows, the public pages the
// sitemap lists besides the listings and profiles, and robots.txt itself.
import { FALLBACK_CATEGORIES } from '@/shared/constants';
import type { PageRoute } from '../boot/page-routes';

/**
 * A member's own screens, the admin's, the sign-in screens and the one-time links (a token in the
 * URL): never in a search engine, whoever asks.
 */
export const PRIVATE_ROUTES: ReadonlySet<PageRoute> = new Set<PageRoute>([
  '/auth',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/welcome',
  '/messages',
  '/messages/$conversation',
  '/matches',
  '/wants',
  '/settings/blocked',
  '/settings/notifications',
  '/settings/reports',
  '/trade-circles/',
  '/trade-circles/$id',
  '/profile/',
  '/admin/',
  '/admin/audit',
  '/admin/reports',
  '/dev/outbox',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
]);

/** robots.txt's Disallow lines: the private pages' paths (a prefix covers what is under it) and the API. */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/messages',
  '/settings',
  '/auth',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/welcome',
  '/matches',
  '/wants',
  '/trade-circles',
  '/dev/',
  '/newsletter/',
];

/** The public pages the sitemap lists before the listings and profiles: each category's browse page too. */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/browse',
  ...FALLBACK_CATEGORIES.map((category) => `/browse?category=${category.slug}`),
  '/about',
  '/community',
  '/community-standards',
  '/contact',
  '/cookies',
  '/faq',
  '/help',
  '/privacy',
  '/safety',
  '/safety-guidelines',
  '/terms',
  '/value-guide',
];

/** robots.txt for the site at `origin`: the public pages allowed, the private ones not, and the sitemap. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
