import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { insertReview } from '@worker/db/queries/reviews';
import { isUniqueViolation } from '@worker/db/queries/users';
import { call, insertListing, json, signUp, signUpAdmin, type Member } from './helpers';

async function expectStatus(response: Promise<Response>, status: number) {
  const r = await response;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${await r.text()}`);
  return json(r);
}

const message = (from: Member, to: Member, listingId: number) =>
  expectStatus(
    call('/api/messages', {
      cookie: from.cookie,
      body: { senderId: from.id, receiverId: to.id, listingId, content: 'Shall we trade?' },
    }),
    201,
  );

const recordBarter = (by: Member, recipient: Member, listingId: number) =>
  call('/api/barters', {
    cookie: by.cookie,
    body: { listingId, initiatorId: by.id, recipientId: recipient.id, status: 'pending' },
  });

const patch = (path: string, who: Member) => call(path, { method: 'PATCH', cookie: who.cookie });

/** A barter in the given state between a listing's owner and a member who wrote to them. */
async function barterBetween(
  owner: Member,
  member: Member,
  state: 'pending' | 'completed' | 'cancelled' = 'completed',
  title?: string,
) {
  const listingId = await insertListing(owner, title);
  await message(member, owner, listingId);
  const barter = await expectStatus(recordBarter(member, owner, listingId), 201);
  if (state === 'completed') await expectStatus(patch(`/api/barters/${barter.id}/complete`, owner), 200);
  if (state === 'cancelled') await expectStatus(patch(`/api/barters/${barter.id}/cancel`, owner), 200);
  return { listingId, barterId: barter.id as number };
}

async function completed(state: 'pending' | 'completed' | 'cancelled' = 'completed') {
  const [owner, member] = await Promise.all([
    signUp({ displayName: 'Olivia Owner' }),
    signUp({ displayName: 'Max Member' }),
  ]);
  return { owner, member, ...(await barterBetween(owner, member, state)) };
}

const review = (by: Member, body: Record<string, unknown>) =>
  call('/api/reviews', { cookie: by.cookie, body: { reviewerId: by.id, ...body } });

const goodReview = (userId: number, barterId: number, listingId: number, extra: Record<string, unknown> = {}) => ({
  userId,
  barterId,
  listingId,
  rating: 5,
  comment: 'Friendly and on time, great trade.',
  ...extra,
});

async function ratingOf(member: Member) {
  return env.DB.prepare(
    'SELECT rating, review_count AS reviewCount, barters_completed AS bartersCompleted FROM users WHERE id = ?',
  )
    .bind(member.id)
    .first<{ rating: number; reviewCount: number; bartersCompleted: number }>();
}

describe('the barter and review life cycle', () => {
  it('message → record → confirm by the other member → both review → ratings; no duplicates, no cancelling', async () => {
    const [owner, member] = await Promise.all([
      signUp({ displayName: 'Olivia Owner' }),
      signUp({ displayName: 'Max Member' }),
    ]);
    const listingId = await insertListing(owner, 'Oak bookshelf');

    // Nothing to record before the two have talked about the listing.
    expect((await recordBarter(member, owner, listingId)).status).toBe(400);
    await message(member, owner, listingId);
    const barter = await expectStatus(recordBarter(member, owner, listingId), 201);
    expect(barter.status).toBe('pending');

    // A pending barter cannot be reviewed yet.
    const early = await review(member, goodReview(owner.id, barter.id, listingId));
    expect(early.status).toBe(400);
    expect((await json(early)).message).toBe(
      'This barter is not yet marked as completed. You can only leave a review after completing a barter.',
    );

    const waiting = await patch(`/api/barters/${barter.id}/complete`, member);
    expect(waiting.status).toBe(403);
    expect((await json(waiting)).message).toBe('Waiting for the other member to confirm');

    const done = await expectStatus(patch(`/api/barters/${barter.id}/complete`, owner), 200);
    expect(done.status).toBe('completed');
    await expectStatus(patch(`/api/barters/${barter.id}/complete`, owner), 200);
    expect(await ratingOf(owner)).toMatchObject({ bartersCompleted: 1, reviewCount: 0, rating: 0 });
    expect(await ratingOf(member)).toMatchObject({ bartersCompleted: 1 });

    const byMember = await review(member, goodReview(owner.id, barter.id, listingId, { rating: 4 }));
    expect(byMember.status).toBe(201);
    expect(await json(byMember)).toEqual({
      id: expect.any(Number),
      reviewerId: member.id,
      userId: owner.id,
      listingId,
      barterId: barter.id,
      rating: 4,
      comment: 'Friendly and on time, great trade.',
      createdAt: expect.any(String),
      reviewerName: 'Max Member',
      // Registered through the API and never verified.
      reviewerVerified: false,
      listingTitle: 'Oak bookshelf',
    });
    const byOwner = await review(
      owner,
      goodReview(member.id, barter.id, listingId, { rating: 5, comment: '  Smooth exchange, thank you!  ' }),
    );
    expect(byOwner.status).toBe(201);
    expect(await json(byOwner)).toMatchObject({ reviewerName: 'Olivia Owner', comment: 'Smooth exchange, thank you!' });

    expect(await ratingOf(owner)).toEqual({ rating: 4, reviewCount: 1, bartersCompleted: 1 });
    expect(await ratingOf(member)).toEqual({ rating: 5, reviewCount: 1, bartersCompleted: 1 });
    const publicProfile = await json(await call('/api/auth/current-user', { cookie: owner.cookie }));
    expect(publicProfile).toMatchObject({ rating: 4, reviewCount: 1, bartersCompleted: 1 });

    const duplicate = await review(member, goodReview(owner.id, barter.id, listingId, { rating: 1 }));
    expect(duplicate.status).toBe(409);
    expect(await json(duplicate)).toEqual({
      message: 'You have already reviewed this barter',
      code: expect.any(String),
    });
    expect(await ratingOf(owner)).toEqual({ rating: 4, reviewCount: 1, bartersCompleted: 1 });

    const cancel = await patch(`/api/barters/${barter.id}/cancel`, member);
    expect(cancel.status).toBe(409);
    expect(await json(cancel)).toEqual({ message: 'A completed barter cannot be cancelled', code: expect.any(String) });

    const listingReviews = await json<any[]>(await call(`/api/listings/${listingId}/reviews`));
    expect(listingReviews.map((r) => r.reviewerId)).toEqual([owner.id, member.id]);
  });
});

describe('POST /api/reviews', () => {
  it('keeps the reviewed member’s rating the mean of their reviews', async () => {
    const [owner, alice, bob] = await Promise.all([signUp(), signUp(), signUp()]);
    const first = await barterBetween(owner, alice);
    const second = await barterBetween(owner, bob);
    await expectStatus(review(alice, goodReview(owner.id, first.barterId, first.listingId, { rating: 5 })), 201);
    await expectStatus(review(bob, goodReview(owner.id, second.barterId, second.listingId, { rating: 4 })), 201);
    expect(await ratingOf(owner)).toMatchObject({ rating: 4.5, reviewCount: 2, bartersCompleted: 2 });
  });

  it('takes the listing from the barter when the body has none', async () => {
    const { owner, member, barterId, listingId } = await completed();
    const response = await review(member, { userId: owner.id, barterId, rating: 3, comment: 'Decent trade overall.' });
    expect(response.status).toBe(201);
    expect((await json(response)).listingId).toBe(listingId);
  });

  it('allows only one review when two submissions race', async () => {
    const { owner, member, barterId, listingId } = await completed();
    const replies = await Promise.all([1, 2].map(() => review(member, goodReview(owner.id, barterId, listingId))));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await ratingOf(owner)).toMatchObject({ reviewCount: 1, rating: 5 });
  });

  it('a duplicate that slips past the check fails on the unique index and changes nothing', async () => {
    const { owner, member, barterId, listingId } = await completed();
    const db = createDb(env.DB);
    const values = {
      reviewerId: member.id,
      userId: owner.id,
      listingId,
      barterId,
      rating: 2,
      comment: 'Straight to the query.',
    };
    const notice = { reviewerName: 'Max Member', reviewedUsername: owner.username };
    expect(await insertReview(db, values, notice)).toMatchObject({ rating: 2, reviewerName: 'Max Member' });
    const error = await insertReview(db, { ...values, rating: 5 }, notice).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await ratingOf(owner)).toMatchObject({ rating: 2, reviewCount: 1 });
  });

  it('requires a signed-in member reviewing as themselves', async () => {
    const { owner, member, barterId, listingId } = await completed();
    expect((await call('/api/reviews', { body: goodReview(owner.id, barterId, listingId) })).status).toBe(401);
    const impersonating = await call('/api/reviews', {
      cookie: member.cookie,
      body: { ...goodReview(owner.id, barterId, listingId), reviewerId: owner.id },
    });
    expect(impersonating.status).toBe(403);
  });

  it.each([
    [{ rating: 0 }, 'rating', 'Rating must be between 1 and 5'],
    [{ rating: 6 }, 'rating', 'Rating must be between 1 and 5'],
    [{ rating: 3.5 }, 'rating', 'Rating must be between 1 and 5'],
    [{ rating: '5' }, 'rating', 'Rating must be between 1 and 5'],
    [{ rating: undefined }, 'rating', 'Rating must be between 1 and 5'],
    [{ comment: 'Too short' }, 'comment', 'Comment must be at least 10 characters.'],
    [{ comment: '   short    ' }, 'comment', 'Comment must be at least 10 characters.'],
    [{ comment: undefined }, 'comment', 'Comment must be at least 10 characters.'],
    [{ comment: 'c'.repeat(1001) }, 'comment', 'Comment must be at most 1000 characters.'],
    [{ userId: undefined }, 'userId', 'Please choose who you are reviewing'],
    [{ listingId: 'abc' }, 'listingId', 'Invalid listing id'],
    [{ reviewerId: 'me' }, 'reviewerId', 'Invalid reviewer id'],
    [{ barterId: 'abc' }, 'barterId', 'Barter information not found. You cannot leave a review.'],
  ])('refuses %o with the schema message', async (override, field, text) => {
    const { owner, member, barterId, listingId } = await completed();
    const response = await call('/api/reviews', {
      cookie: member.cookie,
      body: { reviewerId: member.id, ...goodReview(owner.id, barterId, listingId), ...override },
    });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toBe(text);
    expect(body.errors[field]).toBe(text);
    expect(await ratingOf(owner)).toMatchObject({ reviewCount: 0 });
  });

  it('needs a barter: none given or an unknown one is 400 with the spec message', async () => {
    const { owner, member, listingId } = await completed();
    for (const barterId of [undefined, null, 999_999_999]) {
      const response = await review(member, goodReview(owner.id, barterId as number, listingId));
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe('Barter information not found. You cannot leave a review.');
    }
  });

  it('refuses members and admins who were not part of the barter', async () => {
    const { owner, barterId, listingId } = await completed();
    const [outsider, admin] = await Promise.all([signUp(), signUpAdmin()]);
    expect((await review(outsider, goodReview(owner.id, barterId, listingId))).status).toBe(403);
    expect((await review(admin, goodReview(owner.id, barterId, listingId))).status).toBe(403);
  });

  it('refuses pending and cancelled barters with the spec message', async () => {
    for (const state of ['pending', 'cancelled'] as const) {
      const { owner, member, barterId, listingId } = await completed(state);
      const response = await review(member, goodReview(owner.id, barterId, listingId));
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(
        'This barter is not yet marked as completed. You can only leave a review after completing a barter.',
      );
    }
  });

  it('reviews only the other member, about the barter’s listing', async () => {
    const { owner, member, barterId, listingId } = await completed();
    const outsider = await signUp();
    for (const userId of [member.id, outsider.id]) {
      const response = await review(member, goodReview(userId, barterId, listingId));
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe('You can only review the other member of this barter');
    }
    const otherListing = await insertListing(owner, 'Some other listing');
    const wrongListing = await review(member, goodReview(owner.id, barterId, otherListing));
    expect(wrongListing.status).toBe(400);
    expect((await json(wrongListing)).message).toBe('This review must be about the listing of the barter');
    expect(await ratingOf(owner)).toMatchObject({ reviewCount: 0 });
  });
});

describe('GET /api/listings/:id/reviews and /api/users/:id/reviews', () => {
  it('lists reviews newest first with reviewer name and listing title, to anyone', async () => {
    const [owner, alice, bob] = await Promise.all([
      signUp(),
      signUp({ displayName: 'Alice Reviewer' }),
      signUp({ displayName: 'Bob Reviewer' }),
    ]);
    const shelf = await barterBetween(owner, alice, 'completed', 'Oak bookshelf');
    const lamp = await barterBetween(owner, bob, 'completed', 'Brass lamp');
    const fromAlice = await expectStatus(
      review(alice, goodReview(owner.id, shelf.barterId, shelf.listingId, { rating: 4 })),
      201,
    );
    const fromBob = await expectStatus(
      review(bob, goodReview(owner.id, lamp.barterId, lamp.listingId, { rating: 2 })),
      201,
    );
    const ownersReview = await expectStatus(review(owner, goodReview(alice.id, shelf.barterId, shelf.listingId)), 201);

    const received = await call(`/api/users/${owner.id}/reviews`);
    expect(received.status).toBe(200);
    const list = await json<any[]>(received);
    expect(list).toEqual([fromBob, fromAlice]);
    expect(list.map((r) => [r.reviewerName, r.listingTitle])).toEqual([
      ['Bob Reviewer', 'Brass lamp'],
      ['Alice Reviewer', 'Oak bookshelf'],
    ]);

    const aboutShelf = await json<any[]>(
      await call(`/api/listings/${shelf.listingId}/reviews`, { cookie: bob.cookie }),
    );
    expect(aboutShelf.map((r) => r.id)).toEqual([ownersReview.id, fromAlice.id]);
    expect(await json(await call(`/api/users/${bob.id}/reviews`))).toEqual([]);
  });

  it('carries whether the reviewer verified their email (the verified mark), as it is now', async () => {
    const [owner, verified, unverified] = await Promise.all([signUp(), signUp(), signUp()]);
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(verified.id).run();
    const first = await barterBetween(owner, verified, 'completed', 'Verified: cedar planter');
    const second = await barterBetween(owner, unverified, 'completed', 'Unverified: cedar planter');
    const created = await expectStatus(review(verified, goodReview(owner.id, first.barterId, first.listingId)), 201);
    expect(created.reviewerVerified).toBe(true);
    await expectStatus(review(unverified, goodReview(owner.id, second.barterId, second.listingId)), 201);
    const marks = async () =>
      (await json<any[]>(await call(`/api/users/${owner.id}/reviews`))).map((r) => [r.reviewerId, r.reviewerVerified]);
    expect(await marks()).toEqual([
      [unverified.id, false],
      [verified.id, true],
    ]);
    // The mark follows the member, not the day of the review: verifying later shows it on old reviews.
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(unverified.id).run();
    expect(await marks()).toEqual([
      [unverified.id, true],
      [verified.id, true],
    ]);
  });

  it('answers 404 for an unknown listing or user', async () => {
    const listing = await call('/api/listings/999999999/reviews');
    expect(listing.status).toBe(404);
    expect(await json(listing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    const user = await call('/api/users/999999999/reviews');
    expect(user.status).toBe(404);
    expect(await json(user)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});
