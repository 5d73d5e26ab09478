// Messages and conversations: query keys and reads shared by the messages screen and the header.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { conversationRoutes, type ConversationSummary } from '@/shared/contract/conversations';
import { heldMessageReply, messageRoutes, type HeldMessageReply, type Message } from '@/shared/contract/messages';
import {
  conversationCursor,
  CONVERSATIONS_PAGE_DEFAULT,
  messageCursor,
  THREAD_PAGE_DEFAULT,
} from '@/shared/conversation-cursor';
import { conversationKeyOf } from '@/shared/conversation-key';
import { call, callWithReply } from '@/lib/api-client';
import { messageKeys } from '@/lib/query-keys';

/** The newest page of the member's conversations (the server's default page, newest first). */
export const conversationsQuery = queryOptions({
  queryKey: messageKeys.conversations(),
  queryFn: () => call(conversationRoutes.list, { query: { limit: CONVERSATIONS_PAGE_DEFAULT } }),
});

/** The page after a summary (older conversations), for loading more as the list scrolls. */
export const olderConversations = (after: ConversationSummary) =>
  call(conversationRoutes.list, { query: { limit: CONVERSATIONS_PAGE_DEFAULT, before: conversationCursor(after) } });

/**
 * A message this client knows about (sent, or received over the open conversation's socket) moves
 * its conversation to the top of the cached list, without asking the server for the whole list
 * again. A conversation not in the cached page is new to it: only then is the list refetched.
 */
export function noteMessageInList(
  queryClient: QueryClient,
  message: Message,
  meId: number,
  options: { read: boolean },
) {
  const key = conversationKeyOf(message.listingId, message.senderId, message.receiverId);
  const list = queryClient.getQueryData<ConversationSummary[]>(messageKeys.conversations());
  const found = list?.find((c) => c.conversation === key);
  if (!list || !found) {
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(), exact: true });
    return;
  }
  if (
    found.lastMessageTime > message.createdAt ||
    (found.lastMessageTime === message.createdAt && (found.lastMessageId ?? 0) >= message.id)
  )
    return;
  const received = message.receiverId === meId && !options.read && !message.read;
  const updated: ConversationSummary = {
    ...found,
    lastMessage: message.content,
    lastMessageTime: message.createdAt,
    lastMessageId: message.id,
    unreadCount: received ? found.unreadCount + 1 : options.read ? 0 : found.unreadCount,
  };
  queryClient.setQueryData<ConversationSummary[]>(messageKeys.conversations(), [
    updated,
    ...list.filter((c) => c !== found),
  ]);
}

/** Reading a conversation marked what the member received there read: its badge follows, locally. */
export function noteConversationRead(queryClient: QueryClient, key: string, unread = 0) {
  queryClient.setQueryData<ConversationSummary[]>(messageKeys.conversations(), (list) =>
    list?.some((c) => c.conversation === key && c.unreadCount !== unread)
      ? list.map((c) => (c.conversation === key ? { ...c, unreadCount: unread } : c))
      : list,
  );
}

/** One conversation, oldest first. Reading it marks the messages the reader received as read. */
export const conversationQuery = (userId: number, partnerId: number, listingId: number) =>
  queryOptions({
    queryKey: messageKeys.conversation(userId, partnerId, listingId),
    // The newest page; earlier messages come with earlierMessages (the thread's "Load earlier" button).
    queryFn: () =>
      call(conversationRoutes.thread, {
        params: { userId, partnerId, listingId },
        query: { limit: THREAD_PAGE_DEFAULT },
      }),
  });

/** The page of a thread before its oldest loaded message. */
export const earlierMessages = (userId: number, partnerId: number, listingId: number, oldest: Message) =>
  call(conversationRoutes.thread, {
    params: { userId, partnerId, listingId },
    query: { limit: THREAD_PAGE_DEFAULT, before: messageCursor(oldest) },
  });

export interface SendMessageBody {
  senderId: number;
  receiverId: number;
  listingId: number;
  content: string;
}

/** What sending answered: the stored message, or (202) that a guard holds it for review. */
export type SentMessage = { held: false; message: Message } | HeldMessageReply;

/** A message a guard holds: what the sender wrote, when, and what the server said will happen. */
export interface HeldMessage {
  content: string;
  createdAt: string;
  notice: string;
}

/**
 * On success the message lists refresh. The open conversation takes the POST's
 * copy of the message itself (merged by id with the live frame), so it is not refetched here. A
 * held message is not in the conversation for anyone else yet, so the lists stay as they are.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendMessageBody): Promise<SentMessage> => {
      const { data } = await callWithReply(messageRoutes.send, { body });
      // 202 answers the held reply (the route's alternative), told apart by its declared shape.
      return v.is(heldMessageReply, data) ? data : { held: false, message: data };
    },
    onSuccess: (sent, body) => {
      if (sent.held) return;
      noteMessageInList(queryClient, sent.message, body.senderId, { read: true });
      void queryClient.invalidateQueries({ queryKey: messageKeys.userMessages(body.senderId) });
    },
  });
}

/**
 * Messages a guard held, per conversation, for this tab's session (HeldMessage[]): their sender
 * sees them in the thread marked "Held for review" (the server keeps them out of the conversation
 * until an admin looks). Kept in the query cache so they survive moving between conversations.
 */
