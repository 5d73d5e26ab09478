// Places of the offline gazetteer, for locations and distance search.
import * as v from 'valibot';
import { route } from './route';

/** A town or city of the offline gazetteer. */
export const place = v.strictObject({
  /** The GeoNames id. */
  id: v.number(),
  name: v.string(),
  /** The first-level division's code, e.g. "CA" for California. */
  region: v.nullable(v.string()),
  /** ISO 3166-1 alpha-2. */
  country: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  /** "Oakland, CA, US" */
  label: v.string(),
});
export type Place = v.InferOutput<typeof place>;

export const placeRoutes = {
  suggest: route({
    method: 'GET',
    path: '/api/places',
    tag: 'Places',
    summary: 'Places whose name starts with the text, for autocomplete',
    access: 'anyone',
    query: v.object({
      q: v.optional(v.string()),
      /** The member's own place, as typed on their profile: places near it come first too. */
      near: v.optional(v.string()),
    }),
    reply: v.array(place),
    errors: [400],
    notes:
      "At most 8, none for fewer than two letters; q and near are at most 100 characters. Places within 100 miles of the community's place (DEFAULT_NEAR) or of near come first, then the rest, most populous first in each. Browsers may keep the answer an hour.",
  }),
};
