// Saved searches: query keys, the member's list, and saving a search from Browse.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { storedSearchRoutes, type StoredSearch } from '@/shared/contract/stored-searches';
import { call } from '@/lib/api-client';
import { savedSearchKeys } from '@/lib/query-keys';
import type { DigestFrequency } from '@/shared/constants';

export const savedSearchesQuery = (userId: number) =>
  queryOptions({
    queryKey: savedSearchKeys.byUser(userId),
    queryFn: () => call(storedSearchRoutes.list, { params: { id: userId } }),
  });

export interface SaveSearchInput {
  userId: number;
  query: string | null;
  category: string | null;
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    // A read of the list still in flight (the page's first) could answer from before the save and
    // undo what onSuccess writes: it is cancelled first, and read again after.
    onMutate: (input: SaveSearchInput) => queryClient.cancelQueries({ queryKey: savedSearchKeys.byUser(input.userId) }),
    mutationFn: (input: SaveSearchInput) =>
      call(storedSearchRoutes.create, { body: { ...input, notificationsEnabled: true } }),
    // The new search is in the list at once, so the button says "Saved" without waiting for a read.
    onSuccess: (saved, input) =>
      queryClient.setQueryData<StoredSearch[]>(savedSearchKeys.byUser(input.userId), (old) =>
        old?.some((s) => s.id === saved.id) ? old : [saved, ...(old ?? [])],
      ),
    // Refused too (saved already, in another tab): the list is read again, so the button says "Saved".
    onSettled: (_saved, _error, input) =>
      queryClient.invalidateQueries({ queryKey: savedSearchKeys.byUser(input.userId) }),
  });
}

export interface SavedSearchSettings {
  id: number;
  notificationsEnabled?: boolean;
  frequency?: DigestFrequency;
}

// The profile's Saved tab and Browse's Saved menu: alerts on or off, the digest frequency.
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedSearchSettings) => call(storedSearchRoutes.update, { params: { id }, body }),
    onSuccess: (search) => {
      // The switch shows the stored state at once; the list is then read again.
      queryClient.setQueryData<StoredSearch[]>(savedSearchKeys.byUser(search.userId), (old) =>
        old?.map((s) => (s.id === search.id ? search : s)),
      );
      return queryClient.invalidateQueries({ queryKey: savedSearchKeys.byUser(search.userId) });
    },
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: StoredSearch) => call(storedSearchRoutes.remove, { params: { id: search.id } }),
    onSuccess: (_reply, search) => {
      queryClient.setQueryData<StoredSearch[]>(savedSearchKeys.byUser(search.userId), (old) =>
        old?.filter((s) => s.id !== search.id),
      );
      return queryClient.invalidateQueries({ queryKey: savedSearchKeys.byUser(search.userId) });
    },
  });
}
