// Messages and conversations: query keys and reads shared by the messages screen and the header.
import { queryOptions } from '@tanstack/react-query';
import type { ConversationSummary } from '../../shared/api-types';
import { apiGet } from '../../lib/api';

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
