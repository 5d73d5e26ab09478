// The app's pages (decision 048): wrangler.toml sends every path but the static files to the
// Worker first, and the Worker answers a page with index.html (read through the ASSETS binding)
// carrying the signed-in member (or null) and the replies the page's first screen asks for, so
// the SPA seeds its query cache from the HTML and a full load sends none of those calls. The data
// is read in one D1 batch at most, after the session (middleware/session.ts, as for any call).
// A path that is no page, and a listing or profile that does not exist, answer 404 with the same
// HTML: the SPA shows its not-found page.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { browseSearchSchema, listingParamsOf } from '@/shared/search-params';
import type { BootData, BootListingParams } from '@/shared/boot';
import {
  BROWSE_PAGE_SIZE,
  FEATURED_LIMIT,
  HOME_GRID_SHOWN,
  HOME_STORIES_SHOWN,
  LISTINGS_MAX_LIMIT,
  LISTINGS_RESULT_WINDOW,
} from '@/shared/constants';
import { CONVERSATIONS_PAGE_DEFAULT } from '@/shared/conversation-cursor';
import { USERNAME_MAX_LENGTH } from '@/shared/schemas';
import { visibleTestimonialsRead } from '../db/queries/community';
import {
  browsePageRead,
  categoriesRead,
  featuredListingsRead,
  listingShapedRead,
  listingsOfUsernameRead,
  ownsListingSql,
  type SearchAnswer,
} from '../db/queries/listings';
import { memberHomeRead } from '../db/queries/member-home';
import { conversationSummariesRead } from '../db/queries/messages';
import { ownerOfListingQuery, userByUsernameQuery } from '../db/queries/users';
import { wantInfoRead } from '../db/queries/wants';
import type { Db } from '../db/client';
import { read, runReads, type Read } from '../db/read';
import { foldName } from '../lib/names';
import type { UserRow } from '../db/schema';
import { selfUser, userFor } from '../db/shapes';
import { withBootData } from '../lib/boot/embed';
import { localeOfRequest, wordsOf } from '../lib/locale';
import { appearanceOf } from '../lib/first-screen/appearance';
import { firstScreen } from '../lib/first-screen/screens';
import { mediaOriginOf, pageHead } from '../lib/boot/head';
import { isSuspended } from '../lib/moderation/standing';
import { matchPage, type PageRoute } from '../lib/boot/page-routes';
import { routerSearch } from '../lib/boot/router-search';
import type { AppEnv } from '../types';
import { listingReply, listingShownTo } from './listings';

/**
 * The headers public/_headers gives the static files (pages included, before decision 048); a
 * page is private to its viewer (the member is in it), so no cache keeps it.
 */
export const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/** Paths the API and the photo routes own: never a page (their unknown paths answer JSON 404s). */
export const pagesOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/objects/')) return c.notFound();
  return next();
});

/** BootData's fields: each the reply its API route answers (test/worker/pages.test.ts checks they agree). */
type Embedded = Omit<BootData, 'user'>;
/** `indexable: false`: a page search engines are told to leave out (head.ts), though it is shown. */
type PageData = { data: Embedded; found: boolean; indexable?: boolean };

/**
 * A page's reads with the categories, in one batch: every page carries them (the listing cards,
 * the forms and the filters name categories), so no screen of a full load asks for them.
 */
async function withCategories<const T extends readonly Read<unknown>[]>(c: Context<AppEnv>, reads: T) {
  const db = c.get('db');
  const [categories, ...replies] = await runReads(db, [categoriesRead(db), ...reads] as const);
  return {
    categories,
    replies: replies as unknown as { -readonly [K in keyof T]: T[K] extends Read<infer R> ? R : never },
  };
}

async function nothingMore(c: Context<AppEnv>, found: boolean): Promise<PageData> {
  const { categories } = await withCategories(c, [] as const);
  return { data: { categories }, found };
}

