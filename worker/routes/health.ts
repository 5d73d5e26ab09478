// GET /api/health: what `npm run doctor` checks an instance by from outside (decision 059;
// docs/api/health.md). Public and read-only; it says whether things are set, never a value, and
// nothing about any member: the photo is one a guest sees on the listing page anyway.
import { healthRoutes } from '@/shared/contract/health';
import { mediaUrl } from '@/shared/media';
import { BARTER_CLEANUP_JOB } from '../cron/barter-cleanup';
import { SAVED_SEARCH_JOB } from '../cron/saved-search-alerts';
import { healthRows, type HealthRows } from '../db/queries/health';
import { mailSetup } from '../lib/mail-providers';
import { PEPPER_MIN_LENGTH } from '../lib/password-relief';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const healthRouter = router('/api/health');

/** Jobs that claim every run in the cron ledger: one of each trigger (every 15 minutes; daily). */
const FREQUENT_JOB = SAVED_SEARCH_JOB;
const DAILY_JOB = BARTER_CLEANUP_JOB;

serve(healthRouter, healthRoutes.check, viewer('none'), async (c) => {
  let rows: HealthRows | null = null;
  let database: string | null = null;
  try {
    rows = await healthRows(c.env.DB, FREQUENT_JOB, DAILY_JOB);
  } catch (error) {
    // A database never migrated has no tables: that is the answer, not a 500.
    database = error instanceof Error ? error.message : String(error);
  }
  const mail = mailSetup(c.env);
  const mediaOrigin = (c.env.MEDIA_ORIGIN ?? '').trim();
  const photo = rows?.photo ?? null;
  c.header('Cache-Control', 'no-store');
  return reply(c, healthRoutes.check, {
    database,
    migrations: { latest: rows?.latestMigration ?? null, applied: rows?.migrationsApplied ?? 0 },
    email: { provider: mail.provider, problem: mail.problem },
    secrets: {
      signingSecret: (c.env.SIGNING_SECRET ?? '').length > 0,
      passwordPepper: (c.env.PASSWORD_PEPPER ?? '').length >= PEPPER_MIN_LENGTH,
    },
    appOrigin: (c.env.APP_ORIGIN ?? '').trim(),
    mediaOrigin,
    photo,
    mediaPhoto: photo && mediaOrigin ? mediaUrl(photo, mediaOrigin) : null,
    crons: { frequent: rows?.frequentRun ?? null, daily: rows?.dailyRun ?? null },
  });
});
