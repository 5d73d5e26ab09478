// The pieces every first screen shares (decision 055): the header as the SPA draws it for this
// viewer, listing cards and their grid, and the search form. Same words, classes and sizes as the
// SPA's components (src/features/layout/header.tsx, src/components/listing-card.tsx, the search
// bar), in plain links and a GET form, so a page reads and works before any script runs.
import type { Category } from '@/shared/contract/categories';
import type { Listing } from '@/shared/contract/listings';
import type { SelfUser } from '@/shared/contract/users';
import { SEARCH_DISTANCES } from '@/shared/constants';
import type { Formatter } from '@/shared/intl';
import { milesAway } from '@/shared/listing-text';
import { CARD_IMAGE_SIZES, imageSrcSet, mediaUrl } from '@/shared/media';
import { MAIN_LINKS, MEMBER_LINKS } from '@/shared/nav-links';
import { distanceShownFor, type BrowseSearch } from '@/shared/search-params';
import type { Catalogue } from '../locale';
import { html, type Markup } from './html';

export type Appearance = 'light' | 'dark';

/** The member's words and formats (decision 068): the first screen is in their language and units. */
export interface Words {
  t: Catalogue;
  f: Formatter;
}

const CATEGORY_KEYS: Record<string, keyof Catalogue> = {
  home: 'category_home',
  tech: 'category_tech',
  education: 'category_education',
  creative: 'category_creative',
  food: 'category_food',
  goods: 'category_goods',
};

/** The categories named in the member's language, as the SPA's useCategories names them. */
export const localCategories = (categories: readonly Category[], { t }: Pick<Words, 't'>): Category[] =>
  categories.map((category) => {
    const key = CATEGORY_KEYS[category.slug];
    return key ? { ...category, name: (t[key] as () => string)() } : category;
  });

/** The name a category's slug shows (the slug itself for one no longer listed, as the SPA does). */
export const categoryName = (categories: readonly Category[], slug: string) =>
  categories.find((c) => c.slug === slug)?.name ?? slug;

function header(viewer: SelfUser | null, path: string, { t }: Words): Markup {
  const links = [
    ...[...MAIN_LINKS, ...(viewer ? MEMBER_LINKS : [])].map((link) => ({ to: link.to, label: t[link.key]() })),
    ...(viewer?.isAdmin ? [{ to: '/admin', label: t.layout_nav_admin() }] : []),
  ];
  const nav = links.map(
    (link) =>
      html`<a href="${link.to}" class="nav-link" ${path.startsWith(link.to) ? html` aria-current="page"` : ''}
        >${link.label}</a
      >`,
  );
  const end = viewer
    ? html`<span class="desktop-only"><a class="fs-btn" href="/profile">${t.layout_create_listing()}</a></span
        ><span class="fs-slot"></span
        ><a href="/profile" class="profile-link desktop-only"
          ><span class="fs-avatar"></span
          ><span class="fs-t2 profile-name" style="font-weight:500">${viewer.displayName}</span></a
        >`
    : html`<span class="desktop-only"
        ><span class="fs-row"
          ><a class="fs-btn fs-soft" href="/login">${t.layout_sign_in()}</a
          ><a class="fs-btn" href="/signup">${t.layout_sign_up()}</a></span
        ></span
      >`;
  return html`<header class="site-header">
    <div class="container fs-bar">
      <a href="/" class="brand" aria-label="${t.layout_brand_home()}"
        ><span aria-hidden="true" class="brand-mark">⇄</span> Barter Market</a
      >
      <nav aria-label="${t.layout_nav_main()}" class="desktop-only"><span class="fs-nav">${nav}</span></nav>
      <span class="fs-row"><span class="fs-slot"></span>${end}<span class="fs-slot mobile-only"></span></span>
    </div>
  </header>`;
}

/** The page as the SPA's root layout frames it: skip link, header, then the page's main content. */
export function shell(
  viewer: SelfUser | null,
  appearance: Appearance,
  path: string,
  main: Markup,
  words: Words,
): Markup {
  return html`<div class="fs app-shell" data-appearance="${appearance}">
    <a href="#main" class="skip-link">${words.t.layout_skip_to_content()}</a>${header(viewer, path, words)}
    <main id="main" class="app-main">${main}</main>
  </div>`;
}

/** A listing photo in its 4:3 box (src/components/listing-image.tsx), or the box alone. */
export function listingImage(src: string | undefined, className: string, sizes: string, eager: boolean): Markup {
  const img = src
    ? html`<img
        src="${mediaUrl(src)}"
        ${srcset(src)}
        sizes="${sizes}"
        alt=""
        width="800"
        height="600"
        ${eager ? html` fetchpriority="high"` : html` loading="lazy"`}
        decoding="async"
      />`
    : '';
  return html`<div class="listing-image ${className}">${img}</div>`;
}

const srcset = (src: string) => {
  const set = imageSrcSet(src);
  return set ? html` srcset="${set}"` : '';
};

export interface CardOptions {
  categories: readonly Category[];
  viewerId: number | undefined;
  headingLevel: 'h2' | 'h3';
  words: Words;
}

