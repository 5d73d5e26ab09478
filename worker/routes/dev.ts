// Development-only helpers; every route here is 404 unless ENVIRONMENT is "development".
import { devOutbox } from '../db/queries/email-outbox';
import { invocation } from '@worker/lib/cron-budget';
import { emptyCounts, meterEnv } from '../lib/meter';
import { seedDemoCommunity } from '../dev/seed';
import { notFound } from '../lib/errors';
import { runCirclePass } from '@worker/services/trade-circles/search';
import { devRoutes } from '@/shared/contract/dev';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const devRouter = router('/api/dev');

devRouter.app.use('*', async (c, next) => {
  if (c.env.ENVIRONMENT !== 'development') throw notFound();
  return next();
});

/** The emails this instance "sent", newest first. */
serve(devRouter, devRoutes.outbox, viewer('row'), async (c) => {
  const to = c.req.query('to');
  const db = c.get('db');
  const rows = await devOutbox(db, to);
  return reply(c, devRoutes.outbox, rows);
});

/** Loads the demo community when the database has no members yet (`npm start` calls this). */
serve(devRouter, devRoutes.seed, viewer('row'), async (c) => {
  const seeded = await seedDemoCommunity(c.env, c.get('db'), new URL(c.req.url).origin);
  return reply(c, devRoutes.seed, { seeded });
});

// Trade-circle benchmark hook (`npm run bench:circles`, docs/performance.md "Trade circles"): one
// page of the cron's global pass on its own, so it is measured apart from the rest of its run
// (wants are added through the real PUT /api/wants/{listingId}); a sweep page every call, not
// paced as the cron's are (decision 046). The page runs with the cron's budget, on bindings the
// meter counts (rows read are the meter's alone).
serve(devRouter, devRoutes.circlePass, viewer('row'), async (c) => {
  const counts = emptyCounts();
  const run = invocation(meterEnv(c.env, counts));
  const report = await runCirclePass(run.env, Date.now(), run.budget(0), { sweepNow: true });
  return reply(c, devRoutes.circlePass, {
    report,
    statements: counts.d1Statements,
    rowsRead: counts.d1RowsRead,
    rowsWritten: counts.d1RowsWritten,
  });
});
