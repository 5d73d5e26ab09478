// Offers made in a conversation: make, counter, accept, decline, withdraw.
import * as v from 'valibot';
import { OFFER_STATUSES } from '../constants';
import { offerCreateSchema, offerTermsSchema } from '../schemas/offers';
import { listingStatus } from './listings';
import { route } from './route';

export const offerStatus = v.picklist(OFFER_STATUSES);
export type OfferStatus = v.InferOutput<typeof offerStatus>;

/** An offer's stored columns as the reply carries them. */
export const storedOffer = v.strictObject({
  id: v.number(),
  listingId: v.number(),
  fromUserId: v.number(),
  toUserId: v.number(),
  status: offerStatus,
  /** Free text of the offer (or, where the listing takes only what it asks for, the want it meets). */
  text: v.nullable(v.string()),
  replacesOfferId: v.nullable(v.number()),
  barterId: v.nullable(v.number()),
  respondedAt: v.nullable(v.string()),
  /** When it lapses while still open (decision 060). */
  expiresAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});

/** An offer as the API returns it (docs/api/offers.md, "Offer shape"). */
export const offer = v.strictObject({
  ...storedOffer.entries,
  /** The conversation's address: `${listingId}-${lowerUserId}-${higherUserId}`. */
  conversation: v.string(),
  /** The listings the member gives, as they are now. */
  givenListings: v.array(
    v.strictObject({ id: v.number(), title: v.string(), status: listingStatus, imageUrl: v.nullable(v.string()) }),
  ),
});
export type Offer = v.InferOutput<typeof offer>;

const byId = '/api/offers/:id{[0-9]+}' as const;
const STEP_BUDGET = 'The offer budget: 30 steps a day, then 429 with Retry-After.';

/** Accept, decline and withdraw: an answer to an open offer, with no body. */
const answer = (action: 'accept' | 'decline' | 'withdraw', summary: string) =>
  route({
    method: 'POST',
    path: `${byId}/${action}`,
    tag: 'Offers',
    summary,
    access: 'member',
    reply: offer,
    errors: [401, 403, 404, 409],
    notes: STEP_BUDGET,
  });

export const offerRoutes = {
  make: route({
    method: 'POST',
    path: '/api/offers',
    tag: 'Offers',
    summary: 'Offer some of your active listings and/or free text for a listing',
    access: 'member',
    body: offerCreateSchema,
    reply: offer,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    notes: `${STEP_BUDGET} It is also a message: the message budget (30 a minute) applies.`,
  }),
  get: route({
    method: 'GET',
    path: byId,
    tag: 'Offers',
    summary: 'One offer (its two members and admins)',
    access: 'member',
    reply: offer,
    errors: [401, 403, 404],
  }),
  accept: answer('accept', 'Accept an offer (the member it is addressed to): a pending barter'),
  decline: answer('decline', 'Decline an offer (the member it is addressed to)'),
  withdraw: answer('withdraw', 'Withdraw an offer (the member who made it)'),
  counter: route({
    method: 'POST',
    path: `${byId}/counter`,
    tag: 'Offers',
    summary: 'Propose other terms in place of an open offer (either member)',
    access: 'member',
    body: offerTermsSchema,
    reply: offer,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    notes: `${STEP_BUDGET} It is also a message: the message budget (30 a minute) applies.`,
  }),
};