export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const page = matchPage(url.pathname);
  const viewer = c.get('user');
  const [html, pageData] = await Promise.all([
    c.env.ASSETS.fetch(new Request(new URL('/', url))),
    page ? readPage(c, page.route, page.param, url) : nothingMore(c, false),
  ]);
  // No app page to serve (a build without the SPA): pass on what the assets answered.
  if (!html.ok) return html;
  const headers = new Headers(PAGE_HEADERS);
  const locale = localeOfRequest(c.req.raw);
  const data = { user: viewer ? selfUser(viewer) : null, ...pageData.data };
  const screen = firstScreen({
    route: pageData.found ? (page?.route ?? null) : null,
    path: url.pathname,
    search: page?.route === '/browse' ? browseSearchOf(url) : undefined,
    data,
    appearance: appearanceOf(c.req.header('Cookie')),
    locale,
  });
  const head = pageHead({
    route: page?.route ?? null,
    ...pageData,
    data: pageData.data,
    url,
    mediaOrigin: mediaOriginOf(c.env),
    t: wordsOf(locale.language),
  });
  return withBootData(html, data, { status: pageData.found ? 200 : 404, headers }, screen, locale, head);
}

/** The browse route's search as the SPA reads it from the URL (src/routes/browse.tsx). */
const browseSearchOf = (url: URL) => v.parse(browseSearchSchema, routerSearch(url.searchParams));

/** The first screen's replies of a page, with the categories: one D1 batch. */
function readPage(c: Context<AppEnv>, route: PageRoute, param: string | undefined, url: URL): Promise<PageData> {
  const viewer = c.get('user');
  switch (route) {
    case '/':
      return homePage(c, viewer);
    case '/browse':
      return browsePage(c, viewer, url);
    case '/listing/$id':
      return listingPage(c, viewer, param!);
    case '/profile/$username':
      return profilePage(c, viewer, param!);
    case '/messages':
    case '/messages/$conversation':
      return messagesPage(c, viewer);
    default:
      return nothingMore(c, true);
  }
}

/** GET /api/listings's page as the SPA keys it (listingPageQuery) and as the route answers it. */
const listingPageOf = (params: BootListingParams, answer: SearchAnswer) => ({
  params,
  listings: answer.items,
  total: answer.total,
  exact: answer.exact,
});

/** No statements: a guest's home reads no member's part. */
const NO_MEMBER_HOME: Read<undefined> = { queries: [], reply: () => undefined };

async function homePage(c: Context<AppEnv>, viewer: UserRow | null): Promise<PageData> {
  const db = c.get('db');
  // Browse by Category's first grid: as many more than Featured holds (components/browse-by-category.tsx).
  const params: BootListingParams = { category: undefined, limit: HOME_GRID_SHOWN + FEATURED_LIMIT, offset: 0 };
  // A member's own part of the page rides in the same batch (decision 065): the first screen shows it.
  const {
    categories,
    replies: [featured, listings, testimonials, memberHome],
  } = await withCategories(c, [
    featuredListingsRead(db),
    browsePageRead(db, { viewerId: viewer?.id, limit: params.limit, offset: params.offset })!,
    visibleTestimonialsRead(db, HOME_STORIES_SHOWN),
    viewer ? memberHomeRead(db, viewer.id) : NO_MEMBER_HOME,
  ] as const);
  return {
    data: {
      ...(memberHome ? { memberHome } : {}),
      categories,
      featured,
      listingPage: listingPageOf(params, listings),
      testimonials: { limit: HOME_STORIES_SHOWN, items: testimonials },
    },
    found: true,
  };
}

async function browsePage(c: Context<AppEnv>, viewer: UserRow | null, url: URL): Promise<PageData> {
  const db = c.get('db');
  // What the SPA's browse route asks for this URL (src/routes/browse.tsx).
  const params: BootListingParams = listingParamsOf(browseSearchOf(url), BROWSE_PAGE_SIZE);
  // A text search (two round trips) or one measured from a place (the gazetteer) is left to the
  // SPA's call, as is a page the route refuses (past the result window).
  const embeddable =
    params.distance === undefined &&
    params.near === undefined &&
    params.offset < LISTINGS_RESULT_WINDOW &&
    params.limit <= LISTINGS_MAX_LIMIT;
  const page = embeddable
    ? browsePageRead(db, {
        search: params.search,
        category: params.category?.trim(),
        viewerId: viewer?.id,
        limit: params.limit,
        offset: params.offset,
      })
    : null;
  if (!page) return nothingMore(c, true);
  const {
    categories,
    replies: [answer],
  } = await withCategories(c, [page] as const);
  return { data: { categories, listingPage: listingPageOf(params, answer) }, found: true };
}

