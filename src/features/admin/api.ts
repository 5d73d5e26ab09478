// Admin reads and actions (docs/api/users-and-community.md, "Admin"); each action refreshes exactly
// what it changes.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { ADMIN_PAGE_DEFAULT, ADMIN_SEARCH_MIN } from '@/shared/admin-paging';
import { adminRoutes } from '@/shared/contract/admin';
import type { Listing } from '@/shared/contract/listings';
import { moderationRoutes } from '@/shared/contract/moderation';
import type { QueryOf, ReplyOf } from '@/shared/contract/route';
import type { SelfUser } from '@/shared/contract/users';
import { call, callWithReply, type CallInput } from '@/lib/api-client';
import { adminKeys, listingKeys } from '@/lib/query-keys';

/** One page of an admin list (decision 026): the rows, the totals from its headers, and the next page's cursor. */
export interface AdminListPage<T> {
  items: T[];
  /** X-Total-Count: every member, or every listing. */
  total: number;
  /** X-Featured-Count (listings): the featured ones. */
  featured: number;
  /** X-Next-Cursor: the `before` of the next page; null on the last. */
  next: string | null;
}

/** Searches of fewer characters than the index finds filter the loaded rows instead (ADMIN_SEARCH_MIN). */
export const serverSearch = (search: string) => (search.length >= ADMIN_SEARCH_MIN ? search : '');

/** The admin lists: each answers a page of rows with the totals and the cursor in headers. */
type PagedRoute =
  | typeof adminRoutes.users
  | typeof adminRoutes.listings
  | typeof moderationRoutes.queue
  | typeof moderationRoutes.audit;

/** One page of an admin list; `filters` are the list's own parameters (search, status, userId). */
export async function fetchAdminPage<R extends PagedRoute>(
  route: R,
  filters: QueryOf<R>,
  before: string | null,
): Promise<AdminListPage<ReplyOf<R>[number]>> {
  const query = { ...filters, limit: ADMIN_PAGE_DEFAULT, before: before ?? undefined };
  // Every paged route takes a query and no parameters or body: the input is the same for each.
  const { data: items, headers } = await callWithReply(route, { query } as CallInput<R>);
  return {
    items,
    total: Number(headers.get('X-Total-Count') ?? items.length),
    featured: Number(headers.get('X-Featured-Count') ?? 0),
    next: headers.get('X-Next-Cursor'),
  };
}

/** The users tab: newest first, a page at a time; `search` (3+ characters) asks the server. */
export const adminUsersQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userSearch(search),
    queryFn: ({ pageParam }) => fetchAdminPage(adminRoutes.users, { search }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** The listings tab: every listing of every status, newest first, a page at a time. */
export const adminListingsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.listingSearch(search),
    queryFn: ({ pageParam }) => fetchAdminPage(adminRoutes.listings, { search }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** Replaces one row in every loaded page of every search of a list. */
const replaceRow =
  <T extends { id: number }>(row: T) =>
  (data: InfiniteData<AdminListPage<T>> | undefined) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === row.id ? row : item)),
      })),
    };

/** Whether this instance delivers email (GET /api/admin/email-status), for the dashboard's notice. */
export const emailStatusQuery = queryOptions({
  queryKey: adminKeys.emailStatus(),
  queryFn: () => call(adminRoutes.emailStatus),
});

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(adminRoutes.makeAdmin, { params: { id: userId } }),
    onSuccess: (user) => {
      queryClient.setQueriesData<InfiniteData<AdminListPage<SelfUser>>>(
        { queryKey: adminKeys.users() },
        replaceRow(user),
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}

export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFeatured }: { id: number; isFeatured: boolean }) =>
      call(adminRoutes.featured, { params: { id }, body: { isFeatured } }),
    onSuccess: (listing) => {
      queryClient.setQueriesData<InfiniteData<AdminListPage<Listing>>>(
        { queryKey: adminKeys.listings() },
        replaceRow(listing),
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.listings() });
      // Listing reads carry isFeatured (Featured Exchanges on the home page, the detail page).
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
  });
}
