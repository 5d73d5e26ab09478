// The header's notifications: one read that refreshes itself while the tab is visible.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '../../shared/api-types';
import { api, apiGet } from '../../lib/api';

/**
 * How often the bell asks for news while the page is visible (TanStack Query pauses interval
 * refetches in a background tab). One small request a minute per member, plus one when the
 * member comes back to the tab; the messages screen gets its news live over its socket.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export const notificationKeys = { all: ['notifications'] as const };

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: () => apiGet<NotificationsResponse>('/api/notifications'),
  // The one read that does not follow spec section 9's "never stale, never refetched": its news
  // comes from other members, so nothing this member does could invalidate it.
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** Marks entries read (all of them without ids); the panel updates at once, then from the server. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api<{ unreadCount: number }>('POST', '/api/notifications/read', ids ? { ids } : {}),
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationsResponse>(notificationKeys.all, (current) => {
        if (!current) return current;
        const notifications = current.notifications.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n));
        return { notifications, unreadCount: notifications.filter((n) => !n.read).length };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
