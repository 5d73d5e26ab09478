// The data the Worker embedded in this page's HTML (decision 048; src/shared/boot.ts): put in the
// query cache under the keys the pages read, before the first render, so the first screen needs
// no API call. Without the element (the dev server's own index.html) nothing is seeded and every
// page reads as before.
import type { QueryClient } from '@tanstack/react-query';
import { BOOT_ELEMENT_ID, type BootData } from '@/shared/boot';
import { authKeys, categoryKeys, communityKeys, listingKeys, messageKeys, userKeys } from './query-keys';

/** The embedded data, or null when the page has none (or it does not parse). */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as BootData;
    return typeof data === 'object' && data !== null && 'user' in data ? data : null;
  } catch {
    return null;
  }
}

/** When the page's data was put in the cache (its entries' dataUpdatedAt), and whether the app has left the page's first screen since. */
let seededAt: number | null = null;
let navigated = false;

export function seedQueryCache(queryClient: QueryClient, data: BootData | null, now = Date.now()) {
  if (!data) return;
  seededAt = now;
  const seed = (key: readonly unknown[], value: unknown) => queryClient.setQueryData(key, value, { updatedAt: now });
  seed(authKeys.currentUser, data.user);
  if (data.categories) seed(categoryKeys.all, data.categories);
  if (data.featured) seed(listingKeys.featured(), data.featured);
  if (data.listingPage) {
    const { params, ...page } = data.listingPage;
    seed(listingKeys.list(params), page);
  }
  if (data.testimonials) seed(communityKeys.newestTestimonials(data.testimonials.limit), data.testimonials.items);
  if (data.listing) seed(listingKeys.detail(data.listing.id), data.listing);
  if (data.profile) seed(userKeys.byUsername(data.profile.username), data.profile);
  if (data.profile && data.profileListings) seed(listingKeys.byUser(data.profile.id), data.profileListings);
  if (data.conversations) seed(messageKeys.conversations(), data.conversations);
}

/** The app moved to another address (in-app navigation): later screens read as they always did. */
export function leftFirstScreen() {
  navigated = true;
}

/**
 * Whether a query's data is what this page's HTML carried, on the page's first screen: a screen
 * that refetches on every mount (the messages list) takes it instead, as fresh as a read.
 */
export const fromThisPage = (query: { state: { dataUpdatedAt: number } }) =>
  !navigated && seededAt !== null && query.state.dataUpdatedAt === seededAt;
