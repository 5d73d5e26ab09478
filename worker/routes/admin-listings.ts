// Admin listing tools (docs/api/listings.md, "Admin"): every listing of every status, and the
// featured flag.
import { Hono } from 'hono';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { adminListingsPage } from '../db/queries/admin';
import { auditStatement } from '../db/queries/audit';
import { findListing, updateListing } from '../db/queries/listings';
import { listingWithOwner } from '../db/shapes';
import { parseAdminPage, setNextCursor } from '../lib/admin-paging';
import { notFound } from '../lib/errors';
import { requireViewerSession, sessionGateStatement, withViewerChecked } from '@worker/db/queries/session-gate';
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
  // The audit log records a change of the flag (not a repeat), in the update's own batch.
  const admin = requireAdmin(c);
  const audit = auditStatement(
    db,
    {
      actor: { id: admin.id, name: admin.username },
      action: isFeatured ? 'feature' : 'unfeature',
      targetType: 'listing',
      targetId: found.listing.id,
      targetUserId: found.listing.userId,
      targetLabel: found.listing.title,
      note: '',
    },
    sql`EXISTS (SELECT 1 FROM listings WHERE id = ${found.listing.id} AND is_featured <> ${isFeatured ? 1 : 0})`,
  );
  const updated = await updateListing(db, found.listing, { isFeatured }, [], [audit]);
  return c.json(listingWithOwner(updated ?? found.listing, found.owner));
});
