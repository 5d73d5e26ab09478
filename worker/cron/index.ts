// Cron Triggers (wrangler.toml [triggers]). Each job is idempotent: a rerun changes nothing.
// Jobs whose effects a rerun would repeat (alerts, prompts, message emails) claim their run in
// the cron_runs ledger first (worker/cron/ledger.ts). See docs/api/background-jobs.md.
import { runBarterCleanup } from './barter-cleanup';
import { deliverOutbox } from './deliver-email';
import { runMessageEmailNotices } from './message-email-notices';
import { pruneExpiredRows } from './prune-expired';
import { PAGES_DAILY, PAGES_FREQUENT, pruneAbandonedUploads } from './prune-uploads';
import { runSavedSearchAlerts } from './saved-search-alerts';
import { upgradePasswordHashes } from './upgrade-password-hashes';

export const DAILY_CRON = '0 3 * * *';
export const FREQUENT_CRON = '*/15 * * * *';

/** Runs every job of a trigger; one failing job does not stop the others (it is logged and rethrown). */
export async function runScheduled(cron: string, scheduledTime: number, env: Env): Promise<void> {
  const jobs: [string, () => Promise<unknown>][] = [];
  if (cron === DAILY_CRON) {
    jobs.push(
      ['prune-expired', () => pruneExpiredRows(env.DB, scheduledTime)],
      ['prune-uploads', () => pruneAbandonedUploads(env, scheduledTime, PAGES_DAILY)],
      ['barter-cleanup', () => runBarterCleanup(env, scheduledTime)],
    );
  }
  if (cron === FREQUENT_CRON) {
    // Alerts and notices queue emails first, so the delivery of the same run sends them. Upload
    // pruning goes first: it costs at most three subrequests, and abandoned uploads are cleared
    // as fast as members can make them (docs/security.md "Upload cap and pruning rate").
    jobs.push(
      ['prune-uploads', () => pruneAbandonedUploads(env, scheduledTime, PAGES_FREQUENT)],
      ['saved-search-alerts', () => runSavedSearchAlerts(env, scheduledTime)],
      ['message-email-notices', () => runMessageEmailNotices(env, scheduledTime)],
      ['deliver-email', () => deliverOutbox(env, scheduledTime)],
      ['upgrade-password-hashes', () => upgradePasswordHashes(env)],
    );
  }
  const failures: unknown[] = [];
  for (const [name, job] of jobs) {
    try {
      await job();
    } catch (error) {
      console.error(`cron ${cron}: job ${name} failed`, error);
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
}
