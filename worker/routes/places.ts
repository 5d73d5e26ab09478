// GET /api/places?q= : place autocomplete for the listing form's location field and the search
// bar's "near" field, from the offline gazetteer. Public; see docs/api/places-and-distance.md.
import { Hono } from 'hono';
import { placeShape, suggestPlaces } from '../lib/gazetteer';
import { badRequest } from '../lib/errors';
import type { AppEnv } from '../types';
import { viewer } from '../middleware/session';

export const PLACE_QUERY_MAX = 100;

export const placeRoutes = new Hono<AppEnv>();

placeRoutes.get('/', viewer('none'), async (c) => {
  const q = c.req.query('q') ?? '';
  if (q.length > PLACE_QUERY_MAX)
    throw badRequest(`Place search must be at most ${PLACE_QUERY_MAX} characters`, {
      q: `Place search must be at most ${PLACE_QUERY_MAX} characters`,
    });
  const found = await suggestPlaces(c.env.ASSETS, q);
  // The gazetteer only changes with a deploy: browsers may keep an answer for an hour.
  c.header('Cache-Control', 'public, max-age=3600');
  return c.json(found.map(placeShape));
});
