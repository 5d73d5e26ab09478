// Saved searches and their alerts.
import * as v from 'valibot';
import { DIGEST_FREQUENCIES } from '../constants';
import { storedSearchCreateSchema, storedSearchUpdateSchema } from '../schemas';
import { route } from './route';

export const storedSearch = v.strictObject({
  id: v.number(),
  userId: v.number(),
  query: v.nullable(v.string()),
  category: v.nullable(v.string()),
  notificationsEnabled: v.boolean(),
  /** How often its matches may be emailed: every alert run, at most daily (the default), at most weekly. */
  frequency: v.picklist(DIGEST_FREQUENCIES),
  createdAt: v.string(),
});
export type StoredSearch = v.InferOutput<typeof storedSearch>;

const privacy = 'Private to their owner, even from admins.';

export const storedSearchRoutes = {
  list: route({
    method: 'GET',
    path: '/api/users/:id{[0-9]+}/stored-searches',
    tag: 'Saved searches',
    summary: "The member's saved searches",
    access: 'member',
    reply: v.array(storedSearch),
    errors: [403],
    notes: privacy,
  }),
  create: route({
    method: 'POST',
    path: '/api/stored-searches',
    tag: 'Saved searches',
    summary: 'Save a search',
    access: 'member',
    body: storedSearchCreateSchema,
    reply: storedSearch,
    status: 201,
    errors: [400, 403, 409],
    notes:
      "At most 20 per member. The same text (case aside) and category saved twice is a 409 'You have already saved this search'. Spends the member's saved-search budget.",
  }),
  update: route({
    method: 'PUT',
    path: '/api/stored-searches/:id{[0-9]+}',
    tag: 'Saved searches',
    summary: "Turn a saved search's alerts on or off, or choose how often it is emailed",
    access: 'member',
    body: storedSearchUpdateSchema,
    reply: storedSearch,
    errors: [400, 403, 404],
    notes: `${privacy} \`frequency\`: 'immediate' (every alert run with new matches), 'daily' (the default: at most one digest a day naming this search) or 'weekly'. The bell's entry stays immediate.`,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/stored-searches/:id{[0-9]+}',
    tag: 'Saved searches',
    summary: 'Remove a saved search',
    access: 'member',
    reply: v.strictObject({ message: v.string() }),
    errors: [403, 404],
    notes: privacy,
  }),
};