/** A listing card (src/components/listing-card.tsx, its default variant). */
export function listingCard(listing: Listing, { categories, viewerId, headingLevel, words }: CardOptions): Markup {
  const { t, f } = words;
  const own = viewerId === listing.userId;
  const title = html`<a href="/listing/${listing.id}" class="listing-card-link">${listing.title}</a>`;
  const heading =
    headingLevel === 'h2'
      ? html`<h2 class="fs-h fs-h3 listing-card-title">${title}</h2>`
      : html`<h3 class="fs-h fs-h3 listing-card-title">${title}</h3>`;
  const distance =
    listing.distanceMiles !== undefined ? html` · <span>${milesAway(listing.distanceMiles, t, f)}</span>` : '';
  return html`<article class="fs-card listing-card" style="padding:0">
    ${listingImage(listing.imageUrls[0], 'listing-card-image', CARD_IMAGE_SIZES, false)}
    <div class="fs-col listing-card-body">
      <div class="fs-row" style="justify-content:space-between;align-items:start">
        ${heading}${own ? html`<span class="fs-badge">${t.listings_your_listing()}</span>` : ''}
      </div>
      <div class="fs-row listing-card-categories" style="gap:4px">
        <span class="visually-hidden">${t.listings_categories_label()} </span
        >${listing.categoriesOffered.map((slug) => html`<span class="fs-badge">${categoryName(categories, slug)}</span>`)}
      </div>
      <p class="fs-t2 listing-card-wants">
        <span style="font-weight:500">${t.listings_wants()}</span> ${listing.whatUserWants}
      </p>
      <div class="fs-row listing-card-footer" style="justify-content:space-between;margin-top:auto;gap:8px">
        <span class="fs-t1 fs-gray truncate"
          ><span class="visually-hidden">${t.listings_location_label()} </span>${listing.location}${distance}</span
        ><span class="fs-t1 fs-gray truncate"
          ><span class="visually-hidden">${t.listings_offered_by()} </span>${listing.user.displayName}</span
        >
      </div>
    </div>
  </article>`;
}

/** A listing card's compact variant, for a profile's list: the photo beside the title and wants. */
export function compactListingCard(listing: Listing, { t }: Words): Markup {
  return html`<article class="fs-card listing-card listing-card-compact" style="padding:0">
    ${listingImage(listing.imageUrls[0], 'listing-card-image', '112px', false)}
    <div class="fs-col listing-card-body">
      <h3 class="fs-h fs-t2 listing-card-title">
        <a href="/listing/${listing.id}" class="listing-card-link">${listing.title}</a>
      </h3>
      <p class="fs-t2 listing-card-wants">
        <span style="font-weight:500">${t.listings_wants()}</span> ${listing.whatUserWants}
      </p>
    </div>
  </article>`;
}

/** Cards in the SPA's grid (src/components/listing-grid.tsx); their photos load lazily, as the SPA's do. */
export function listingGrid(listings: readonly Listing[], options: CardOptions): Markup {
  return html`<ul class="listing-grid">
    ${listings.map((listing) => html`<li>${listingCard(listing, options)}</li>`)}
  </ul>`;
}

/** The search bar (features/search/components/search-bar.tsx) as a GET form to /browse. */
export function searchForm(
  categories: readonly Category[],
  { t, f }: Words,
  search: Partial<BrowseSearch> = {},
): Markup {
  const distance = String(distanceShownFor(search));
  return html`<form
    role="search"
    aria-label="${t.search_label()}"
    action="/browse"
    method="get"
    class="search-bar"
    data-expanded="false"
  >
    <label class="fs-col search-bar-query" style="gap:4px"
      ><span class="fs-t2 search-bar-query-label" style="font-weight:500">${t.search_what()}</span
      ><input
        class="fs-field"
        style="height:40px;font-size:16px"
        type="search"
        name="q"
        maxlength="200"
        placeholder="${t.search_placeholder()}"
        value="${search.q ?? ''}" /></label
    ><span class="fs-btn fs-soft search-bar-filters" style="height:40px;width:40px" aria-hidden="true"></span
    ><label class="fs-col search-bar-extra" style="gap:4px"
      ><span class="fs-t2" style="font-weight:500">${t.search_near()}</span
      ><input
        class="fs-field"
        style="height:40px;font-size:16px"
        name="near"
        maxlength="100"
        placeholder="${t.search_near_placeholder()}"
        value="${search.near ?? ''}" /></label
    ><label class="fs-col search-bar-extra" style="gap:4px"
      ><span class="fs-t2" style="font-weight:500">${t.search_category()}</span
      ><select class="native-select" name="category">
        <option value="all">${t.search_all_categories()}</option>
        ${categories.map((c) => html`<option value="${c.slug}" ${search.category === c.slug ? html` selected` : ''}>${c.name}</option>`)}
      </select></label
    ><label class="fs-col search-bar-extra" style="gap:4px"
      ><span class="fs-t2" style="font-weight:500">${t.search_distance()}</span
      ><select class="native-select" name="distance">
        ${SEARCH_DISTANCES.map((d) => html`<option value="${d}" ${String(d) === distance ? html` selected` : ''}>${d === 'any' ? t.search_any_distance() : t.search_within({ distance: f.distance(d, 'long') })}</option>`)}
      </select></label
    ><button type="submit" class="fs-btn search-bar-submit" style="height:40px;padding:0 16px;font-size:16px;border:0">
      ${t.search_submit()}
    </button>
  </form>`;
}
