// Listings: hierarchical query keys, reads and the create/update/delete mutations.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listingRoutes, type Listing } from '@/shared/contract/listings';
import type { ListingCreateInput, ListingUpdateInput } from '@/shared/schemas';
import { call, callWithReply } from '@/lib/api-client';
import { listingKeys, type ListingListParams } from '@/lib/query-keys';

export interface ListingPage {
  listings: Listing[];
  total: number;
  /** False when `total` is a lower bound: a text search with more matches than it considers (decision 041). */
  exact: boolean;
}

/** GET /api/listings with server paging: one page plus the count from X-Total-Count (and whether it is exact). */
export async function fetchListingPage(params: ListingListParams): Promise<ListingPage> {
  // Empty values are left out of the URL (urlOf); `all` is every category, as no category is.
  const { data: listings, headers } = await callWithReply(listingRoutes.search, {
    query: {
      search: params.search,
      category: params.category === 'all' ? undefined : params.category,
      distance: params.distance,
      near: params.near,
      limit: params.limit,
      offset: params.offset,
    },
  });
  const total = Number(headers.get('X-Total-Count') ?? listings.length);
  return {
    listings,
    total: Number.isFinite(total) ? total : listings.length,
    exact: headers.get('X-Total-Count-Exact') !== 'false',
  };
}

export const listingPageQuery = (params: ListingListParams) =>
  queryOptions({
    queryKey: listingKeys.list(params),
    queryFn: () => fetchListingPage(params),
    // Keeps the current page on screen while the next one loads (no flash of the empty state).
    placeholderData: keepPreviousData,
  });

export const featuredListingsQuery = queryOptions({
  queryKey: listingKeys.featured(),
  queryFn: () => call(listingRoutes.featured),
});

export const listingDetailQuery = (id: number) =>
  queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: () => call(listingRoutes.get, { params: { id } }),
  });

export const userListingsQuery = (userId: number) =>
  queryOptions({
    queryKey: listingKeys.byUser(userId),
    queryFn: () => call(listingRoutes.ofUser, { params: { id: userId } }),
  });

/** What creating, editing or deleting a listing changes besides the listing itself. */
function invalidateListingReads(queryClient: ReturnType<typeof useQueryClient>, userId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listingKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: listingKeys.featured() }),
    queryClient.invalidateQueries({ queryKey: listingKeys.byUser(userId) }),
    // Not the home counters or the activity figures: the community feed socket's next frame (on
    // connect, then every 15 s) brings them, and re-reading them here cost a request on the next
    // home page for nothing (decision 045).
  ]);
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingCreateInput) => call(listingRoutes.create, { body: input }),
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      return invalidateListingReads(queryClient, listing.userId);
    },
  });
}

export function useUpdateListing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingUpdateInput) => call(listingRoutes.update, { params: { id }, body: input }),
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKeys.detail(id), listing);
      return invalidateListingReads(queryClient, listing.userId);
    },
  });
}

export function useDeleteListing(listing: Pick<Listing, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(listingRoutes.remove, { params: { id: listing.id } }),
    // The listing's own entry is dropped by the caller once it has left the listing's page: removing
    // it here would make the still-mounted page fetch it again and flash 'Listing Not Found'.
    onSuccess: () => invalidateListingReads(queryClient, listing.userId),
  });
}
