// Whether this instance delivers email, for the notice on the admin dashboard (admins only: 401
// for visitors, 403 for members). See docs/operations.md "Email".
import { Hono } from 'hono';
import { outboxFigures } from '../db/queries/email-outbox';
import { mailSetup } from '../lib/mail-providers';
import { requireAdmin } from '../middleware/auth';
import { viewer } from '../middleware/session';
import type { AppEnv } from '../types';

export const adminEmailRoutes = new Hono<AppEnv>();

adminEmailRoutes.get('/email-status', viewer('row'), async (c) => {
  requireAdmin(c);
  const setup = mailSetup(c.env);
  const figures = await outboxFigures(c.env.DB, Date.now());
  return c.json({
    provider: setup.provider,
    configured: setup.problem === null,
    problem: setup.problem,
    development: c.env.ENVIRONMENT === 'development',
    dailyLimit: setup.dailyLimit,
    ...figures,
  });
});
