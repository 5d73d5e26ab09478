// Wants and two-way matches (docs/api/wants-matches-circles.md). Trade circles are told about wants
// through the hooks.
import { Hono } from 'hono';
import { detectMatchesForWant, findMatches } from '../db/queries/matches';
import { addWant, MAX_WANTS, removeWant, wantedListings } from '../db/queries/wants';
import { listingWithOwner } from '../db/shapes';
import { badRequest, notFound } from '../lib/errors';
import { onWantAdded, onWantRemoved } from '@worker/services/trade-circles/hooks';
import { parseId } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';

/** Mounted at /api/wants. */
export const wantRoutes = new Hono<AppEnv>();
/** Mounted at /api/matches. */
export const matchRoutes = new Hono<AppEnv>();

export const OWN_LISTING_MESSAGE = 'You cannot want your own listing';
export const TOO_MANY_WANTS_MESSAGE = `You can want at most ${MAX_WANTS} listings. Remove one from your wants to add another.`;

wantRoutes.get('/', viewer('row'), async (c) => {
  const user = requireUser(c);
  const rows = await wantedListings(c.env.DB, user.id);
  return c.json(rows.map((row) => ({ ...listingWithOwner(row.listing, row.owner), wantedAt: row.wantedAt })));
});

wantRoutes.put('/:listingId', viewer('row'), memberBudget('wantWritesPerMember'), async (c) => {
  const user = requireUser(c);
  const listingId = parseId(c.req.param('listingId'), 'Listing');
  const outcome = await addWant(c.env.DB, user.id, listingId);
  switch (outcome.kind) {
    case 'own':
      throw badRequest(OWN_LISTING_MESSAGE);
    case 'unavailable':
      throw notFound('Listing not found');
    case 'full':
      throw badRequest(TOO_MANY_WANTS_MESSAGE);
    case 'existing':
      // Idempotent: the want stands as it was, nothing is notified or searched again.
      return c.json({ listingId, createdAt: outcome.createdAt });
    case 'added':
      await detectMatchesForWant(c.env.DB, user.id, listingId, c.env);
      await onWantAdded(c.env, user.id, listingId);
      return c.json({ listingId, createdAt: outcome.createdAt });
  }
});

wantRoutes.delete('/:listingId', viewer('row'), memberBudget('wantWritesPerMember'), async (c) => {
  const user = requireUser(c);
  const listingId = parseId(c.req.param('listingId'), 'Listing');
  // Idempotent: removing a want that is not there is not an error.
  if (await removeWant(c.env.DB, user.id, listingId)) await onWantRemoved(c.env, user.id, listingId);
  return c.body(null, 204);
});

matchRoutes.get('/', viewer('row'), async (c) => {
  const user = requireUser(c);
  const me = { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl };
  const pairs = await findMatches(c.env.DB, me);
  return c.json(
    pairs.map((pair) => ({
      theirListing: listingWithOwner(pair.theirs, pair.partner),
      myListing: listingWithOwner(pair.mine, me),
      member: pair.partner,
      iWant: pair.iWant,
      theyWant: pair.theyWant,
      distance: pair.distance,
    })),
  );
});
