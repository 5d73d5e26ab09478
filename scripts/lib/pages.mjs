// The API calls each SPA page makes on a full load, shared by the scale bench
// (scripts/bench/scale.mjs) and the quota report (scripts/quota.mjs), so both measure the same
// pages. They follow src/features/*/api.ts and src/routes (checked against Chromium's network log).
//
// A page is a list of waves; the calls of a wave go out together, a wave waits for the one before.
// A call is { label, path, who, expect? }: `who` is the member calling (anything with a `cookie`),
// null for a guest; `label` names the call in the quota report; `expect` a status other than 200.

/** The conversation list's page and a thread's page, as the SPA asks for them (src/shared/conversation-cursor.ts). */
export const CONVERSATIONS_PAGE = 30;
export const THREAD_PAGE = 100;

/** The browse page size (9, BROWSE_PAGE_SIZE) and the search bar's default distance (50 miles). */
export const BROWSE_PAGE = 9;

/**
 * The header's bell socket, opened on every full load when signed in (decision 027): its first
 * frame is the bell and every change is pushed over it, so the shell does not read
 * GET /api/notifications, and an open tab does not poll it while the socket is live (decision
 * 043; only while the socket is down, every 60 s). Not a GET of the shell's waves
 * (the scale bench measures GET /api/notifications as a route of its own); the quota report opens
 * it after the shell (scripts/quota.mjs).
 */
export const BELL_SOCKET_PATH = '/api/notifications/ws';

/**
 * The community feed socket (decision 028): the home page's activity feed and the community page's
 * figures come over it, first frame and every 15 s, so neither page reads nor polls
 * GET /api/analytics/activity or /dashboard (only while the socket is down). One per tab; the
 * quota report opens it with those pages (scripts/quota.mjs).
 */
export const COMMUNITY_FEED_SOCKET_PATH = '/api/analytics/ws';

/** The shell's reads on every full load: current user and categories (cached 10 min); the bell comes over its socket. */
export function shell(who, { categories = true } = {}) {
  return [
    // A guest's current-user read answers 401, which the SPA takes as "signed out".
    {
      label: 'GET /api/auth/current-user (every full load)',
      path: '/api/auth/current-user',
      who,
      ...(who ? {} : { expect: 401 }),
    },
    ...(categories ? [{ label: 'GET /api/categories (cached 10 min)', path: '/api/categories', who }] : []),
  ];
}

/** Home: featured, the three counters, the category grid and testimonials (the activity feed comes over its socket). */
export function homeCalls(who) {
  return [
    { label: 'GET /api/listings/featured (home)', path: '/api/listings/featured', who },
    ...['barters', 'users', 'skills'].map((kind) => ({
      label: `GET /api/${kind}/count (home counters)`,
      path: `/api/${kind}/count`,
      who,
    })),
    // Six plus as many as Featured can hold, so none shows twice (docs/front-end.md, Browse by Category).
    { label: 'GET /api/listings?limit=12 (home: browse by category)', path: '/api/listings?limit=12&offset=0', who },
    { label: 'GET /api/testimonials (home)', path: '/api/testimonials', who },
  ];
}

export const homePage = (who, options) => [[...shell(who, options), ...homeCalls(who)]];

/** One browse result page: `query` as the SPA sends it (e.g. distance=50&limit=9&offset=0). */
export const browseCall = (who, query, label) => ({
  label: `GET /api/listings?… (browse: ${label})`,
  path: `/api/listings?${query}`,
  who,
});

export const browsePage = (who, query, label, options) => [[...shell(who, options), browseCall(who, query, label)]];

/**
 * A listing page: the listing, then its seller card. The SPA keeps a member it has read for the
 * rest of the visit (staleTime: Infinity), so `sellerCached` (the seller's card was read since the
 * last full load) leaves the second call out, as Chromium's network log shows
 * (test/e2e/live-community.test.ts).
 */
/**
 * (Decision 043: a member's first view reads neither their own listings, only read when they choose
 * one to offer, nor anything on hover: a card hovered costs no request.)
 */
export const listingCalls = (who, listing, { sellerCached = false } = {}) => [
  [{ label: 'GET /api/listings/:id (listing page)', path: `/api/listings/${listing.id}`, who }],
  ...(sellerCached
    ? []
    : [[{ label: 'GET /api/users/:id (listing page: seller card)', path: `/api/users/${listing.userId}`, who }]]),
];

export const listingPage = (who, listing, options) => {
  const [first, ...rest] = listingCalls(who, listing);
  return [[...shell(who, options), ...first], ...rest];
};

/**
 * The messages screen with one conversation open (decision 043): the newest page of the list and
 * the conversation (`GET /api/conversations/{conversation}`: partner, listing, offers, the pair's
 * barters, which of them the member reviewed, the member's block), then, once the conversation's
 * socket is open, the newest page of the thread (which marks what the member received read). The
 * socket's upgrade (GET /api/conversations/:partner/:listing/ws) comes between the two waves; it is
 * not a read of these waves (the quota report opens it). Nothing is read again when the socket
 * opens, only when it re-connects; the list is not fetched again after the thread opens: the SPA
 * clears the badge itself and updates the list from what it sends and receives (decision 021). The
 * barter prompt, the review button and the block notice need no read of their own.
 */
/** The conversation's address, as src/shared/conversation-key.ts makes it (this file is plain JavaScript). */
const conversationKey = (listingId, a, b) => `${listingId}-${Math.min(a, b)}-${Math.max(a, b)}`;

