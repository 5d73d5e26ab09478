// Barters (two-sided, docs/api/messaging-barters-reviews.md). One member records it (pending), the
// other confirms it (completed) or either cancels it; only a completed barter can be reviewed. A
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

function useBarterTransition(action: 'complete' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (barter: Barter) => call(barterRoutes[action], { params: { id: barter.id } }),
    onSuccess: (reply) => {
      storeBarter(queryClient, reply);
      if (action === 'complete') {
        // Both members' bartersCompleted (their profiles' Completed Barters) change.
        // The home page's completed-barter counter comes with the community feed's next frame
        // (decision 045): nothing to re-read.
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
    },
  });
}

export const useCompleteBarter = () => useBarterTransition('complete');
export const useCancelBarter = () => useBarterTransition('cancel');
