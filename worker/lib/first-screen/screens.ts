// What a page's first screen shows before its scripts run (decision 055), from the data the page
// already carries (worker/routes/pages.ts reads it in one batch for the boot data): the home page's
// hero and featured listings, a browse page's results, a listing's photo, title, owner and terms,
// a profile's name and listings. Every other page gets the header, so it paints at once too.
import type { BootData } from '@/shared/boot';
import { formatterFor } from '@/shared/intl';
import type { LocaleChoice } from '@/shared/locale';
import { BROWSE_PAGE_SIZE, LISTINGS_RESULT_WINDOW } from '@/shared/constants';
import type { MemberHome } from '@/shared/contract/home';
import type { Listing } from '@/shared/contract/listings';
import { memberHomeCounts } from '@/shared/member-home-text';
import { browseHeading, listingsFound } from '@/shared/listing-text';
import { pageWindow, type BrowseSearch } from '@/shared/search-params';
import { wordsOf } from '../locale';
import { html, type Markup } from './html';
import {
  categoryName,
  compactListingCard,
  listingGrid,
  listingImage,
  localCategories,
  searchForm,
  shell,
  type Appearance,
  type Words,
} from './parts';

export interface FirstScreenInput {
  /** The page's route (worker/lib/boot/page-routes.ts), null for no page (404). */
  route: string | null;
  path: string;
  /** The browse route's search as the SPA reads it. */
  search?: BrowseSearch;
  data: BootData;
  appearance: Appearance;
  /** The member's language, format tag and distance unit (decision 068). */
  locale: LocaleChoice;
}

export function firstScreen({ route, path, search, data, appearance, locale }: FirstScreenInput): Markup {
  const words: Words = { t: wordsOf(locale.language), f: formatterFor(locale) };
  return shell(data.user, appearance, path, mainOf(route, search, data, words), words);
}

function mainOf(route: string | null, search: BrowseSearch | undefined, data: BootData, words: Words): Markup {
  switch (route) {
    case '/':
      return home(data, words);
    case '/browse':
      return data.listingPage && search ? browse(data, search, words) : NOTHING;
    case '/listing/$id':
      return data.listing ? listing(data.listing, data, words) : NOTHING;
    case '/profile/$username':
      return data.profile ? profile(data, words) : NOTHING;
    default:
      return NOTHING;
  }
}

const NOTHING = html``;
const categoriesOf = (data: BootData, words: Words) => localCategories(data.categories ?? [], words);

function home(data: BootData, words: Words): Markup {
  const { t } = words;
  const start = data.user
    ? html`<a class="fs-btn fs-big" href="/browse">${t.layout_footer_browse_listings()}</a>`
    : html`<a class="fs-btn fs-big" href="/signup">${t.home_get_started()}</a>`;
  const featured = data.featured ?? [];
  return html`${data.memberHome ? memberHome(data.memberHome, words) : ''}
    <section class="home-hero" aria-labelledby="home-title">
      <div class="container">
        <div class="fs-col home-hero-text" style="gap:16px">
          <h1 id="home-title" class="fs-h fs-h8 fs-md-h9">${t.home_hero_title()}</h1>
          <p class="fs-t3 fs-md-t5 fs-gray" style="font-weight:400">${t.home_hero_lead()}</p>
          <div class="fs-row">
            ${start}<a class="fs-btn fs-big fs-outline" href="#how-it-works">${t.home_how_it_works()} ↓</a>
          </div>
        </div>
        <div class="fs-card fs-card-3 home-search search-card" style="margin-top:32px">
          ${searchForm(categoriesOf(data, words), words)}
        </div>
      </div>
    </section>
    ${
      featured.length > 0
        ? html`<section aria-labelledby="featured-exchanges-heading" class="home-section">
            <div class="container">
              <div class="fs-row" style="justify-content:space-between;align-items:end;margin-bottom:24px">
                <div class="fs-col" style="gap:4px">
                  <h2 id="featured-exchanges-heading" class="fs-h fs-h7">${t.home_featured_title()}</h2>
                  <p class="fs-gray">${t.home_featured_lead()}</p>
                </div>
                <a class="fs-btn fs-soft" href="/browse">${t.home_browse_all()}</a>
              </div>
              ${listingGrid(featured, {
                categories: categoriesOf(data, words),
                viewerId: data.user?.id,
                headingLevel: 'h3',
                words,
              })}
            </div>
          </section>`
        : ''
    }`;
}

