// The member's unread messages (a count apart from the bell), read from the conversations list the
// messages screen and the socket already keep current (noteMessageInList, noteConversationRead), so
// the header and the phone tab bar need no request of their own beyond that shared query.
import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@/shared/contract/conversations';
import { conversationsQuery } from './api';

/** Unread messages over a conversations page: the sum of each conversation's unread count. */
export function unreadMessagesIn(conversations: readonly ConversationSummary[] | undefined): number {
  return conversations?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
}

/** The signed-in member's unread message count (0 for guests, and until the list has loaded). */
export function useUnreadMessageCount(signedIn: boolean): number {
  const { data } = useQuery({ ...conversationsQuery, enabled: signedIn });
  return signedIn ? unreadMessagesIn(data) : 0;
}
