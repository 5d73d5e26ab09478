// GET /api/places?q=&near= : place autocomplete for the listing form's location field and the
// search bar's "near" field, from the offline gazetteer, the places near the community (and near
// the member's own place, `near`) first. Public; see docs/api/places-and-distance.md.
import { place, placeRoutes } from '@/shared/contract/places';
import { pickFields } from '../db/reply-columns';
import { resolvePlace, suggestPlaces, type Place } from '../lib/gazetteer';
import { badRequest } from '../lib/errors';
import { placeLabel } from '../lib/geo';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const PLACE_QUERY_MAX = 100;

export const placeRouter = router('/api/places');

serve(placeRouter, placeRoutes.suggest, viewer('none'), async (c) => {
  const q = c.req.query('q') ?? '';
  if (q.length > PLACE_QUERY_MAX)
    throw badRequest(`Place search must be at most ${PLACE_QUERY_MAX} characters`, {
      q: `Place search must be at most ${PLACE_QUERY_MAX} characters`,
    });
  const near = c.req.query('near')?.trim() ?? '';
  if (near.length > PLACE_QUERY_MAX)
    throw badRequest(`Place search must be at most ${PLACE_QUERY_MAX} characters`, {
      near: `Place search must be at most ${PLACE_QUERY_MAX} characters`,
    });
  // Home places: the member's own (sent by the SPA, so the answer stays the same for everyone who
  // asks the same URL) and the community's. One that names no place is left out, silently: it only
  // orders the suggestions. Each is one cached shard read, no D1 row.
  const homes = await Promise.all(
    [near, c.env.DEFAULT_NEAR?.trim() ?? ''].filter(Boolean).map((text) => resolvePlace(c.env.ASSETS, text)),
  );
  const found = await suggestPlaces(c.env.ASSETS, q, { near: homes.filter((home): home is Place => home !== null) });
  // The gazetteer and DEFAULT_NEAR only change with a deploy: browsers may keep an answer an hour.
  c.header('Cache-Control', 'public, max-age=3600');
  // The reply's fields, and its label ("Oakland, CA, US") beside them; the population stays here.
  const replies = found.map((row) => pickFields(place, { ...row, label: placeLabel(row) }));
  return reply(c, placeRoutes.suggest, replies);
});
