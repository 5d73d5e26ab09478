// The data the Worker embedded in this page's HTML (decision 048; src/shared/boot.ts): put in the
// query cache under the keys the pages read, before the first render, so the first screen needs
// no API call. Without the element (the dev server's own index.html) nothing is seeded and every
// page reads as before.
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../features/auth/api';
import { categoriesQuery } from '../features/categories/api';
import { newestTestimonialsQuery } from '../features/community/api';
import { listingKeys } from '../features/listings/api';
import { messageKeys } from '../features/messages/api';
import { userKeys } from '../features/profile/api';
import { BOOT_ELEMENT_ID, type BootData } from '../shared/boot';

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

export function seedQueryCache(queryClient: QueryClient, data: BootData | null) {
  if (!data) return;
  queryClient.setQueryData(authKeys.currentUser, data.user);
  if (data.categories) queryClient.setQueryData(categoriesQuery.queryKey, data.categories);
  if (data.featured) queryClient.setQueryData(listingKeys.featured(), data.featured);
  if (data.listingPage) {
    const { params, ...page } = data.listingPage;
    queryClient.setQueryData(listingKeys.list(params), page);
  }
  if (data.testimonials) queryClient.setQueryData(newestTestimonialsQuery(data.testimonials.limit).queryKey, data.testimonials.items);
  if (data.listing) queryClient.setQueryData(listingKeys.detail(data.listing.id), data.listing);
  if (data.profile) queryClient.setQueryData(userKeys.byUsername(data.profile.username), data.profile);
  if (data.conversations) queryClient.setQueryData(messageKeys.conversations(), data.conversations);
}
