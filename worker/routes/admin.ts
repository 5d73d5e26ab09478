// Admin user management (docs/api/users-and-community.md, "Admin"): admins only, 401 for visitors,
// 403 for members.
import { adminUsersPage } from '../db/queries/admin';
import { grantAdmin } from '../db/queries/users';
import { selfUser } from '../db/shapes';
import { parseAdminPage, setNextCursor } from '../lib/admin-paging';
import { notFound } from '../lib/errors';
import { parseId } from '../lib/validate';
import { requireAdmin } from '../middleware/auth';
import { adminRoutes } from '@/shared/contract/admin';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const adminRouter = router('/api/admin');

serve(adminRouter, adminRoutes.users, viewer('row'), async (c) => {
  requireAdmin(c);
  // A page, newest first (decision 026): X-Total-Count all members, X-Next-Cursor the next page's `before`.
  const page = parseAdminPage(c);
  const { rows, total } = await adminUsersPage(c.get('db'), page);
  c.header('X-Total-Count', String(total));
  setNextCursor(c, page, rows);
  return reply(c, adminRoutes.users, rows.map(selfUser));
});

serve(adminRouter, adminRoutes.makeAdmin, viewer('row'), async (c) => {
  const admin = requireAdmin(c);
  // Idempotent: granting it twice changes nothing. No reversal is offered: there is no demote call.
  // The audit log records the grant once, in the update's own batch.
  const user = await grantAdmin(c.get('db'), parseId(c.req.param('id'), 'User'), {
    id: admin.id,
    name: admin.username,
  });
  if (!user) throw notFound('User not found');
  return reply(c, adminRoutes.makeAdmin, selfUser(user));
});
