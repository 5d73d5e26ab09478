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
import type { EmailStatus, Listing, SelfUser } from '@/shared/api-types';
import { api, apiGet, apiReply } from '@/lib/api';
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

/** One page of an admin list; `filters` are the list's own parameters (search, status, userId). */
export async function fetchAdminPage<T>(
  path: string,
  filters: Record<string, string>,
  before: string | null,
): Promise<AdminListPage<T>> {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_DEFAULT) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (before) params.set('before', before);
  const { data: items, headers } = await apiReply<T[]>('GET', `${path}?${params}`);
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
    queryFn: ({ pageParam }) => fetchAdminPage<SelfUser>('/api/admin/users', { search }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** The listings tab: every listing of every status, newest first, a page at a time. */
export const adminListingsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.listingSearch(search),
    queryFn: ({ pageParam }) => fetchAdminPage<Listing>('/api/admin/listings', { search }, pageParam),
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
  queryFn: () => apiGet<EmailStatus>('/api/admin/email-status'),
});

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<SelfUser>('POST', `/api/admin/users/${userId}/make-admin`),
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
      api<Listing>('POST', `/api/admin/listings/${id}/featured`, { isFeatured }),
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
