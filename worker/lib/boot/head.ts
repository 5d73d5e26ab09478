// A page's head tags (decision 056): the title and description the SPA sets for the same screen, so
// nothing changes when it starts, and what link previews and crawlers read: Open Graph, the
// Twitter card, the canonical URL, robots, and JSON-LD for a listing and a profile. Everything is
// built from the data the page already read (worker/routes/pages.ts): no query of its own.
import { FALLBACK_CATEGORIES } from '@/shared/constants';
import type { Category } from '@/shared/contract/categories';
import type { Listing } from '@/shared/contract/listings';
import type { UserProfile } from '@/shared/contract/users';
import { mediaUrl, parseMediaOrigin } from '@/shared/media';
import { browseSearchSchema, type BrowseSearch } from '@/shared/search-params';
import * as v from 'valibot';
import { PRIVATE_ROUTES } from '../seo/indexing';
import { escapeHtml } from '../escape-html';
import { scriptSafeJson } from './embed';
import type { PageRoute } from './page-routes';
import { routerSearch, routerValue } from './router-search';
import type { Catalogue } from '../locale';
import { browseHeading } from '@/shared/listing-text';
import { categoryName, localCategories } from '../first-screen/parts';

export const APP_NAME = 'Barter Market';
/** index.html's description, kept for the pages that have none of their own (English's `head_site_description`). */
export const SITE_DESCRIPTION = 'Exchange goods and skills with your neighbours instead of money.';
/** The SPA cuts a listing's description to this many characters for the page's (useMetaDescription). */
const DESCRIPTION_LENGTH = 150;

/** The cards in public/cards/ (scripts/render-cards.mjs): 1200×630 PNGs, one for the site and one per category. */
export const CARD_SIZE = { width: 1200, height: 630 };
export const SITE_CARD = '/cards/site.png';
export const categoryCard = (slug: string) => `/cards/${slug}.png`;
const CARD_SLUGS: ReadonlySet<string> = new Set(FALLBACK_CATEGORIES.map((category) => category.slug));

/** A message key whose text takes no input: a page title. */
type TitleKey = { [K in keyof Catalogue]: Catalogue[K] extends () => string ? K : never }[keyof Catalogue];

/**
 * The titles the SPA's screens set (usePageTitle) for the routes whose title does not depend on
 * data, as the message each screen shows in the reader's language; a test checks each screen
 * still calls it.
 */
export const ROUTE_TITLES: Partial<Record<PageRoute, TitleKey>> = {
  '/about': 'static_pages_about_page_title',
  '/forgot-password': 'auth_forgot_title',
  '/reset-password': 'auth_reset_title',
  '/verify-email': 'auth_verify_title',
  '/settings/notifications': 'push_title',
  '/auth': 'auth_sign_in',
  '/community': 'community_page_title',
  '/community-standards': 'static_pages_standards_title',
  '/contact': 'contact_title',
  '/cookies': 'static_pages_cookies_title',
  '/faq': 'static_pages_faq_page_title',
  '/help': 'static_pages_help_title',
  '/login': 'auth_sign_in',
  '/matches': 'wants_matches_title',
  '/messages': 'messages_title',
  '/messages/$conversation': 'messages_title',
  '/privacy': 'static_pages_privacy_title',
  '/safety': 'static_pages_safety_title',
  '/safety-guidelines': 'static_pages_guidelines_title',
  '/signup': 'auth_register',
  '/terms': 'static_pages_terms_title',
  '/value-guide': 'static_pages_value_page_title',
  '/wants': 'wants_title',
  '/welcome': 'welcome_page_title',
  '/admin/': 'admin_dashboard',
  '/admin/audit': 'admin_audit_log',
  '/admin/reports': 'admin_queue',
  '/dev/outbox': 'dev_outbox',
  '/newsletter/confirm': 'newsletter_confirm_page_title',
  '/newsletter/unsubscribe': 'newsletter_unsubscribe',
  '/settings/blocked': 'blocks_title',
  '/settings/reports': 'moderation_your_reports',
  '/trade-circles/': 'trade_circles_title',
  '/trade-circles/$id': 'trade_circles_trade_circle',
  '/profile/': 'profile_title',
};
/** The screens whose SPA title is still English (not yet translated there): the same words here. */
/** The root's not-found screen's title (any path without a route): the not-found card's. */
export const NOT_FOUND_TITLE: TitleKey = 'common_page_not_found';
/** The listing route's own not-found title (English in the SPA too). */
const LISTING_NOT_FOUND_TITLE = 'Listing Not Found';

/** The fields of a page's data (BootData's, as the Worker's shapes give them) that the head reads. */
export interface HeadData {
  categories?: Category[];
  listing?: Pick<
    Listing,
    'id' | 'title' | 'description' | 'imageUrls' | 'categoriesOffered' | 'whatUserWants' | 'location' | 'status'
  > &
    Partial<Pick<Listing, 'createdAt' | 'user'>>;
  profile?: Pick<UserProfile, 'username' | 'displayName' | 'bio' | 'avatarUrl' | 'location'> &
    Partial<Pick<UserProfile, 'createdAt'>>;
}

