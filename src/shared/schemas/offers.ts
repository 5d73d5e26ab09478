// Offers (docs/api/offers.md): what a member gives for a listing. One schema for the offer box,
// the counter form and the API, so every rule and its message is written once.
import * as v from 'valibot';
import { idField, optionalText } from './fields';

export const MAX_OFFER_LISTINGS = 5;
export const MAX_OFFER_TEXT = 500;
export const OFFER_NEEDS_TERMS = 'Choose a listing to offer or describe your offer';

const givenListingIds = v.optional(
  v.pipe(
    v.nullable(v.array(idField('Invalid listing id'), 'Offered listings must be a list of listing ids')),
    v.transform((ids) => [...new Set(ids ?? [])]),
    v.maxLength(MAX_OFFER_LISTINGS, `You can offer at most ${MAX_OFFER_LISTINGS} listings`),
  ),
  [],
);
const offerText = optionalText(MAX_OFFER_TEXT, `Offer must be at most ${MAX_OFFER_TEXT} characters`);

/** The terms of an offer: listings, free text, or both, never neither. */
const terms = { givenListingIds, text: offerText };
const hasTerms = (input: { givenListingIds: number[]; text?: string | null }) =>
  input.givenListingIds.length > 0 || Boolean(input.text);

export const offerTermsSchema = v.pipe(v.object(terms), v.forward(v.check(hasTerms, OFFER_NEEDS_TERMS), ['text']));
export type OfferTermsInput = v.InferInput<typeof offerTermsSchema>;

export const offerCreateSchema = v.pipe(
  v.object({
    listingId: idField('Please choose the listing you are making an offer for'),
    ...terms,
    message: optionalText(2000, 'Message must be at most 2000 characters'),
  }),
  v.forward(
    v.check((input) => hasTerms(input), OFFER_NEEDS_TERMS),
    ['text'],
  ),
);
export type OfferCreateInput = v.InferInput<typeof offerCreateSchema>;
