// Wants and two-way matches (docs/api/wants-matches-circles.md): the member's wanted listings, their
// matches, and the "I'd take this" toggle. Toggling changes the listing's wantedByMe (set at once),
// the wants list and possibly the matches (read again when their pages next open).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Listing } from '@/shared/contract/listings';
import { wantRoutes, type WantedListing } from '@/shared/contract/wants';
import { isBellLive } from '@/lib/live-status';
import { listingKeys, notificationKeys, wantKeys } from '@/lib/query-keys';

export const wantsQuery = queryOptions({
  queryKey: wantKeys.list(),
  queryFn: () => call(wantRoutes.list),
});
export const matchesQuery = queryOptions({
  queryKey: wantKeys.matches(),
  queryFn: () => call(wantRoutes.matches),
});

/** PUT (want) or DELETE (withdraw) a want; the listing page shows the new state at once. */
export function useSetWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ listingId, wanted }: { listingId: number; wanted: boolean }) => {
      if (wanted) await call(wantRoutes.add, { params: { listingId } });
      else await call(wantRoutes.remove, { params: { listingId } });
    },
    onMutate: async ({ listingId, wanted }) => {
      await queryClient.cancelQueries({ queryKey: listingKeys.detail(listingId) });
      const before = queryClient.getQueryData<Listing>(listingKeys.detail(listingId));
      if (before) queryClient.setQueryData<Listing>(listingKeys.detail(listingId), { ...before, wantedByMe: wanted });
      if (!wanted)
        queryClient.setQueryData<WantedListing[]>(wantKeys.list(), (list) => list?.filter((l) => l.id !== listingId));
      return { before };
    },
    onError: (_error, { listingId }, context) => {
      if (context?.before) queryClient.setQueryData(listingKeys.detail(listingId), context.before);
    },
    // The toggle shows the outcome already (rolled back on error): the listing is not read again.
    // The wants list and matches are read again when their pages next open, not now; a new match
    // reaches the bell over its socket, so the bell is read only when the socket is down
    // (decision 043).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wantKeys.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: wantKeys.matches(), refetchType: 'none' });
      if (!isBellLive()) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