const conversationInfoCall = (who, partnerId, listingId) => ({
  label: 'GET /api/conversations/:conversation (conversation: offers, barters, reviews, block)',
  path: `/api/conversations/${conversationKey(listingId, who.id, partnerId)}`,
  who,
});
const threadCall = (who, partnerId, listingId) => ({
  label: 'GET /api/conversations/:me/:partner/:listing?limit=100 (thread)',
  path: `/api/conversations/${who.id}/${partnerId}/${listingId}?limit=${THREAD_PAGE}`,
  who,
});

export const conversationCalls = (who, partnerId, listingId) => [
  [
    {
      label: 'GET /api/conversations?limit=30 (messages screen)',
      path: `/api/conversations?limit=${CONVERSATIONS_PAGE}`,
      who,
    },
    conversationInfoCall(who, partnerId, listingId),
  ],
  [threadCall(who, partnerId, listingId)],
];

/** Another conversation opened from the list (the list is on screen already): the conversation, then the thread. */
export const conversationSwitchCalls = (who, partnerId, listingId) => [
  [conversationInfoCall(who, partnerId, listingId)],
  [threadCall(who, partnerId, listingId)],
];

export const messagesPage = (who, partnerId, listingId, options) => {
  const [first, ...rest] = conversationCalls(who, partnerId, listingId);
  return [[...shell(who, options), ...first], ...rest];
};

/** A profile page: the user by name, then their listings, reviews and barter count (and, for another member's, the message button's list). */
export function profileCalls(who, profile, { own }) {
  return [
    [{ label: 'GET /api/users/username/:name (profile)', path: `/api/users/username/${profile.username}`, who }],
    [
      ...(own
        ? []
        : [
            {
              label: 'GET /api/conversations?limit=30 (profile: message button)',
              path: `/api/conversations?limit=${CONVERSATIONS_PAGE}`,
              who,
            },
          ]),
      { label: 'GET /api/users/:id/listings (profile)', path: `/api/users/${profile.id}/listings`, who },
      { label: 'GET /api/users/:id/reviews (profile)', path: `/api/users/${profile.id}/reviews`, who },
      { label: 'GET /api/users/:id/barters/count (profile)', path: `/api/users/${profile.id}/barters/count`, who },
    ],
  ];
}

export const profilePage = (who, profile, { own, ...options }) => {
  const [first, ...rest] = profileCalls(who, profile, { own });
  return [[...shell(who, options), ...first], ...rest];
};

/** The community page (stories tab): testimonials (the dashboard's figures and the activity feed come over the feed socket). */
export const communityCalls = (who) => [{ label: 'GET /api/testimonials (community)', path: '/api/testimonials', who }];

export const communityPage = (who, options) => [[...shell(who, options), ...communityCalls(who)]];

/** The admin dashboard: the analytics tab on a full load; the users and listings tabs when opened. */
export const adminAnalyticsPage = (who) => [
  [
    ...shell(who),
    { label: 'GET /api/admin/email-status (admin)', path: '/api/admin/email-status', who },
    { label: 'GET /api/analytics/dashboard (admin)', path: '/api/analytics/dashboard', who },
  ],
];
/** The admin lists' page, as the SPA asks for it (src/shared/admin-paging.ts, decision 026). */
export const ADMIN_PAGE = 50;
export const adminUsersTab = (who) => [
  [{ label: 'GET /api/admin/users?limit=50 (admin: users tab)', path: `/api/admin/users?limit=${ADMIN_PAGE}`, who }],
];
export const adminListingsTab = (who) => [
  [
    {
      label: 'GET /api/admin/listings?limit=50 (admin: listings tab)',
      path: `/api/admin/listings?limit=${ADMIN_PAGE}`,
      who,
    },
  ],
];

/** The path of an uploaded avatar (stored as an absolute URL on the site), or none. */
const avatarPath = (user) => {
  const path = user?.avatarUrl ? new URL(user.avatarUrl, 'http://localhost').pathname : '';
  return path.startsWith('/objects/') ? [path] : [];
};

/**
 * The uploaded images a page shows (decision 043): each is one request (to the Worker's /objects
 * routes, or to the media domain when there is one) and is fetched once per browser, as they are
 * served `immutable`. A card shows one photo, its thumbnail (`srcset` takes the 800 px photo
 * instead on dense screens, still one request), and its owner's avatar (once per owner on the
 * page; loaded on phones too, where it is hidden). Chromium, browse page 1 of the demo: 9 cards,
 * 13 images.
 */
export const cardImages = (listings) => [
  ...new Set(
    listings.flatMap((listing) => [
      ...(listing.imageUrls?.[0] ? [`${listing.imageUrls[0]}/thumb`] : []),
      ...avatarPath(listing.user),
    ]),
  ),
];

/**
 * A listing page: the shown photo (eager), its gallery's thumbnails when it has several (lazy,
 * loaded as they come into view: below the photo, so on arrival on a desktop) and the seller's
 * avatar. Other photos load only when their thumbnail is pressed.
 */
export function listingPageImages(listing, seller) {
  const photos = listing.imageUrls ?? [];
  return [
    ...photos.slice(0, 1),
    ...(photos.length > 1 ? photos.map((photo) => `${photo}/thumb`) : []),
    ...avatarPath(seller),
  ];
}
