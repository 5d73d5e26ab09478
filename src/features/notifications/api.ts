// The header's notifications: the list, read when the member opens the panel while the bell socket
// pushes the unread count (use-bell-socket.ts, decision 050), and polled while that socket is down.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes, type NotificationsResponse } from '@/shared/contract/notifications';
import { call } from '@/lib/api-client';
import { isBellLive } from '@/lib/live-status';
import { notificationKeys } from '@/lib/query-keys';

/**
 * How often the bell asks for news while the page is visible and its socket is down (TanStack
 * Query pauses interval refetches in a background tab), plus once when the member comes back to
 * the tab.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000;
/**
 * While the bell socket is open the server pushes the count after every change and the bell does
 * not poll at all (decision 043): an open tab costs nothing while it sits. A push that was lost
 * (more than 40 members reached by one write, a failed push) is caught up when the member comes
 * back to the tab and nothing came for this long, or by the first frame of the socket's next
 * reconnect. It is also how long the panel's list stays fresh when no frame said it changed.
 */
export const NOTIFICATIONS_LIVE_STALE_MS = 10 * 60_000;

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: () => call(notificationRoutes.list),
  // The one read that is not "never stale, never refetched" (decision 007): its news
  // comes from other members, so nothing this member does could invalidate it. The header reads it
  // only for the panel while the bell socket pushes the count, with no interval (decision 050).
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** Marks entries read (all of them without ids); the panel updates at once, then from the server. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => call(notificationRoutes.read, { body: ids ? { ids } : {} }),
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationsResponse>(notificationKeys.all, (current) => {
        if (!current) return current;
        const notifications = current.notifications.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n));
        return { ...current, notifications, unreadCount: notifications.filter((n) => !n.read).length };
      });
    },
    // With the bell socket open the server pushes the result; without it, read it back.
    onSettled: () => (isBellLive() ? undefined : queryClient.invalidateQueries({ queryKey: notificationKeys.all })),
  });
}
