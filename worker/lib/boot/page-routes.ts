// The SPA's routes (src/routes, as src/routeTree.gen.ts lists them: a test checks the two agree).
// wrangler.toml sends every path but the static files to the Worker first (decision 048); a path
// matching one of these is a page the Worker answers with the app's HTML, any other path answers
// 404 with the same HTML (the SPA shows its not-found page).
export const PAGE_ROUTES = [
  '/',
  '/about',
  '/auth',
  '/browse',
  '/community',
  '/community-standards',
  '/contact',
  '/cookies',
  '/faq',
  '/forgot-password',
  '/help',
  '/login',
  '/matches',
  '/messages',
  '/privacy',
  '/reset-password',
  '/safety',
  '/safety-guidelines',
  '/signup',
  '/terms',
  '/value-guide',
  '/verify-email',
  '/wants',
  '/welcome',
  '/admin/audit',
  '/admin/reports',
  '/dev/outbox',
  '/listing/$id',
  '/messages/$conversation',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/profile/$username',
  '/settings/blocked',
  '/settings/notifications',
  '/settings/reports',
  '/trade-circles/$id',
  '/admin/',
  '/profile/',
  '/trade-circles/',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** A route as a regular expression: `$name` is one path segment; a trailing slash is optional, as for the router. */
const compiled = PAGE_ROUTES.map((route) => {
  const body = route
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { route, pattern: new RegExp(`^${body}/?$`) };
});

/** The route a path is, with its one parameter (decoded) when it has one; null for no page. */
export function matchPage(path: string): { route: PageRoute; param: string | undefined } | null {
  for (const { route, pattern } of compiled) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (match[1] === undefined) return { route, param: undefined };
    try {
      return { route, param: decodeURIComponent(match[1]) };
    } catch {
      return null; // a malformed escape is no page
    }
  }
  return null;
}
