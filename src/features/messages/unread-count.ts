// The member's unread messages (a count apart from the bell), for the header and the phone tab bar.
// It reads the conversations list this tab already holds (the messages screen's, kept current by
// noteMessageInList and noteConversationRead, or carried in a /messages page's HTML) and never
// fetches it: asking for the list on every page would add a D1 read to each page load
// (test/e2e/request-budget.test.ts, "a full page load"). So it names the list's key only, not its
// query (api.ts and the contract stay out of the chunks that show the count). A server-side count
// can replace the source here without changing the hook's callers.
import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@/shared/contract/conversations';
import { messageKeys } from '@/lib/query-keys';

/** Unread messages over a conversations page: the sum of each conversation's unread count. */
export function unreadMessagesIn(conversations: readonly ConversationSummary[] | undefined): number {
  return conversations?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
}

/** The signed-in member's unread message count as this tab knows it (0 for guests). */
export function useUnreadMessageCount(signedIn: boolean): number {
  // enabled: false subscribes to the cached list without ever requesting it (so no queryFn).
  const { data } = useQuery<ConversationSummary[]>({ queryKey: messageKeys.conversations(), enabled: false });
  return signedIn ? unreadMessagesIn(data) : 0;
}
