// Wants ("I'd take this") and two-way matches.
import * as v from 'valibot';
import { listing } from './listings';
import { route } from './route';
import { userSummary } from './users';

/** GET /api/wants: a wanted listing, with when the member said "I'd take this". */
export const wantedListing = v.strictObject({ ...listing.entries, wantedAt: v.string() });
export type WantedListing = v.InferOutput<typeof wantedListing>;

/** PUT /api/wants/{listingId}: the want as it stands. */
export const want = v.strictObject({ listingId: v.number(), createdAt: v.string() });
export type Want = v.InferOutput<typeof want>;

/** How a side of a match wants the other's listing: a want row, or its listings' wants text. */
export const WANT_KINDS = ['explicit', 'text'] as const;
export const wantKind = v.picklist(WANT_KINDS);
export type WantKind = v.InferOutput<typeof wantKind>;

/** GET /api/matches: they want my listing and I want theirs. */
export const match = v.strictObject({
  theirListing: listing,
  myListing: listing,
  member: userSummary,
  iWant: wantKind,
  theyWant: wantKind,
  /** Miles between the two listings' places, null when either is unknown. */
  distance: v.nullable(v.number()),
});
export type Match = v.InferOutput<typeof match>;

export const wantRoutes = {
  list: route({
    method: 'GET',
    path: '/api/wants',
    tag: 'Wants',
    summary: "The member's wanted listings, newest want first",
    access: 'member',
    reply: v.array(wantedListing),
    notes: 'At most 200. Listings hidden by moderation, being deleted or of a blocked member are left out.',
  }),
  add: route({
    method: 'PUT',
    path: '/api/wants/:listingId',
    tag: 'Wants',
    summary: 'Want a listing ("I\'d take this")',
    access: 'member',
    reply: want,
    errors: [400, 404],
    notes: 'Idempotent: wanting a listing again answers the want as it was. At most 200 wants.',
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/wants/:listingId',
    tag: 'Wants',
    summary: 'Withdraw a want',
    access: 'member',
    reply: null,
    status: 204,
    errors: [404],
    notes: 'Idempotent: removing a want that is not there is not an error.',
  }),
  matches: route({
    method: 'GET',
    path: '/api/matches',
    tag: 'Wants',
    summary: "The member's two-way matches, best first",
    access: 'member',
    reply: v.array(match),
    notes: 'At most 50.',
  }),
};
