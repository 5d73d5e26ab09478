// GET /api/categories: the six categories (inserted by migration), by id.
import { Hono } from 'hono';
import { listCategories } from '../db/queries/listings';
import { CATEGORIES_CACHE } from '../lib/cache-control';
import type { AppEnv } from '../types';
import { viewer } from '../middleware/session';

export const categoryRoutes = new Hono<AppEnv>();

// Browsers keep the answer a day (decision 045): a device reads it about once a day, not per load.
categoryRoutes.get('/', viewer('row'), async (c) => {
  c.header('Cache-Control', CATEGORIES_CACHE);
  return c.json(await listCategories(c.get('db')));
});
