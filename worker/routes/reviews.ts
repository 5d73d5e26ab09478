// Reviews (docs/api/messaging-barters-reviews.md, "Reviews"): only after a completed barter, of the
// other member, once per reviewer per barter.
import { eventLine } from '@/shared/event-lines';
import { reviewRoutes } from '@/shared/contract/reviews';
import { reviewSchema } from '@/shared/schemas';
import { findBarterById, isParty } from '../db/queries/barters';
import { findListingRef } from '../db/queries/messages';
import { hasReviewed, insertReview, reviewsOfListing, reviewsOfUser } from '../db/queries/reviews';
import { findUserById, isUniqueViolation } from '../db/queries/users';
import { addEventLine } from '../db/queries/offers';
import { message } from '../db/shapes';
import { pushToRoom } from '@worker/durable-objects/conversation-room-client';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { reply, router, serve } from '../lib/serve';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';

export const reviewRouter = router('/api/reviews');
// The reviews of a listing and of a member live here, mounted under the listings' and users' paths.
export const listingReviewRouter = router('/api/listings');
export const userReviewRouter = router('/api/users');

const NO_BARTER = 'Barter information not found. You cannot leave a review.';
const NOT_COMPLETED =
  'This barter is not yet marked as completed. You can only leave a review after completing a barter.';
const DUPLICATE = 'You have already reviewed this barter';

serve(reviewRouter, reviewRoutes.create, viewer('row'), memberBudget('reviewsPerMember'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const input = await parseBody(c, reviewSchema);
  assertActingAs(user, input.reviewerId, 'You can only review as yourself');

  const found = input.barterId == null ? undefined : await findBarterById(db, input.barterId);
  if (!found) throw badRequest(NO_BARTER, { barterId: NO_BARTER });
  if (!isParty(found, user.id)) throw forbidden('You can only review a barter you took part in');
  if (found.status !== 'completed') throw badRequest(NOT_COMPLETED, { barterId: NOT_COMPLETED });
  const otherId = found.initiatorId === user.id ? found.recipientId : found.initiatorId;
  if (input.userId !== otherId) {
    throw badRequest('You can only review the other member of this barter', {
      userId: 'You can only review the other member of this barter',
    });
  }
  if (input.listingId != null && input.listingId !== found.listingId) {
    throw badRequest('This review must be about the listing of the barter', {
      listingId: 'This review must be about the listing of the barter',
    });
  }
  if (await hasReviewed(db, user.id, found.id)) throw conflict(DUPLICATE);
  const reviewed = await findUserById(db, otherId);
  if (!reviewed) throw notFound('User not found');

  try {
    const review = await insertReview(
      db,
      {
        reviewerId: user.id,
        userId: otherId,
        listingId: found.listingId,
        barterId: found.id,
        rating: input.rating,
        comment: input.comment,
      },
      { reviewerName: user.displayName, reviewedUsername: reviewed.username },
    );
    // The review's line in the conversation, and a live nudge so both prompts move on.
    const line = await addEventLine(db, {
      senderId: user.id,
      receiverId: otherId,
      listingId: found.listingId,
      content: eventLine('review_left', { name: user.displayName }),
      event: { type: 'review_left', barterId: found.id },
      key: `review:${found.id}:${user.id}`,
    });
    await pushToRoom(
      c.env,
      { listingId: found.listingId, a: user.id, b: otherId },
      [
        ...(line ? [{ type: 'message' as const, message: message(line) }] : []),
        { type: 'review', barterId: found.id, reviewerId: user.id },
      ],
      c.req.header('cf-ray') ?? 'local',
    );
    return reply(c, reviewRoutes.create, review);
  } catch (error) {
    // Two submissions racing: the unique index on (reviewer, barter) decides.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE);
    throw error;
  }
});

serve(listingReviewRouter, reviewRoutes.ofListing, viewer('none'), async (c) => {
  const db = c.get('db');
  const listing = await findListingRef(db, parseId(c.req.param('id'), 'Listing'));
  if (!listing) throw notFound('Listing not found');
  return reply(c, reviewRoutes.ofListing, await reviewsOfListing(db, listing.id));
});

serve(userReviewRouter, reviewRoutes.ofUser, viewer('none'), async (c) => {
  const db = c.get('db');
  const user = await findUserById(db, parseId(c.req.param('id'), 'User'));
  if (!user) throw notFound('User not found');
  return reply(c, reviewRoutes.ofUser, await reviewsOfUser(db, user.id));
});
