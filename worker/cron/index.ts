// Cron Triggers (wrangler.toml [triggers]). Each job is idempotent: a rerun changes nothing.
// Jobs whose effects a rerun would repeat (alerts, prompts, message emails) claim their run in
// the cron_runs ledger first (worker/cron/ledger.ts). See docs/api/background-jobs.md.
//
// A trigger's jobs share one budget (./budget.ts): 50 D1 statements and subrequests per
// invocation. Each job runs with what is left after the reserve of the jobs after it (their
// smallest useful cost), sizes its pages to that, and leaves the rest of a backlog to later runs.
import { BARTER_CLEANUP_COST, runBarterCleanup } from './barter-cleanup';
import { invocation } from './budget';
import { DELIVERY_FIXED_COST, deliverOutbox } from './deliver-email';
import { MATCH_DIGEST_MIN_COST, runMatchDigest } from './match-digest';
import { runMessageEmailNotices } from './message-email-notices';
import { pruneExpiredRows } from './prune-expired';
import { PAGES_DAILY, PAGES_FREQUENT, pruneAbandonedUploads } from './prune-uploads';
import { ALERT_MIN_COST, runSavedSearchAlerts } from './saved-search-alerts';
import { runCircleExpiry } from './trade-circle-expiry';
import { upgradePasswordHashes } from './upgrade-password-hashes';
import { runCirclePass } from '../lib/trade-circles/search';

export const DAILY_CRON = '0 3 * * *';
export const FREQUENT_CRON = '*/15 * * * *';

/** Runs every job of a trigger; one failing job does not stop the others (it is logged and rethrown). */
/** Reserves: what the jobs after a job need at least (statements and subrequests). */
const PASSWORD_COST = 2;
const NOTICES_COST = 8;
const DELIVERY_RESERVE = DELIVERY_FIXED_COST + 2;

export async function runScheduled(cron: string, scheduledTime: number, outerEnv: Env): Promise<void> {
  const run = invocation(outerEnv);
  const env = run.env;
  const jobs: [string, () => Promise<unknown>][] = [];
  if (cron === DAILY_CRON) {
    jobs.push(
      ['prune-expired', () => pruneExpiredRows(env.DB, scheduledTime)],
      ['prune-uploads', () => pruneAbandonedUploads(env, scheduledTime, PAGES_DAILY, run.budget(BARTER_CLEANUP_COST))],
      ['barter-cleanup', () => (run.budget(0).left() >= BARTER_CLEANUP_COST ? runBarterCleanup(env, scheduledTime) : Promise.resolve(null))],
    );
  }
  if (cron === FREQUENT_CRON) {
    // Alerts and notices queue emails first, so the delivery of the same run sends them. Upload
    // pruning goes first: it costs at most three subrequests, and abandoned uploads are cleared
    // as fast as members can make them (docs/security.md "Upload cap and pruning rate").
    jobs.push(
      ['trade-circle-expiry', () => runCircleExpiry(env, scheduledTime, run.budget(ALERT_MIN_COST + MATCH_DIGEST_MIN_COST + NOTICES_COST + DELIVERY_RESERVE + PASSWORD_COST))],
      ['prune-uploads', () => pruneAbandonedUploads(env, scheduledTime, PAGES_FREQUENT, run.budget(ALERT_MIN_COST + MATCH_DIGEST_MIN_COST + NOTICES_COST + DELIVERY_RESERVE + PASSWORD_COST))],
      ['saved-search-alerts', () => runSavedSearchAlerts(env, scheduledTime, run.budget(MATCH_DIGEST_MIN_COST + NOTICES_COST + DELIVERY_RESERVE + PASSWORD_COST))],
      // New two-way matches not yet seen in the app, as one email per member (docs/api/wants-matches-circles.md).
      ['match-digest', () => runMatchDigest(env, scheduledTime, run.budget(NOTICES_COST + DELIVERY_RESERVE + PASSWORD_COST))],
      ['message-email-notices', () => runMessageEmailNotices(env, scheduledTime, run.budget(DELIVERY_RESERVE + PASSWORD_COST))],
      // One page of the trade-circle sweep (docs/algorithms/trade-circles.md "Paging"); it takes at
      // most CIRCLE_PASS_MAX_STATEMENTS and skips its turn when fewer than its minimum are left.
      ['trade-circles', () => runCirclePass(env, scheduledTime, run.budget(DELIVERY_RESERVE + PASSWORD_COST))],
      ['deliver-email', () => deliverOutbox(env, scheduledTime, run.budget(PASSWORD_COST))],
      ['upgrade-password-hashes', () => (run.budget(0).left() >= PASSWORD_COST ? upgradePasswordHashes(env) : Promise.resolve(0))],
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
