// Offers (docs/api/offers.md): query keys and mutations. A conversation's offers come with the
// conversation itself (GET /api/conversations/{conversation}); live frames update the same cache.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import type { ConversationInfo, Offer } from '../../shared/api-types';
import { barterKeys } from '../barters/api';
import { messageKeys } from '../messages/api';

export const conversationInfoKey = (conversation: string) => [...messageKeys.all, 'info', conversation] as const;

export const conversationInfoQuery = (conversation: string) =>
  queryOptions({
    queryKey: conversationInfoKey(conversation),
    queryFn: () => apiGet<ConversationInfo>(`/api/conversations/${conversation}`),
  });

/** Puts an offer (new or changed) into its conversation's cached offers, newest first. */
export function storeOffer(queryClient: ReturnType<typeof useQueryClient>, offer: Offer) {
  queryClient.setQueryData<ConversationInfo>(conversationInfoKey(offer.conversation), (old) => {
    if (!old) return old;
    const others = old.offers.filter((o) => o.id !== offer.id);
    return { ...old, offers: [offer, ...others].sort((a, b) => b.id - a.id) };
  });
}

export interface OfferTerms {
  givenListingIds: number[];
  text: string | null;
}

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferTerms & { listingId: number; message?: string | null }) => api<Offer>('POST', '/api/offers', body),
    onSuccess: (offer) => {
      storeOffer(queryClient, offer);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}

type Answer = 'accept' | 'decline' | 'withdraw';

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, action }: { offer: Offer; action: Answer }) => api<Offer>('POST', `/api/offers/${offer.id}/${action}`, {}),
    onSuccess: (offer) => {
      storeOffer(queryClient, offer);
      if (offer.barterId) void queryClient.invalidateQueries({ queryKey: barterKeys.byListing(offer.listingId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
    // A racing answer from the other side: show the offer as it now stands.
    onError: (_error, { offer }) => void queryClient.invalidateQueries({ queryKey: conversationInfoKey(offer.conversation) }),
  });
}

export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, terms }: { offer: Offer; terms: OfferTerms }) => api<Offer>('POST', `/api/offers/${offer.id}/counter`, terms),
    onSuccess: (offer) => {
      storeOffer(queryClient, offer);
      void queryClient.invalidateQueries({ queryKey: conversationInfoKey(offer.conversation) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}
