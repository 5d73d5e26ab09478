// Reviews: what members received, what a listing received, and leaving one after a completed barter.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reviewRoutes } from '@/shared/contract/reviews';
import { conversationKeyOf } from '@/shared/conversation-key';
import { noteReviewed } from '@/features/offers';
import { reviewKeys, userKeys } from '@/lib/query-keys';

export const userReviewsQuery = (userId: number) =>
  queryOptions({
    queryKey: reviewKeys.byUser(userId),
    queryFn: () => call(reviewRoutes.ofUser, { params: { id: userId } }),
  });

export const listingReviewsQuery = (listingId: number) =>
  queryOptions({
    queryKey: reviewKeys.byListing(listingId),
    queryFn: () => call(reviewRoutes.ofListing, { params: { id: listingId } }),
  });

export interface ReviewBody {
  reviewerId: number;
  userId: number;
  listingId: number;
  barterId: number;
  rating: number;
  comment: string;
}

/** Afterwards the user reviews, listing reviews and user barter count are refreshed. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => call(reviewRoutes.create, { body }),
    onSuccess: (_review, body) => {
      // The conversation's barter prompt says thanks, from the conversation's own cache.
      noteReviewed(queryClient, conversationKeyOf(body.listingId, body.reviewerId, body.userId), body.barterId);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.byUser(body.userId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.byListing(body.listingId) });
      // The reviewed member's rating and review count.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
