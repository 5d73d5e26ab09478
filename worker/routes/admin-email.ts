// Whether this instance delivers email, for the notice on the admin dashboard (admins only: 401
// for visitors, 403 for members). See docs/operations.md "Email".
import { outboxFigures } from '../db/queries/email-outbox';
import { mailSetup } from '../lib/mail-providers';
import { requireAdmin } from '../middleware/auth';
import { adminRoutes } from '@/shared/contract/admin';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const adminEmailRouter = router('/api/admin');

serve(adminEmailRouter, adminRoutes.emailStatus, viewer('row'), async (c) => {
  requireAdmin(c);
  const setup = mailSetup(c.env);
  const figures = await outboxFigures(c.env.DB, Date.now());
  return reply(c, adminRoutes.emailStatus, {
    provider: setup.provider,
    configured: setup.problem === null,
    problem: setup.problem,
    development: c.env.ENVIRONMENT === 'development',
    dailyLimit: setup.dailyLimit,
    ...figures,
  });
});
