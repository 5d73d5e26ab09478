// Reviews left after a completed barter.
import * as v from 'valibot';
import { reviewSchema } from '../schemas/community';
import { route } from './route';

/** A review's stored columns. */
export const storedReview = v.strictObject({
  id: v.number(),
  reviewerId: v.number(),
  userId: v.number(),
  listingId: v.number(),
  barterId: v.nullable(v.number()),
  rating: v.number(),
  comment: v.nullable(v.string()),
  createdAt: v.string(),
});

/**
 * A review as displayed: its columns, the reviewer's display name, whether the reviewer verified
 * their email (shown as the verified mark) and the listing's title.
 */
export const review = v.strictObject({
  ...storedReview.entries,
  reviewerName: v.string(),
  reviewerVerified: v.boolean(),
  listingTitle: v.string(),
});
export type Review = v.InferOutput<typeof review>;

export const reviewRoutes = {
  create: route({
    method: 'POST',
    path: '/api/reviews',
    tag: 'Reviews',
    summary: 'Review the other member of a completed barter, once',
    access: 'member',
    body: reviewSchema,
    reply: review,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    notes: 'The review budget: 10 a day, then 429 with Retry-After.',
  }),
  ofListing: route({
    method: 'GET',
    path: '/api/listings/:id{[0-9]+}/reviews',
    tag: 'Reviews',
    summary: 'The reviews about a listing, newest first',
    access: 'anyone',
    reply: v.array(review),
    errors: [404],
  }),
  ofUser: route({
    method: 'GET',
    path: '/api/users/:id{[0-9]+}/reviews',
    tag: 'Reviews',
    summary: 'The reviews a member received, newest first',
    access: 'anyone',
    reply: v.array(review),
    errors: [404],
  }),
};
