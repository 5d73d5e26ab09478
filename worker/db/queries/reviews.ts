// Data access for reviews: one per reviewer per barter, each kept in the reviewed member's
// rating (the mean of their reviews) and reviewCount.
import { listingGone } from './listing-deletion';
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { review, type Review } from '@/shared/contract/reviews';
import { pickFields } from '../reply-columns';
import type { Db } from '../client';
import { listings, reviews, users } from '../schema';
import { notifyStatements, subjectKeys } from './notifications';
import { blockedEitherWay } from './blocks';

/**
 * A review as displayed: its columns plus the reviewer's display name, whether the reviewer
 * verified their email (the verified mark) and the listing's title.
 */
const displayed = {
  ...getTableColumns(reviews),
  reviewerName: users.displayName,
  reviewerVerified: users.emailVerified,
  listingTitle: listings.title,
};

const selectDisplayed = (db: Db, where: SQL | undefined) =>
  db
    .select(displayed)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    // A review of a listing being deleted goes with it (decision 042).
    .where(and(where, sql`NOT ${listingGone('listings')}`))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));

/** The reply's fields of a displayed row (a column the contract does not declare stays here). */
const shown = (rows: Awaited<ReturnType<typeof selectDisplayed>>): Review[] =>
  rows.map((row) => pickFields(review, row));

export async function hasReviewed(db: Db, reviewerId: number, barterId: number): Promise<boolean> {
  const row = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, reviewerId), eq(reviews.barterId, barterId)))
    .limit(1);
  return row.length > 0;
}

/**
 * Inserts the review and refreshes the reviewed member's rating and reviewCount in one batch
 * (one transaction), so the figures always match the reviews. A duplicate (reviewer, barter)
 * fails on reviews_reviewer_barter_idx and changes nothing.
 */
export async function insertReview(
  db: Db,
  values: { reviewerId: number; userId: number; listingId: number; barterId: number; rating: number; comment: string },
  notice: { reviewerName: string; reviewedUsername: string },
): Promise<Review> {
  const ofUser = sql`FROM ${reviews} WHERE ${reviews.userId} = ${values.userId}`;
  const stars = `${values.rating} star${values.rating === 1 ? '' : 's'}`;
  const [, , , , , rows] = await db.batch([
    db.insert(reviews).values(values),
    // The reviewed member hears of it in the same batch; their profile lists the review. A review
    // across a block is still written (a block shields nobody from an honest review), without the
    // bell entry (decision 035).
    ...notifyStatements(
      db,
      {
        userId: values.userId,
        kind: 'review',
        subjectKey: subjectKeys.review(values.barterId),
        text: `${notice.reviewerName} left you a review: ${stars}`,
        link: `/profile/${encodeURIComponent(notice.reviewedUsername)}`,
      },
      sql`NOT ${blockedEitherWay(values.reviewerId, values.userId)}`,
    ),
    db
      .update(users)
      .set({
        rating: sql`(SELECT coalesce(avg(${reviews.rating}), 0) ${ofUser})`,
        reviewCount: sql`(SELECT count(*) ${ofUser})`,
      })
      .where(eq(users.id, values.userId)),
    selectDisplayed(db, and(eq(reviews.reviewerId, values.reviewerId), eq(reviews.barterId, values.barterId))),
  ]);
  return shown(rows)[0]!;
}

/** Reviews about a listing, newest first. */
/** Which of `barterIds` the reviewer reviewed (a statement, for the conversation's batch). */
export const reviewedBarterIdsQuery = (db: Db, reviewerId: number, barterIds: number[]) =>
  db
    .select({ barterId: reviews.barterId })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, reviewerId), inArray(reviews.barterId, barterIds.length > 0 ? barterIds : [0])));

export const reviewsOfListing = async (db: Db, listingId: number) =>
  shown(await selectDisplayed(db, eq(reviews.listingId, listingId)));

/** Reviews a member received, newest first. */
export const reviewsOfUser = async (db: Db, userId: number) =>
  shown(await selectDisplayed(db, eq(reviews.userId, userId)));