/** The signed-in member's section (src/features/home/components/member-home.tsx), from the page's batch. */
function memberHome(home: MemberHome, { t, f }: Words): Markup {
  const counts = memberHomeCounts(t, f);
  const panel = (id: string, title: string, body: Markup) =>
    html`<section class="fs-card fs-card-2" aria-labelledby="${id}">
      <div class="fs-col">
        <h3 id="${id}" class="fs-h member-home-panel-heading">${title}</h3>
        ${body}
      </div>
    </section>`;
  const link = (href: string, text: string) => html`<a href="${href}">${text}</a>`;
  const unread =
    home.unreadConversations.length === 0
      ? html`<p class="fs-gray">${t.home_member_no_unread()}</p>`
      : html`<ul class="member-home-list">
          ${home.unreadConversations.map(
            (entry) =>
              html`<li>
                ${link(`/messages/${entry.conversation}`, `${entry.partner.displayName} · ${entry.listing.title}`)}
                <span class="member-home-count"
                  ><span aria-hidden="true">${entry.unreadCount}</span
                  ><span class="visually-hidden">(${counts.unread(entry.unreadCount)})</span></span
                >
              </li>`,
          )}
        </ul>`;
  const { toAnswer, waiting } = home.openOffers;
  const { deciding, agreed } = home.circles;
  const listings =
    home.listingActivity.length === 0
      ? html`<p class="fs-gray">${t.home_member_no_activity()}</p>`
      : html`<ul class="member-home-list">
          ${home.listingActivity.map(
            (entry) =>
              html`<li>
                ${link(`/listing/${entry.id}`, entry.title)}
                <div class="fs-t2 fs-gray">${counts.listing(entry.openOffers, entry.wants)}</div>
              </li>`,
          )}
        </ul>`;
  return html`<section class="member-home" aria-labelledby="member-home-heading">
    <div class="container">
      <h2 id="member-home-heading" class="fs-h member-home-heading">${t.home_member_heading()}</h2>
      <div class="member-home-grid">
        ${panel(
          'member-home-unread',
          t.home_member_unread(),
          html`${unread}${link('/messages', t.home_member_all_messages())}`,
        )}
        ${panel(
          'member-home-offers',
          t.home_member_offers(),
          html`<p>${counts.toAnswer(toAnswer)}</p>
            <p class="fs-gray">${counts.waiting(waiting)}</p>
            ${link('/messages', t.home_member_go_conversations())}`,
        )}
        ${panel(
          'member-home-circles',
          t.home_member_circles(),
          // The matches are read by the app after it starts (GET /api/matches, decision 065): the
          // line that waits for them holds their place, as the app's own does (not shown with
          // scripts off, where nothing will read them: src/first-screen.css).
          html`<p class="fs-gray fs-needs-script">${t.home_member_matches_loading()}</p>
            <p>${counts.circles(deciding, agreed)}</p>
            <div class="fs-row">
              ${link('/matches', t.home_member_see_matches())}${link('/trade-circles', t.home_member_your_circles())}
            </div>`,
        )}
        ${panel('member-home-listings', t.home_member_listings(), listings)}
      </div>
    </div>
  </section>`;
}

function browse(data: BootData, search: BrowseSearch, words: Words): Markup {
  const { t, f } = words;
  const page = data.listingPage!;
  const categories = categoriesOf(data, words);
  const heading = browseHeading(search, (slug) => categoryName(categories, slug), t);
  const current = search.page ?? 1;
  const pages = Math.ceil(Math.min(page.total, LISTINGS_RESULT_WINDOW) / BROWSE_PAGE_SIZE);
  const results =
    page.listings.length > 0
      ? html`${listingGrid(page.listings, { categories, viewerId: data.user?.id, headingLevel: 'h2', words })}${pager(search, current, pages, words)}`
      : html`<p class="fs-gray" style="text-align:center">${t.search_none_found()}</p>`;
  return html`<div class="container page">
    <div class="fs-col" style="gap:4px;margin-bottom:16px">
      <h1 class="fs-h fs-h7">${heading}</h1>
      <p class="fs-gray" role="status">${listingsFound(page.total, page.exact, t, f)}</p>
    </div>
    <div class="fs-card fs-card-2 search-card" style="margin-bottom:24px">${searchForm(categories, words, search)}</div>
    ${results}
  </div>`;
}