/** A listing's owner, by the listing (the seller card's GET /api/users/username/{name}), in the same batch. */
function ownerOfListingRead(c: Context<AppEnv>, id: number) {
  return read(ownerOfListingQuery(c.get('db'), id), ([row]) => (row ? userFor(c.get('user'), row) : undefined));
}

async function listingPage(c: Context<AppEnv>, viewer: UserRow | null, param: string): Promise<PageData> {
  const db = c.get('db');
  const id = Number(param);
  if (!/^[0-9]+$/.test(param) || !Number.isSafeInteger(id) || id < 1) return nothingMore(c, false);
  // As GET /api/listings/{id}: a block hides the listing from a member who is not an admin.
  const listingRead = listingShapedRead(db, id, null, viewer && !viewer.isAdmin ? viewer.id : null);
  const isOwner = viewer ? ownsListingSql(id, viewer.id) : null;
  const {
    categories,
    replies: [listing, owner, wants],
  } = await withCategories(c, [
    listingRead,
    ownerOfListingRead(c, id),
    viewer ? wantInfoRead(db, viewer.id, id, isOwner!) : NO_WANTS,
  ] as const);
  if (!listing || !listingShownTo(listing, viewer)) return { data: { categories }, found: false };
  return {
    data: { categories, listing: wants ? listingReply(listing, wants) : listing, ...(owner ? { profile: owner } : {}) },
    found: true,
  };
}

/** A guest wants nothing: a read without a statement. */
const NO_WANTS: Read<null> = { queries: [], reply: () => null };

async function profilePage(c: Context<AppEnv>, viewer: UserRow | null, username: string): Promise<PageData> {
  const db = c.get('db');
  // As GET /api/users/username/{name}: no account has a longer name.
  if (username.length > USERNAME_MAX_LENGTH) return nothingMore(c, false);
  // Another member's profile offers a signed-in member 'Message' about the listings the two
  // already talk about: it reads the conversation list, which comes with the page too.
  const otherMember = viewer !== null && foldName(viewer.username) !== foldName(username);
  const {
    categories,
    replies: [profile, profileListings, conversations],
  } = await withCategories(c, [
    read(userByUsernameQuery(db, username), ([row]) =>
      row ? { reply: userFor(viewer, row), suspended: isSuspended(row.suspendedUntil) } : undefined,
    ),
    // Pages load the member's row (viewer('row')); the listings' statement checks the session itself.
    listingsOfUsernameRead(db, username, c.get('session')),
    otherMember ? conversationsRead(db, viewer) : NO_CONVERSATIONS,
  ] as const);
  if (!profile) return { data: { categories }, found: false };
  // A suspended or banned member's profile stays visible, but not to search engines (decision 056).
  return {
    data: { categories, profile: profile.reply, profileListings, ...(conversations ? { conversations } : {}) },
    found: true,
    indexable: !profile.suspended,
  };
}

async function messagesPage(c: Context<AppEnv>, viewer: UserRow | null): Promise<PageData> {
  if (!viewer) return nothingMore(c, true);
  const db = c.get('db');
  const {
    categories,
    replies: [conversations],
  } = await withCategories(c, [conversationsRead(db, viewer)] as const);
  return { data: { categories, conversations }, found: true };
}

/** The SPA's conversationsQuery asks for a page (?limit=…), whose summaries carry their cursor. */
const conversationsRead = (db: Db, viewer: UserRow) =>
  conversationSummariesRead(db, viewer.id, { limit: CONVERSATIONS_PAGE_DEFAULT, withCursor: true });
const NO_CONVERSATIONS: Read<null> = { queries: [], reply: () => null };