/** The media origin photos load from (wrangler.toml's MEDIA_ORIGIN); '' (this site) when unset or malformed. */
export function mediaOriginOf(env: { MEDIA_ORIGIN?: string }): string {
  try {
    return parseMediaOrigin(env.MEDIA_ORIGIN);
  } catch {
    return ''; // the SPA's build refuses such a setting; the previews fall back to this site
  }
}

export interface HeadInput {
  /** The SPA route the path is, null for none (a 404). */
  route: PageRoute | null;
  /** False for a page that answers 404 (an unknown listing or member). */
  found: boolean;
  url: URL;
  data: HeadData;
  /** MEDIA_ORIGIN ('' when the Worker serves photos). */
  mediaOrigin: string;
  /** False for a page the data says is no one's business to index (a suspended member's profile). */
  indexable?: boolean;
  /** The reader's words (the request's language): titles and descriptions the app writes; member-written text stays as written. */
  t: Catalogue;
}

/** What embed.ts writes: the title's text, the description's content, and the tags appended to <head>. */
export interface PageHead {
  title: string;
  description: string;
  tags: string;
}

/** What one page shows: its title without the app's name, description, image, and whether to index it. */
interface PageFacts {
  title: string;
  description: string;
  /** Absolute, with a twitter:card of its own when it is no wide picture (an avatar). */
  image: { url: string; alt: string; card: 'summary' | 'summary_large_image'; size?: typeof CARD_SIZE };
  indexable: boolean;
  /** The canonical path and query (no origin). */
  canonical: string;
  type: 'website' | 'profile';
  jsonLd?: unknown;
}

export function pageHead(input: HeadInput): PageHead {
  const facts = pageFacts(input);
  const origin = input.url.origin;
  // The home page's title is whole (src/lib/use-page-title.ts); every other is "{title} | Barter Market".
  const title = input.route === '/' ? facts.title : `${facts.title} | ${APP_NAME}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    facts.indexable
      ? `<link rel="canonical" href="${escapeHtml(origin + facts.canonical)}">`
      : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:type', facts.type),
    meta('property', 'og:title', facts.title),
    meta('property', 'og:description', facts.description),
    input.found ? meta('property', 'og:url', origin + facts.canonical) : '',
    meta('property', 'og:image', facts.image.url),
    facts.image.size ? meta('property', 'og:image:width', String(facts.image.size.width)) : '',
    facts.image.size ? meta('property', 'og:image:height', String(facts.image.size.height)) : '',
    meta('property', 'og:image:alt', facts.image.alt),
    meta('name', 'twitter:card', facts.image.card),
    facts.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(facts.jsonLd)}</script>` : '',
  ];
  return { title, description: facts.description, tags: tags.join('') };
}

function pageFacts(input: HeadInput): PageFacts {
  const { route, found, url, data, t } = input;
  const siteCard = {
    url: url.origin + SITE_CARD,
    alt: APP_NAME,
    card: 'summary_large_image' as const,
    size: CARD_SIZE,
  };
  const plain = (title: string, indexable: boolean): PageFacts => ({
    title,
    description: t.head_site_description(),
    image: siteCard,
    indexable,
    canonical: canonicalPath(url.pathname),
    type: 'website',
  });
  if (route === null) return plain(t[NOT_FOUND_TITLE](), false);
  if (route === '/listing/$id') {
    if (!found || !data.listing) return plain(LISTING_NOT_FOUND_TITLE, false);
    return listingFacts(data.listing, input);
  }
  if (route === '/profile/$username') {
    if (!found || !data.profile) return plain(t.profile_title(), false);
    return profileFacts(data.profile, input);
  }
  if (route === '/') return { ...plain(t.common_home_title(), true), canonical: '/' };
  if (route === '/browse') return browseFacts(url, data.categories, t, plain);
  const key = ROUTE_TITLES[route];
  const title = key ? t[key]() : APP_NAME;
  return plain(title, !PRIVATE_ROUTES.has(route) && input.indexable !== false);
}

/** A path without its trailing slash (the router's routes take one or none; the canonical has none). */
const canonicalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A stored photo or avatar as an absolute URL: on the media origin for an upload, else on this site. */
function absoluteImage(src: string, { url, mediaOrigin }: HeadInput): string | null {
  try {
    const absolute = new URL(mediaUrl(src, mediaOrigin, url.origin), url.origin);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : null;
  } catch {
    return null;
  }
}

const categoryNames = (slugs: readonly string[], categories: readonly Category[] | undefined) => {
  const known = categories && categories.length > 0 ? categories : FALLBACK_CATEGORIES;
  return slugs.map((slug) => known.find((c) => c.slug === slug)?.name ?? slug);
};