/** Previous, the page numbers, Next: links to each page's own URL, as components/pager.tsx draws them. */
function pager(search: BrowseSearch, current: number, count: number, { t }: Words): Markup | '' {
  if (count <= 1) return '';
  const href = (target: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...search, page: target === 1 ? undefined : target }))
      if (value !== undefined) query.set(key, String(value));
    const text = query.toString();
    return text ? `/browse?${text}` : '/browse';
  };
  const step = (target: number, label: string, disabled: boolean) =>
    disabled
      ? html`<span class="pager-link" aria-disabled="true" role="link" aria-label="${label}">${label}</span>`
      : html`<a class="pager-link" href="${href(target)}" aria-label="${label}">${label}</a>`;
  const numbers = pageWindow(current, count).map((entry) =>
    entry === 'gap'
      ? html`<span class="pager-gap" aria-hidden="true">…</span>`
      : html`<a
          class="pager-link"
          href="${href(entry)}"
          aria-label="${t.common_page_number({ number: entry })}"
          ${entry === current ? html` aria-current="page"` : ''}
          >${entry}</a
        >`,
  );
  return html`<nav aria-label="${t.common_pagination()}" class="pager" style="margin-top:32px">
    ${step(current - 1, t.common_previous(), current <= 1)}${numbers}${step(current + 1, t.common_next(), current >= count)}
  </nav>`;
}

function listing(item: Listing, data: BootData, words: Words): Markup {
  const { t, f } = words;
  const categories = categoriesOf(data, words);
  const also =
    item.whatUserWantsOptions.length > 0
      ? html`<p class="fs-t2">
          <span class="fs-gray">${t.listings_also_happy()} </span>${item.whatUserWantsOptions.join(' · ')}
        </p>`
      : '';
  return html`<div class="container page">
    <a href="/browse" class="fs-t2" style="display:inline-flex;margin-bottom:16px;color:var(--accent-11)"
      >← ${t.listings_back()}</a
    >
    <div class="listing-layout">
      <div class="fs-col" style="gap:24px">
        ${listingImage(item.imageUrls[0], 'gallery-main', '(min-width: 900px) 66vw, 100vw', true)}
        <div class="fs-col">
          <h1 class="fs-h fs-h7">${item.title}</h1>
          <div class="fs-row" style="gap:8px">
            ${item.categoriesOffered.map((slug) => html`<span class="fs-badge">${categoryName(categories, slug)}</span>`)}
          </div>
          <div class="fs-row fs-t2 fs-gray" style="gap:16px">
            <span>${item.location}</span
            ><span>${t.listings_posted({ date: f.date(item.createdAt, { dateStyle: 'medium' }) })}</span>
          </div>
        </div>
        <p class="fs-t3" style="white-space:pre-wrap">${item.description}</p>
      </div>
      <aside aria-label="${t.listings_about_exchange()}" class="fs-col" style="gap:16px">
        <div class="fs-card fs-card-2 exchange-summary">
          <div class="fs-col">
            <h2 class="fs-h2">${t.listings_wants_in_return()}</h2>
            <p class="fs-t5" style="white-space:pre-wrap">${item.whatUserWants}</p>
            ${also}
            <p class="fs-t2 ${item.acceptOffers ? 'fs-green' : 'fs-gray'}">
              ${item.acceptOffers ? t.listings_offers_welcome() : t.listings_only_listed()}
            </p>
          </div>
        </div>
        <div class="fs-card fs-card-2">
          <p class="fs-t2 fs-gray">${t.listings_offered_by()}</p>
          <a href="/profile/${encodeURIComponent(item.user.username)}" class="fs-t3" style="font-weight:700"
            >${item.user.displayName}</a
          >
        </div>
      </aside>
    </div>
  </div>`;
}

function profile(data: BootData, words: Words): Markup {
  const { t } = words;
  const member = data.profile!;
  const listings = data.profileListings ?? [];
  const list =
    listings.length > 0
      ? html`<ul class="profile-listings">
          ${listings.map((item) => html`<li>${compactListingCard(item, words)}</li>`)}
        </ul>`
      : html`<p class="fs-gray" style="text-align:center">${t.profile_no_listings({ name: member.displayName })}</p>`;
  return html`<div class="container page">
    <div class="profile-layout">
      <div class="fs-card fs-card-3">
        <div class="fs-col">
          <h1 class="fs-h fs-h7 profile-name">${member.displayName}</h1>
          <p class="fs-gray">@${member.username}</p>
          ${member.location ? html`<p class="fs-t2">${member.location}</p>` : ''}${member.bio ? html`<p class="fs-t2 profile-bio">${member.bio}</p>` : ''}
        </div>
      </div>
      <div>
        <div class="fs-row fs-t2" style="gap:0;box-shadow:inset 0 -1px 0 var(--gray-a5);margin-bottom:16px">
          <span style="padding:12px 16px;box-shadow:inset 0 -2px 0 var(--accent-9)">${t.profile_tab_listings()}</span
          ><span class="fs-gray" style="padding:12px 16px">${t.profile_tab_reviews()}</span>
        </div>
        ${list}
      </div>
    </div>
  </div>`;
}
