// Messages and conversations: query keys and reads shared by the messages screen and the header.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary, Message } from '../../shared/api-types';
import { api, apiGet } from '../../lib/api';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  userMessages: (userId: number) => [...messageKeys.all, 'user', userId] as const,
  conversation: (userId: number, partnerId: number, listingId: number) => [...messageKeys.all, 'conversation', userId, partnerId, listingId] as const,
};

export const conversationsQuery = queryOptions({
  queryKey: messageKeys.conversations(),
  queryFn: () => apiGet<ConversationSummary[]>('/api/conversations'),
});

/** One conversation, oldest first. Reading it marks the messages the reader received as read. */
export const conversationQuery = (userId: number, partnerId: number, listingId: number) =>
  queryOptions({
    queryKey: messageKeys.conversation(userId, partnerId, listingId),
    queryFn: () => apiGet<Message[]>(`/api/conversations/${userId}/${partnerId}/${listingId}`),
  });

export interface SendMessageBody {
  senderId: number;
  receiverId: number;
  listingId: number;
  content: string;
}

/**
 * Spec section 7: on success the message lists refresh. The open conversation takes the POST's
 * copy of the message itself (merged by id with the live frame), so it is not refetched here.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => api<Message>('POST', '/api/messages', body),
    onSuccess: (_message, body) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.userMessages(body.senderId) });
    },
  });
}
