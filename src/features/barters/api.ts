// Barters (two-sided, docs/api/messaging-barters-reviews.md). A barter starts pending (an accepted
// offer, or one member recording it), each member confirms the handover and the second
// confirmation completes it (decision 060), or either cancels it; only a completed barter can be
// reviewed. A
// conversation's barters come with the conversation (GET /api/conversations/{conversation},
// decision 043): the replies below and the live frames update that cache, nothing reads the
// listing's barters again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { barterRoutes, type Barter } from '@/shared/contract/barters';
import { storeBarter } from '@/features/offers';
import { userKeys } from '@/lib/query-keys';

/** The live (pending or completed) barter between two members about a listing, if any. */
export const barterBetween = (barters: Barter[] | undefined, a: number, b: number) =>
  barters?.find(
    (barter) =>
      barter.status !== 'cancelled' &&
      ((barter.initiatorId === a && barter.recipientId === b) ||
        (barter.initiatorId === b && barter.recipientId === a)),
  );

export interface BarterCreateBody {
  listingId: number;
  initiatorId: number;
  recipientId: number;
}

export function useCreateBarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BarterCreateBody) => call(barterRoutes.record, { body: { ...body, status: 'pending' } }),
    // The reply is the barter as it now stands: the prompt moves on with it.
    onSuccess: (barter) => storeBarter(queryClient, barter),
  });
}

/** Confirming the handover: the second side's confirmation completes the barter (decision 060). */
export function useCompleteBarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (barter: Barter) => call(barterRoutes.complete, { params: { id: barter.id } }),
    onSuccess: (reply) => {
      storeBarter(queryClient, reply);
      if (reply.status === 'completed') {
        // Both members' bartersCompleted (their profiles' Completed Barters) change.
        // The home page's completed-barter counter comes with the community feed's next frame
        // (decision 045): nothing to re-read.
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
    },
  });
}

/** Cancelling, with the reason the other member reads (optional). */
export function useCancelBarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ barter, reason }: { barter: Barter; reason: string }) =>
      call(barterRoutes.cancel, { params: { id: barter.id }, body: reason.trim() ? { reason: reason.trim() } : {} }),
    onSuccess: (reply) => storeBarter(queryClient, reply),
  });
}
