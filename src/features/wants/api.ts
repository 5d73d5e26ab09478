// Wants and two-way matches (docs/api/wants-matches-circles.md): the member's wanted listings, their
// matches, and the "I'd take this" toggle. Toggling changes the listing's wantedByMe, the wants
// list and possibly the matches, so all three are refreshed.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, apiGet } from '../../lib/api';
import type { Listing, Match, Want, WantedListing } from '../../shared/api-types';
import { listingKeys } from '../listings/api';
import { notificationKeys } from '../notifications/api';

export const wantKeys = {
  all: ['wants'] as const,
  list: () => [...wantKeys.all, 'list'] as const,
  matches: () => ['matches'] as const,
};

export const wantsQuery = queryOptions({ queryKey: wantKeys.list(), queryFn: () => apiGet<WantedListing[]>('/api/wants') });
export const matchesQuery = queryOptions({ queryKey: wantKeys.matches(), queryFn: () => apiGet<Match[]>('/api/matches') });

/** PUT (want) or DELETE (withdraw) a want; the listing page shows the new state at once. */
export function useSetWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ listingId, wanted }: { listingId: number; wanted: boolean }) => {
      if (wanted) await api<Want>('PUT', `/api/wants/${listingId}`);
      else await apiFetch('DELETE', `/api/wants/${listingId}`);
    },
    onMutate: async ({ listingId, wanted }) => {
      await queryClient.cancelQueries({ queryKey: listingKeys.detail(listingId) });
      const before = queryClient.getQueryData<Listing>(listingKeys.detail(listingId));
      if (before) queryClient.setQueryData<Listing>(listingKeys.detail(listingId), { ...before, wantedByMe: wanted });
      if (!wanted) queryClient.setQueryData<WantedListing[]>(wantKeys.list(), (list) => list?.filter((l) => l.id !== listingId));
      return { before };
    },
    onError: (_error, { listingId }, context) => {
      if (context?.before) queryClient.setQueryData(listingKeys.detail(listingId), context.before);
    },
    onSettled: (_data, _error, { listingId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.detail(listingId) }),
        queryClient.invalidateQueries({ queryKey: wantKeys.all }),
        queryClient.invalidateQueries({ queryKey: wantKeys.matches() }),
        // A new match shows up in the bell.
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  });
}
