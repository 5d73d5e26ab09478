// The cron ledger (`cron_runs`): one row per (job, scheduled time). A job claims its run before it
// does anything; a second run for the same scheduled time finds the row and does nothing. Jobs
// that work on a time window start it at the previous run's scheduled time
// (db/queries/cron-runs.ts, previousRunTime), so two runs at different times never cover the same
// instant twice.
import { claimRun, releaseRun } from '@worker/db/queries/cron-runs';

/**
 * Runs `work` once per (job, scheduledTime): skipped (returns null) when already claimed; on an
 * error the claim is released and the error rethrown, so the next trigger can retry.
 */
export async function runOnce<T>(
  db: D1Database,
  job: string,
  scheduledTime: number,
  work: () => Promise<T>,
): Promise<T | null> {
  if (!(await claimRun(db, job, scheduledTime))) return null;
  try {
    return await work();
  } catch (error) {
    await releaseRun(db, job, scheduledTime);
    throw error;
  }
}
