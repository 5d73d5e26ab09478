// The categories listings are filed under (inserted by migration), by id.
import { categoryRoutes } from '@/shared/contract/categories';
import { listCategories } from '../db/queries/listings';
import { CATEGORIES_CACHE } from '../lib/cache-control';
import { reply, router, serve } from '../lib/serve';
import { EDGE_SECONDS, edgeCached } from '../middleware/edge-cache';
import { viewer } from '../middleware/session';

export const categoryRouter = router('/api/categories');

// Browsers keep the answer a day (decision 045): a device reads it about once a day, not per load.
// With PUBLIC_CACHE, the edge keeps it an hour too (decision 057).
serve(categoryRouter, categoryRoutes.list, viewer('row'), edgeCached(EDGE_SECONDS.categories), async (c) => {
  c.header('Cache-Control', CATEGORIES_CACHE);
  return reply(c, categoryRoutes.list, await listCategories(c.get('db')));
});
