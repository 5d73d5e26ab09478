// Saved searches (docs/api/users-and-community.md, "Saved searches"): private to their owner.
import { storedSearchRoutes } from '@/shared/contract/stored-searches';
import { storedSearchCreateSchema, storedSearchUpdateSchema } from '@/shared/schemas';
import {
  deleteStoredSearch,
  findSameStoredSearch,
  findStoredSearch,
  insertStoredSearchWithinLimit,
  isKnownCategory,
  storedSearchesOf,
  updateStoredSearchSettings,
} from '../db/queries/stored-searches';
import type { Db } from '../db/client';
import type { StoredSearchRow, UserRow } from '../db/schema';
import { storedSearch } from '../db/shapes';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import { reply, router, serve } from '../lib/serve';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';

export const storedSearchRouter = router('/api/stored-searches');
export const userStoredSearchRouter = router('/api/users');

const NOT_YOURS = 'You can only manage your own saved searches';
export const ALREADY_SAVED = 'You have already saved this search';

serve(userStoredSearchRouter, storedSearchRoutes.list, viewer('row'), async (c) => {
  const user = requireUser(c);
  // Private even from admins: saved searches say what a member is looking for.
  if (parseId(c.req.param('id'), 'User') !== user.id) throw forbidden(NOT_YOURS);
  const rows = await storedSearchesOf(c.get('db'), user.id);
  return reply(c, storedSearchRoutes.list, rows.map(storedSearch));
});

serve(
  storedSearchRouter,
  storedSearchRoutes.create,
  viewer('row'),
  memberBudget('savedSearchWritesPerMember'),
  async (c) => {
    const db = c.get('db');
    const user = requireUser(c);
    const { userId, ...input } = await parseBody(c, storedSearchCreateSchema);
    assertActingAs(user, userId, NOT_YOURS);
    if (input.category != null && !(await isKnownCategory(db, input.category))) {
      throw badRequest('Please select a valid category', { category: 'Please select a valid category' });
    }
    const row = await insertStoredSearchWithinLimit(db, { userId: user.id, ...input });
    if (!row) {
      // Refused: a second read says which rule (only on this rare path).
      if (await findSameStoredSearch(db, { userId: user.id, ...input })) throw conflict(ALREADY_SAVED);
      throw badRequest('You can save up to 20 searches');
    }
    return reply(c, storedSearchRoutes.create, storedSearch(row), 201);
  },
);

/** The saved search named by the path, if the session user owns it (404 missing, 403 another's). */
async function ownedSearch(db: Db, rawId: string | undefined, user: UserRow): Promise<StoredSearchRow> {
  const row = await findStoredSearch(db, parseId(rawId, 'Saved search'));
  if (!row) throw notFound('Saved search not found');
  if (row.userId !== user.id) throw forbidden(NOT_YOURS);
  return row;
}

serve(
  storedSearchRouter,
  storedSearchRoutes.update,
  viewer('row'),
  memberBudget('savedSearchWritesPerMember'),
  async (c) => {
    const user = requireUser(c);
    const row = await ownedSearch(c.get('db'), c.req.param('id'), user);
    const settings = await parseBody(c, storedSearchUpdateSchema);
    const updated = await updateStoredSearchSettings(c.get('db'), row.id, settings);
    if (!updated) throw notFound('Saved search not found');
    return reply(c, storedSearchRoutes.update, storedSearch(updated));
  },
);

serve(
  storedSearchRouter,
  storedSearchRoutes.remove,
  viewer('row'),
  memberBudget('savedSearchWritesPerMember'),
  async (c) => {
    const user = requireUser(c);
    const row = await ownedSearch(c.get('db'), c.req.param('id'), user);
    await deleteStoredSearch(c.get('db'), row.id, user.id);
    return reply(c, storedSearchRoutes.remove, { message: 'Search removed' });
  },
);
