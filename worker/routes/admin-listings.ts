// Admin listing tools (docs/api/listings.md, "Admin"): every listing of every status, and the
// featured flag.
import { adminListingsPage } from '../db/queries/admin';
import { auditStatement } from '../db/queries/audit';
import { featuredFlagChangesSql, findListing, updateListing } from '../db/queries/listings';
import { listingWithOwner } from '../db/shapes';
import { parseAdminPage, setNextCursor } from '../lib/admin-paging';
import { notFound } from '../lib/errors';
import { requireViewerSession, sessionGateStatement, withViewerChecked } from '@worker/db/queries/session-gate';
import { parseBody, parseId } from '../lib/validate';
import { requireAdmin } from '../middleware/auth';
import { adminRoutes } from '@/shared/contract/admin';
import { reply, router, serve } from '../lib/serve';
import { listingPath, purgePublic } from '../middleware/edge-cache';
import { viewer } from '../middleware/session';

export const adminListingRouter = router('/api/admin');

// viewer('sql'): the admin is checked in the page's own batch (db/queries/session-gate.ts).
serve(adminListingRouter, adminRoutes.listings, viewer('sql'), async (c) => {
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
      return reply(c, adminRoutes.listings, items);
    },
    admin,
  );
});

serve(adminListingRouter, adminRoutes.featured, viewer('row'), async (c) => {
  const db = c.get('db');
  requireAdmin(c);
  const found = await findListing(db, parseId(c.req.param('id'), 'Listing'));
  if (!found) throw notFound('Listing not found');
  const { isFeatured } = await parseBody(c, adminRoutes.featured.body);
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
    featuredFlagChangesSql(found.listing.id, isFeatured),
  );
  const updated = await updateListing(db, found.listing, { isFeatured }, [], [audit]);
  await purgePublic(c, [listingPath(found.listing.id)]);
  return reply(c, adminRoutes.featured, listingWithOwner(updated ?? found.listing, found.owner));
});
