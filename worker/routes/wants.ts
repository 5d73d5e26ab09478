// Wants and two-way matches (docs/api/wants-matches-circles.md). Trade circles are told about wants
// through the hooks.
import { wantRoutes } from '@/shared/contract/wants';
import { detectMatchesForWant, findMatches } from '../db/queries/matches';
import { pushNewMatches } from '@worker/services/match-pushes';
import { afterReply } from '../lib/after-reply';
import { addWant, MAX_WANTS, removeWant, wantedListings } from '../db/queries/wants';
import { listingWithOwner } from '../db/shapes';
import { badRequest, notFound } from '../lib/errors';
import { onWantAdded, onWantRemoved } from '@worker/services/trade-circles/hooks';
import { pushCircleChange } from '@worker/services/trade-circles/circles';
import { membersOf } from '@worker/lib/trade-circles/legs';
import { parseId } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { reply, router, serve } from '../lib/serve';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';

export const wantRouter = router('/api/wants');
export const matchRouter = router('/api/matches');

export const OWN_LISTING_MESSAGE = 'You cannot want your own listing';
export const TOO_MANY_WANTS_MESSAGE = `You can want at most ${MAX_WANTS} listings. Remove one from your wants to add another.`;

serve(wantRouter, wantRoutes.list, viewer('row'), async (c) => {
  const user = requireUser(c);
  const rows = await wantedListings(c.env.DB, user.id);
  return reply(
    c,
    wantRoutes.list,
    rows.map((row) => ({ ...listingWithOwner(row.listing, row.owner), wantedAt: row.wantedAt })),
  );
});

serve(wantRouter, wantRoutes.add, viewer('row'), memberBudget('wantWritesPerMember'), async (c) => {
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
      return reply(c, wantRoutes.add, { listingId, createdAt: outcome.createdAt });
    case 'added': {
      // The partners' Web Push runs after the reply.
      await detectMatchesForWant(c.env.DB, user.id, listingId, c.env, (fresh) =>
        afterReply(c, () => pushNewMatches(c.env, fresh)),
      );
      const proposed = await onWantAdded(c.env, user.id, listingId);
      // A circle the want closed: its other members hear of it by Web Push after the reply.
      if (proposed)
        await afterReply(c, () =>
          pushCircleChange(
            c.env,
            proposed,
            { type: 'proposed', members: membersOf(proposed).length },
            { except: [user.id] },
          ),
        );
      return reply(c, wantRoutes.add, { listingId, createdAt: outcome.createdAt });
    }
  }
});

serve(wantRouter, wantRoutes.remove, viewer('row'), memberBudget('wantWritesPerMember'), async (c) => {
  const user = requireUser(c);
  const listingId = parseId(c.req.param('listingId'), 'Listing');
  // Idempotent: removing a want that is not there is not an error.
  if (await removeWant(c.env.DB, user.id, listingId)) await onWantRemoved(c.env, user.id, listingId);
  return reply(c, wantRoutes.remove, undefined);
});

serve(matchRouter, wantRoutes.matches, viewer('row'), async (c) => {
  const user = requireUser(c);
  const me = { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl };
  const pairs = await findMatches(c.env.DB, me);
  return reply(
    c,
    wantRoutes.matches,
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
