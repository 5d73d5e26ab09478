// Development-only helpers; every route here is 404 unless ENVIRONMENT is "development".
import { desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { emailOutbox } from '../db/schema';
import { invocation } from '@worker/lib/cron-budget';
import { seedDemoCommunity } from '../dev/seed';
import { notFound } from '../lib/errors';
import { runCirclePass } from '@worker/services/trade-circles/search';
import type { AppEnv } from '../types';

export const devRoutes = new Hono<AppEnv>();

devRoutes.use('*', async (c, next) => {
  if (c.env.ENVIRONMENT !== 'development') throw notFound();
  return next();
});

/** The emails this instance "sent", newest first. */
devRoutes.get('/outbox', async (c) => {
  const to = c.req.query('to');
  const db = c.get('db');
  const rows = await db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.to}) = lower(${to})` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(200);
  return c.json(rows);
});

/** Loads the demo community when the database has no members yet (`npm start` calls this). */
devRoutes.post('/seed', async (c) => {
  const seeded = await seedDemoCommunity(c.env, c.get('db'), new URL(c.req.url).origin);
  return c.json({ seeded });
});

// Trade-circle benchmark hook (`npm run bench:circles`, docs/performance.md "Trade circles"): one
// page of the cron's global pass on its own, so it is measured apart from the rest of its run
// (wants are added through the real PUT /api/wants/{listingId}); a sweep page every call, not
// paced as the cron's are (decision 046).
devRoutes.post('/trade-circles/pass', async (c) => {
  const run = invocation(c.env);
  const report = await runCirclePass(run.env, Date.now(), run.budget(0), { sweepNow: true });
  return c.json({
    report,
    statements: run.counts.d1Statements,
    rowsRead: run.counts.d1RowsRead,
    rowsWritten: run.counts.d1RowsWritten,
  });
});
