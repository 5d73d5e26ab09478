// Cron Triggers (wrangler.toml [triggers]). Each job is idempotent: a rerun changes nothing.
import { pruneExpiredRows } from './prune-expired';

export async function runScheduled(cron: string, scheduledTime: number, env: Env): Promise<void> {
  switch (cron) {
    case '0 3 * * *':
      await pruneExpiredRows(env.DB, scheduledTime);
      break;
    default:
      // Every-15-minute jobs (saved-search alerts, email delivery) are added with their features.
      await pruneExpiredRows(env.DB, scheduledTime);
  }
}
