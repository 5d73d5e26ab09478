// Offers (docs/api/offers.md): query keys and mutations. A conversation's offers, barters, the
// caller's reviews of them and block come with the conversation itself (GET
// /api/conversations/{conversation}, decision 043); live frames and replies update the same cache.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Barter } from '@/shared/contract/barters';
import { conversationRoutes, type ConversationInfo } from '@/shared/contract/conversations';
import { offerRoutes, type Offer } from '@/shared/contract/offers';
import { conversationKeyOf } from '@/shared/conversation-key';
import { messageKeys } from '@/lib/query-keys';

export const conversationInfoQuery = (conversation: string) =>
  queryOptions({
    queryKey: messageKeys.info(conversation),
    queryFn: () => call(conversationRoutes.info, { params: { key: conversation } }),
  });

/**
 * The messages screen's observer: read every time a conversation opens, the address changing
 * included (offers, barters and reviews may have changed while it was not on screen); its socket
 * then keeps it current, and a reconnect reads it again.
 */
export const conversationInfoOnOpen = (conversation: string) => ({
  ...conversationInfoQuery(conversation),
  staleTime: 0,
  refetchOnReconnect: false,
});

/** Puts a barter (new or changed: a reply or a live frame) into its conversation's cached barters, newest first. */
export function storeBarter(queryClient: QueryClient, barter: Barter) {
  queryClient.setQueryData<ConversationInfo>(
    messageKeys.info(conversationKeyOf(barter.listingId, barter.initiatorId, barter.recipientId)),
    (old) =>
      old
        ? { ...old, barters: [barter, ...old.barters.filter((b) => b.id !== barter.id)].sort((a, b) => b.id - a.id) }
        : old,
  );
}

/** The caller reviewed a barter of the conversation (their reply, or the frame from another tab). */
export function noteReviewed(queryClient: QueryClient, conversation: string, barterId: number) {
  queryClient.setQueryData<ConversationInfo>(messageKeys.info(conversation), (old) =>
    old && !old.reviewedBarterIds.includes(barterId)
      ? { ...old, reviewedBarterIds: [...old.reviewedBarterIds, barterId] }
      : old,
  );
}

/** Puts an offer (new or changed) into its conversation's cached offers, newest first. */
export function storeOffer(queryClient: QueryClient, offer: Offer) {
  queryClient.setQueryData<ConversationInfo>(messageKeys.info(offer.conversation), (old) => {
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
    mutationFn: (body: OfferTerms & { listingId: number; message?: string | null }) => call(offerRoutes.make, { body }),
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
    mutationFn: ({ offer, action }: { offer: Offer; action: Answer }) =>
      call(offerRoutes[action], { params: { id: offer.id } }),
    onSuccess: (offer) => {
      storeOffer(queryClient, offer);
      // The barter the acceptance made: read with the conversation (its frame brings it too when live).
      if (offer.barterId) void queryClient.invalidateQueries({ queryKey: messageKeys.info(offer.conversation) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
    // A racing answer from the other side: show the offer as it now stands.
    onError: (_error, { offer }) =>
      void queryClient.invalidateQueries({ queryKey: messageKeys.info(offer.conversation) }),
  });
}

export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, terms }: { offer: Offer; terms: OfferTerms }) =>
      call(offerRoutes.counter, { params: { id: offer.id }, body: terms }),
    onSuccess: (offer) => {
      storeOffer(queryClient, offer);
      void queryClient.invalidateQueries({ queryKey: messageKeys.info(offer.conversation) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}