function listingFacts(listing: NonNullable<HeadData['listing']>, input: HeadInput): PageFacts {
  const { url, data } = input;
  const canonical = `/listing/${listing.id}`;
  const photo = listing.imageUrls[0] ? absoluteImage(listing.imageUrls[0], input) : null;
  // A listing without a photo gets its first category's card, so its preview still says what it is.
  const slug = listing.categoriesOffered.find((s) => CARD_SLUGS.has(s));
  const image = photo
    ? { url: photo, alt: listing.title, card: 'summary_large_image' as const }
    : {
        url: url.origin + (slug ? categoryCard(slug) : SITE_CARD),
        alt: listing.title,
        card: 'summary_large_image' as const,
        size: CARD_SIZE,
      };
  const owner = listing.user;
  // An Offer of the thing (itemOffered) by a Person who seeks something in return (a Demand): a
  // barter has no price, and the owner's wants are what they take for it (decision 056).
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    url: url.origin + canonical,
    name: listing.title,
    description: listing.description,
    category: categoryNames(listing.categoriesOffered, data.categories),
    availability: `https://schema.org/${listing.status === 'active' ? 'InStock' : listing.status === 'pending' ? 'LimitedAvailability' : 'SoldOut'}`,
    ...(listing.createdAt ? { validFrom: listing.createdAt } : {}),
    ...(listing.location ? { areaServed: { '@type': 'Place', name: listing.location } } : {}),
    itemOffered: {
      '@type': 'Product',
      name: listing.title,
      description: listing.description,
      ...(photo ? { image: listing.imageUrls.map((src) => absoluteImage(src, input)).filter(Boolean) } : {}),
    },
    ...(owner
      ? {
          offeredBy: {
            '@type': 'Person',
            name: owner.displayName,
            url: `${url.origin}/profile/${encodeURIComponent(owner.username)}`,
            ...(listing.whatUserWants
              ? { seeks: { '@type': 'Demand', itemOffered: { '@type': 'Thing', name: listing.whatUserWants } } }
              : {}),
          },
        }
      : {}),
  };
  return {
    title: listing.title,
    description: listing.description.slice(0, DESCRIPTION_LENGTH),
    image,
    // Browse shows active and pending listings; a paused, completed or hidden one leaves the index.
    indexable: (listing.status === 'active' || listing.status === 'pending') && input.indexable !== false,
    canonical,
    type: 'website',
    jsonLd,
  };
}

function profileFacts(profile: NonNullable<HeadData['profile']>, input: HeadInput): PageFacts {
  const { url } = input;
  const canonical = `/profile/${encodeURIComponent(profile.username)}`;
  const avatar = profile.avatarUrl ? absoluteImage(profile.avatarUrl, input) : null;
  const description = profile.bio
    ? profile.bio.slice(0, DESCRIPTION_LENGTH)
    : input.t.head_profile_description({ name: profile.displayName });
  const person = {
    '@type': 'Person',
    name: profile.displayName,
    alternateName: profile.username,
    url: url.origin + canonical,
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(avatar ? { image: avatar } : {}),
    ...(profile.location ? { homeLocation: { '@type': 'Place', name: profile.location } } : {}),
  };
  return {
    title: profile.displayName,
    description,
    // An avatar is square and small: the small card, not the wide one.
    image: avatar
      ? { url: avatar, alt: profile.displayName, card: 'summary' }
      : { url: url.origin + SITE_CARD, alt: APP_NAME, card: 'summary_large_image', size: CARD_SIZE },
    indexable: input.indexable !== false,
    canonical,
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: url.origin + canonical,
      ...(profile.createdAt ? { dateCreated: profile.createdAt } : {}),
      mainEntity: person,
    },
  };
}

/** The URL's query as the SPA reads it (browseSearchSchema); written back in one order, page 1 and tracking left out. */
function browseCanonical(search: BrowseSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', routerValue(search.q));
  if (search.category && search.category !== 'all') params.set('category', routerValue(search.category));
  if (search.distance !== undefined) params.set('distance', routerValue(search.distance));
  if (search.near) params.set('near', routerValue(search.near));
  if (search.page && search.page > 1) params.set('page', String(search.page));
  const query = params.toString();
  return query ? `/browse?${query}` : '/browse';
}

function browseFacts(
  url: URL,
  categories: readonly Category[] | undefined,
  t: Catalogue,
  plain: (title: string, indexable: boolean) => PageFacts,
): PageFacts {
  const search = v.parse(browseSearchSchema, routerSearch(url.searchParams));
  // The browse page's heading, as its first screen and the SPA write it in the reader's language.
  const named = localCategories(categories && categories.length > 0 ? categories : FALLBACK_CATEGORIES, { t });
  const heading = browseHeading(search, (slug) => categoryName(named, slug), t);
  // A text or place search is a results page: left out of the index, as search engines ask.
  const indexable = !search.q && !search.near && search.distance === undefined;
  return { ...plain(heading, indexable), canonical: browseCanonical(search) };
}
