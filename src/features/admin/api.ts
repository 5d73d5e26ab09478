// Admin reads and actions (spec section 7, "Admin"); each action refreshes exactly what it changes.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailStatus, Listing, SelfUser } from '../../shared/api-types';
import { api, apiGet } from '../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  listings: () => [...adminKeys.all, 'listings'] as const,
  emailStatus: () => [...adminKeys.all, 'email-status'] as const,
};

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users(),
  queryFn: () => apiGet<SelfUser[]>('/api/admin/users'),
});

export const adminListingsQuery = queryOptions({
  queryKey: adminKeys.listings(),
  queryFn: () => apiGet<Listing[]>('/api/admin/listings'),
});

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
      queryClient.setQueryData<SelfUser[]>(adminKeys.users(), (users) => users?.map((u) => (u.id === user.id ? user : u)));
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}

export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFeatured }: { id: number; isFeatured: boolean }) => api<Listing>('POST', `/api/admin/listings/${id}/featured`, { isFeatured }),
    onSuccess: (listing) => {
      queryClient.setQueryData<Listing[]>(adminKeys.listings(), (listings) => listings?.map((l) => (l.id === listing.id ? listing : l)));
      void queryClient.invalidateQueries({ queryKey: adminKeys.listings() });
      // Listing reads carry isFeatured (Featured Exchanges on the home page, the detail page).
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
