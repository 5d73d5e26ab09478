// Cron Triggers (wrangler.toml [triggers]). Each job is idempotent: a rerun changes nothing.
import { deliverOutbox } from './deliver-email';
import { pruneExpiredRows } from './prune-expired';
import { pruneAbandonedUploads } from './prune-uploads';

export const DAILY_CRON = '0 3 * * *';
export const FREQUENT_CRON = '*/15 * * * *';

export async function runScheduled(cron: string, scheduledTime: number, env: Env): Promise<void> {
  if (cron === DAILY_CRON) {
    await pruneExpiredRows(env.DB, scheduledTime);
    await pruneAbandonedUploads(env, scheduledTime);
  }
  if (cron === FREQUENT_CRON) {
    await deliverOutbox(env, scheduledTime);
  }
}
