// GET /api/places?q= : place autocomplete for the listing form's location field and the search
// bar's "near" field, from the offline gazetteer. Public; see docs/api/places-and-distance.md.
import { place, placeRoutes } from '@/shared/contract/places';
import { pickFields } from '../db/reply-columns';
import { suggestPlaces } from '../lib/gazetteer';
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
  const found = await suggestPlaces(c.env.ASSETS, q);
  // The gazetteer only changes with a deploy: browsers may keep an answer for an hour.
  c.header('Cache-Control', 'public, max-age=3600');
  // The reply's fields, and its label ("Oakland, CA, US") beside them; the population stays here.
  const replies = found.map((row) => pickFields(place, { ...row, label: placeLabel(row) }));
  return reply(c, placeRoutes.suggest, replies);
});
