// Cron Triggers (wrangler.toml [triggers]). Each job is idempotent: a rerun changes nothing.
import { pruneExpiredRows } from './prune-expired';
import { pruneAbandonedUploads } from './prune-uploads';

export const DAILY_CRON = '0 3 * * *';

export async function runScheduled(cron: string, scheduledTime: number, env: Env): Promise<void> {
  if (cron === DAILY_CRON) {
    await pruneExpiredRows(env.DB, scheduledTime);
    await pruneAbandonedUploads(env, scheduledTime);
  }
  // The every-15-minutes trigger carries saved-search alerts and email delivery, which arrive
  // with the live-and-background features; until then it has nothing to do.
}
