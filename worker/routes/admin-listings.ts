// Admin listing tools (spec section 6): every listing of every status, and the featured flag.
import { Hono } from 'hono';
import * as v from 'valibot';
import { adminListingsPage } from '../db/queries/admin';
import { findListing, updateListing } from '../db/queries/listings';
import { listingWithOwner } from '../db/shapes';
import { parseAdminPage, setNextCursor } from '../lib/admin-paging';
import { notFound } from '../lib/errors';
import { requireViewerSession, sessionGateStatement, withViewerChecked } from '../lib/session-gate';
import { parseBody, parseId } from '../lib/validate';
import { requireAdmin } from '../middleware/auth';
import type { AppEnv } from '../types';

export const adminListingRoutes = new Hono<AppEnv>();

const featuredSchema = v.object({ isFeatured: v.boolean('isFeatured must be true or false') });

// On VIEWER_IN_SQL_GETS: the admin is checked in the page's own batch (lib/session-gate.ts).
adminListingRoutes.get('/listings', async (c) => {
  const db = c.get('db');
  const viewer = requireViewerSession(c);
  const admin = { admin: true };
  return withViewerChecked(
    db,
    viewer,
    async () => {
      // A page, newest first (decision 026): X-Total-Count every listing, X-Featured-Count the
      // featured ones, X-Next-Cursor the next page's `before`.
      const page = parseAdminPage(c);
      const { items, total, featured } = await adminListingsPage(db, page, sessionGateStatement(db, viewer, admin));
      c.header('X-Total-Count', String(total));
      c.header('X-Featured-Count', String(featured));
      setNextCursor(c, page, items);
      return c.json(items);
    },
    admin,
  );
});

adminListingRoutes.post('/listings/:id{[0-9]+}/featured', async (c) => {
  const db = c.get('db');
  requireAdmin(c);
  const found = await findListing(db, parseId(c.req.param('id'), 'Listing'));
  if (!found) throw notFound('Listing not found');
  const { isFeatured } = await parseBody(c, featuredSchema);
  const updated = await updateListing(db, found.listing, { isFeatured }, []);
  return c.json(listingWithOwner(updated, found.owner));
});
