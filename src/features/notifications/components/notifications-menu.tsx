import { BellIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Flex, IconButton, Popover, Separator, Text, VisuallyHidden } from '@radix-ui/themes';
import { focusManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '@/shared/contract/conversations';
import type { AppNotification, NotificationsResponse } from '@/shared/contract/notifications';
import { isAnyConversationLive, isConversationLive } from '@/lib/live-status';
import {
  NOTIFICATIONS_LIVE_STALE_MS,
  NOTIFICATIONS_REFRESH_MS,
  notificationsQuery,
  useMarkNotificationsRead,
} from '../api';
import { useBellSocket, type PushedCount } from '../use-bell-socket';
import './notifications.css';
import { messageKeys, notificationKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/current-user';
import { setUnreadConversations } from '@/lib/unread-messages';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

const KIND_ICON: Record<AppNotification['kind'], string> = {
  message: '✉',
  offer: '↔',
  barter_pending: '⇄',
  barter_confirmed: '✓',
  review: '★',
  saved_search: '⌕',
  match: '⇆',
  trade_circle: '◎',
  moderation: '⚑',
};

const bellLabel = (unread: number) => {
  if (unread === 0) return m.notifications_bell_nothing_new();
  const count = fmt.number(unread);
  return fmt.one(unread) ? m.notifications_bell_unread_one({ count }) : m.notifications_bell_unread_other({ count });
};

/** " (3 new)" after a message entry that gathers several. */
const newCount = (n: number) =>
  fmt.one(n)
    ? m.notifications_new_count_one({ count: fmt.number(n) })
    : m.notifications_new_count_other({ count: fmt.number(n) });

/** The header's bell: an unread count, and a panel of the latest entries. */
export function NotificationsMenu() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  // While the bell socket is open its frames carry the unread count (decision 050): the badge comes
  // from them, and the list is read only while the panel is open (on opening it, and again when a
  // frame says the count changed meanwhile; otherwise it is only marked stale, read on the next
  // opening). Until the first frame (4 s at most), and while the socket is down, the bell reads
  // GET /api/notifications as before: at once, every minute and on focus while the tab is visible.
  const { live, ready, pushed } = useBellSocket(user?.id);
  const counted = live && pushed !== null;
  const { data, dataUpdatedAt, isPending } = useQuery({
    ...notificationsQuery,
    enabled: open || (ready && !counted),
    staleTime: live ? NOTIFICATIONS_LIVE_STALE_MS : 0,
    refetchInterval: live ? false : NOTIFICATIONS_REFRESH_MS,
  });
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  // The newer of the two: a frame, or the list's read (or the panel's own "mark read", at once).
  const fromFrame = pushed !== null && (!data || pushed.at >= dataUpdatedAt);
  const unread = fromFrame ? pushed.unreadCount : (data?.unreadCount ?? 0);
  // The Messages link's count rides on the same frames and read (decision 061).
  const unreadConversations = fromFrame ? pushed.unreadConversations : (data?.unreadConversations ?? null);
  useEffect(() => setUnreadConversations(unreadConversations), [unreadConversations]);
  useEffect(() => () => setUnreadConversations(null), []);
  const entries = data?.notifications ?? [];
  useListFollowsFrames(pushed, open);
  useCatchUpOnReturn(counted, Math.max(pushed?.at ?? 0, dataUpdatedAt));
  useRefreshConversationsOnNews(data);
  useRefreshConversationsOnRise(pushed);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          aria-label={bellLabel(unread)}
          className="notifications-button"
          data-live={live || undefined}
        >
          <BellIcon />
          {unread > 0 && (
            <Badge
              size="1"
              color="red"
              variant="solid"
              radius="full"
              className="notifications-badge count-badge"
              aria-hidden="true"
            >
              {unread > 99 ? `${fmt.number(99)}+` : fmt.number(unread)}
            </Badge>
          )}
        </IconButton>
      </Popover.Trigger>
      <Popover.Content align="end" width="360px" maxWidth="calc(100vw - 24px)" aria-label={m.notifications_title()}>
        <Flex justify="between" align="center" mb="2">
          <Text as="p" weight="bold" size="3">
            {m.notifications_title()}
          </Text>
          <Button
            size="1"
            variant="ghost"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            {m.notifications_mark_all_read()}
          </Button>
        </Flex>
        <Separator size="4" />
        {isPending ? (
          <Text as="p" size="2" color="gray" my="4" align="center" role="status">
            {m.notifications_loading()}
          </Text>
        ) : entries.length === 0 ? (
          <Text as="p" size="2" color="gray" my="4" align="center">
            {m.notifications_empty()}
          </Text>
        ) : (
          <ul className="notifications-list">
            {entries.map((entry) => (
              <li key={entry.id}>
                <a
                  href={entry.link}
                  className="notification-entry"
                  data-unread={!entry.read || undefined}
                  onClick={(event) => {
                    // A plain click stays in the app; modified clicks open a tab as links do.
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    if (!entry.read) markRead.mutate([entry.id]);
                    setOpen(false);
                    void navigate({ href: entry.link });
                  }}
                >
                  <span className="notification-icon" aria-hidden="true">
                    {KIND_ICON[entry.kind]}
                  </span>
                  <Box asChild flexGrow="1" minWidth="0">
                    <span>
                      <Text as="span" size="2" weight={entry.read ? 'regular' : 'medium'} className="notification-text">
                        {entry.text}
                        {entry.count > 1 && entry.kind === 'message' && newCount(entry.count)}
                      </Text>
                      <Text as="span" size="1" color="gray" className="notification-time">
                        {fmt.relative(entry.updatedAt, m.common_just_now())}
                        {!entry.read && <VisuallyHidden>{m.notifications_unread_mark()}</VisuallyHidden>}
                      </Text>
                    </span>
                  </Box>
                  {!entry.read && <span className="notification-dot" aria-hidden="true" />}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Popover.Content>
    </Popover.Root>
  );
}

/**
 * A frame says the bell changed, so the list, if read, is out of date (decision 050). While the
 * panel is open and the count differs from the list's, the list is read again at once (one
 * request); otherwise it is only marked stale and the next opening reads it. A frame whose count
 * the list already shows (the echo of the panel's own "mark read") reads nothing.
 */
function useListFollowsFrames(pushed: PushedCount | null, open: boolean) {
  const queryClient = useQueryClient();
  const isOpen = useRef(open);
  isOpen.current = open;
  useEffect(() => {
    if (!pushed) return;
    const list = queryClient.getQueryData<NotificationsResponse>(notificationKeys.all);
    if (!list) return;
    const readNow = isOpen.current && list.unreadCount !== pushed.unreadCount;
    void queryClient.invalidateQueries({
      queryKey: notificationKeys.all,
      exact: true,
      refetchType: readNow ? 'active' : 'none',
    });
  }, [pushed, queryClient]);
}

/**
 * A push can be lost (a write that reached more than 40 members, a failed push): while the count is
 * pushed, coming back to the tab reads the bell once when nothing arrived for
 * NOTIFICATIONS_LIVE_STALE_MS, as the list's refetch on focus did before (decision 043).
 */
function useCatchUpOnReturn(counted: boolean, newestAt: number) {
  const queryClient = useQueryClient();
  const newest = useRef(newestAt);
  newest.current = newestAt;
  useEffect(() => {
    if (!counted) return;
    return focusManager.subscribe((focused) => {
      if (focused && Date.now() - newest.current >= NOTIFICATIONS_LIVE_STALE_MS)
        void queryClient.fetchQuery(notificationsQuery);
    });
  }, [counted, queryClient]);
}

/**
 * A rise in the pushed count refreshes the conversation list, so the messages screen shows new
 * conversations without its own polling (decision 043's rule, on the count alone: decision 050).
 * The frame does not say what is new: a rise while a conversation's live socket is open in this tab
 * is taken as that conversation's (its frames updated the list in place; reading it settles the
 * entry), and the first frame of a connection refreshes nothing (the list was read when the screen
 * opened). News elsewhere then reaches the list when the member opens the panel
 * (useRefreshConversationsOnNews), or when the chat closes and the next rise comes.
 */
function useRefreshConversationsOnRise(pushed: PushedCount | null) {
  const queryClient = useQueryClient();
  const previous = useRef(pushed);
  useEffect(() => {
    const before = previous.current;
    previous.current = pushed;
    if (!pushed || !before || pushed.unreadCount <= before.unreadCount || isAnyConversationLive()) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
  }, [pushed, queryClient]);
}

/**
 * News found by the bell also refreshes the conversation list, so the messages screen shows new
 * conversations and unread badges without its own polling: a rise in the unread count, or unread
 * messages in the bell's first answer. Not when the list knows them already (decision 043): a
 * conversation whose live socket is open in this tab (its frames updated the list in place), or
 * one the list shows with at least as many unread messages. On the first answer only messages
 * count: the list was read when the screen opened, as fresh as the bell.
 */
function useRefreshConversationsOnNews(bell: NotificationsResponse | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(bell);
  useEffect(() => {
    const before = previous.current;
    previous.current = bell;
    if (!bell || (before && bell.unreadCount <= before.unreadCount)) return;
    const earlier = new Map((before?.notifications ?? []).map((entry) => [entry.id, entry.updatedAt]));
    const news = bell.notifications.filter(
      (entry) => !entry.read && earlier.get(entry.id) !== entry.updatedAt && (before || entry.kind === 'message'),
    );
    const list = queryClient.getQueryData<ConversationSummary[]>(messageKeys.conversations());
    const known = (entry: AppNotification) => {
      if (entry.kind !== 'message') return false;
      const key = entry.link.replace(/^\/messages\//, '');
      return (
        isConversationLive(key) || (list?.some((c) => c.conversation === key && c.unreadCount >= entry.count) ?? false)
      );
    };
    if (news.length > 0 ? news.every(known) : !before) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
  }, [bell, queryClient]);
}
