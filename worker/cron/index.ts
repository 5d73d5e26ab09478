// Cron Triggers (wrangler.toml [triggers]). Each job is idempotent: a rerun changes nothing.
// Jobs whose effects a rerun would repeat (alerts, prompts, message emails) claim their run in
// the cron_runs ledger first (worker/cron/ledger.ts). See docs/api/background-jobs.md.
//
// In production each job runs in an invocation of its own (decision 022, "One invocation per
// job"): the scheduled handler only dispatches (dispatchScheduled): it calls the CronJobs Durable
// Object once per job, in order, and each call is a Durable Object invocation with its own 10 ms
// of CPU and its own 50 D1 statements and subrequests (./budget.ts). A job that filled its page
// and whose rerun continues where it stopped (`more`) is called again, up to MAX_CALLS_PER_JOB
// times a trigger; the rest of a backlog waits for the next trigger.
//
// runScheduled runs a trigger's jobs in one invocation with one shared budget (each job gets what
// is left after the reserve of the jobs after it): what the tests and the bench's comparison use,
// and a fallback where no Durable Object is bound.
import { BARTER_CLEANUP_COST, runBarterCleanup } from './barter-cleanup';
import { invocation, type Budget } from '@worker/lib/cron-budget';
import { BATCH as DELIVERY_BATCH, DELIVERY_FIXED_COST, deliverOutbox } from './deliver-email';
import { MATCH_DIGEST_MIN_COST, runMatchDigest } from './match-digest';
import { runMatchFanout } from './match-fanout';
import { runMessageEmailNotices } from './message-email-notices';
import { pruneExpiredRows, type PruneRun } from './prune-expired';
import { PAGES_DAILY, PAGES_FREQUENT, pruneAbandonedUploads } from './prune-uploads';
import { runBellReadMarks } from './bell-read-marks';
import { runListingDeletions, type ListingDeletionsRun } from './listing-deletions';
import { ALERT_MIN_COST, runSavedSearchAlerts, SEARCHES_PER_INVOCATION, type AlertRun } from './saved-search-alerts';
import { runCircleExpiry } from './trade-circle-expiry';
import { runOfferExpiry } from './offer-expiry';
import { runSuspensionEnd } from './suspension-end';
import { PASSWORD_UPGRADES_PER_RUN, upgradePasswordHashes } from './upgrade-password-hashes';
import { EXPIRY_PAGE } from '@worker/services/trade-circles/circles';
import { runCirclePass } from '@worker/services/trade-circles/search';

export const DAILY_CRON = '0 3 * * *';
export const FREQUENT_CRON = '*/15 * * * *';

/** Smallest useful costs (statements and subrequests) of the jobs that declare one. */
const PASSWORD_COST = 2;
const NOTICES_COST = 8;
const DELIVERY_RESERVE = DELIVERY_FIXED_COST + 2;

export interface CronJob {
  name: string;
  /** What the job needs at least; in a shared invocation the jobs before it leave this much. */
  cost: number;
  run(env: Env, scheduledTime: number, budget: Budget): Promise<unknown>;
  /** How it runs in an invocation of its own (runCronJob), when that differs from `run`. */
  runAlone?(env: Env, scheduledTime: number, budget: Budget): Promise<unknown>;
  /** Calls of this job in one trigger at most (MAX_CALLS_PER_JOB unless given). */
  maxCalls?: number;
  /**
   * True when the result shows a full page and a rerun for the same scheduled time would go on
   * where this one stopped (no ledger claim in the way): the dispatcher then calls it again.
   */
  more?(result: unknown): boolean;
}

const full = (page: number) => (result: unknown) => typeof result === 'number' && result >= page;

/** Each trigger's jobs, in the order they run. */
export const CRON_JOBS: Record<string, readonly CronJob[]> = {
  [DAILY_CRON]: [
    // A page a call, called again while a page comes back full (the trigger's rows-written cap
    // stops it at two pages a night); the rest of a backlog waits for the next night (decision 042).
    {
      name: 'prune-expired',
      cost: 0,
      run: (env, at) => pruneExpiredRows(env.DB, at),
      more: (result) => (result as PruneRun | null)?.more === true,
    },
    // Pruning keeps up with one call a trigger (its capacity test: more than a day's uploads can
    // be), so it is not called again: a backlog is cleared over the day's runs.
    { name: 'prune-uploads', cost: 0, run: (env, at, budget) => pruneAbandonedUploads(env, at, PAGES_DAILY, budget) },
    {
      name: 'barter-cleanup',
      cost: BARTER_CLEANUP_COST,
      run: (env, at, budget) =>
        budget.left() >= BARTER_CLEANUP_COST ? runBarterCleanup(env, at) : Promise.resolve(null),
    },
  ],
  // Alerts and notices queue emails first, so the delivery of the same run sends them. Upload
  // pruning goes first: abandoned uploads are cleared as fast as members can make them
  // (docs/security.md "Upload cap and pruning rate").
  [FREQUENT_CRON]: [
    // Three calls at most (300 proposals a trigger), leaving one of the trigger's 50 calls to the suspensions.
    {
      name: 'trade-circle-expiry',
      cost: 0,
      run: (env, at, budget) => runCircleExpiry(env, at, budget),
      more: full(EXPIRY_PAGE),
      maxCalls: 3,
    },
    // Open offers past their expiry (decision 060): one page a trigger, called once (no `more`).
    { name: 'offer-expiry', cost: 0, run: (env, at, budget) => runOfferExpiry(env, at, budget) },
    // Suspensions whose time has passed end (docs/api/moderation.md): one page a trigger, called once.
    { name: 'suspension-end', cost: 0, run: (env, at, budget) => runSuspensionEnd(env, at, budget) },
    {
      name: 'prune-uploads',
      cost: 0,
      run: (env, at, budget) => pruneAbandonedUploads(env, at, PAGES_FREQUENT, budget),
    },
    // "Mark all read" beyond one request (decision 042): one call a trigger, 500 entries.
    { name: 'bell-read-marks', cost: 0, run: (env, at, budget) => runBellReadMarks(env, new Date(at), budget) },
    // Paged by searches (SEARCHES_PER_INVOCATION a call) when it runs in invocations of its own.
    {
      name: 'saved-search-alerts',
      cost: ALERT_MIN_COST,
      run: (env, at, budget) => runSavedSearchAlerts(env, at, budget),
      runAlone: (env, at, budget) => runSavedSearchAlerts(env, at, budget, SEARCHES_PER_INVOCATION),
      more: (result) => (result as AlertRun | null)?.more === true,
      // The calls the other jobs leave of the trigger's 50 subrequests (see MAX_CALLS_PER_JOB):
      // 6,000 searches a trigger (the trigger's rows-written cap, TRIGGER_ROWS_WRITTEN, may stop it sooner).
      // 30 since the offer expiry took one call (decision 060).
      maxCalls: 30,
    },
    // Listings being deleted (decision 042): their conversations, messages and other rows in bounded
    // steps, one call a trigger (`more` only tells that listings are left for the next trigger).
    {
      name: 'listing-deletions',
      cost: 0,
      run: (env, _at, budget) => runListingDeletions(env, budget),
      more: (result) => (result as ListingDeletionsRun | null)?.more === true,
      maxCalls: 1,
    },
    // Matches a listing change found beyond those its request announced (decision 042): one call, two members.
    { name: 'match-fanout', cost: 0, run: (env, _at, budget) => runMatchFanout(env, budget) },
    // New two-way matches not yet seen in the app, as one email per member (docs/api/wants-matches-circles.md).
    { name: 'match-digest', cost: MATCH_DIGEST_MIN_COST, run: (env, at, budget) => runMatchDigest(env, at, budget) },
    {
      name: 'message-email-notices',
      cost: NOTICES_COST,
      run: (env, at, budget) => runMessageEmailNotices(env, at, budget),
    },
    // One page of the trade-circle sweep (docs/algorithms/trade-circles.md "Paging"); it takes at
    // most CIRCLE_PASS_MAX_STATEMENTS and skips its turn when fewer than its minimum are left.
    { name: 'trade-circles', cost: 0, run: (env, at, budget) => runCirclePass(env, at, budget) },
    {
      name: 'deliver-email',
      cost: DELIVERY_RESERVE,
      run: (env, at, budget) => deliverOutbox(env, at, budget),
      more: full(DELIVERY_BATCH),
    },
    {
      name: 'upgrade-password-hashes',
      cost: PASSWORD_COST,
      run: (env, _at, budget) => (budget.left() >= PASSWORD_COST ? upgradePasswordHashes(env) : Promise.resolve(0)),
      more: full(PASSWORD_UPGRADES_PER_RUN),
    },
  ],
};

export const jobsOf = (cron: string): readonly CronJob[] => CRON_JOBS[cron] ?? [];

/** Runs every job of a trigger in this invocation; one failing job does not stop the others (it is logged and rethrown). */
export async function runScheduled(cron: string, scheduledTime: number, outerEnv: Env): Promise<void> {
  const run = invocation(outerEnv);
  const jobs = jobsOf(cron);
  const failures: unknown[] = [];
  for (const [index, job] of jobs.entries()) {
    const reserve = jobs.slice(index + 1).reduce((sum, next) => sum + next.cost, 0);
    try {
      await job.run(run.env, scheduledTime, run.budget(reserve));
    } catch (error) {
      console.error(`cron ${cron}: job ${job.name} failed`, error);
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
}

/** What one job invocation reports to the dispatcher. */
export interface JobOutcome {
  job: string;
  ok: boolean;
  /** A full page was done and a rerun now would go on (see CronJob.more). */
  more: boolean;
  /** Statements and subrequests the invocation used (its budget is INVOCATION_BUDGET). */
  used: number;
  /** D1 rows the invocation wrote (the dispatcher's cap on a trigger's continuations counts them). */
  written?: number;
  error?: string;
}

/** Runs one job in this invocation with the whole invocation budget; never throws (a failure is logged and reported). */
export async function runCronJob(cron: string, name: string, scheduledTime: number, env: Env): Promise<JobOutcome> {
  const job = jobsOf(cron).find((j) => j.name === name);
  if (!job) return { job: name, ok: false, more: false, used: 0, error: `no job ${name} in trigger ${cron}` };
  const run = invocation(env);
  try {
    const result = await (job.runAlone ?? job.run)(run.env, scheduledTime, run.budget(0));
    return {
      job: name,
      ok: true,
      more: job.more?.(result) ?? false,
      used: run.used(),
      written: run.counts.d1RowsWritten,
    };
  } catch (error) {
    console.error(`cron ${cron}: job ${name} failed`, error);
    return {
      job: name,
      ok: false,
      more: false,
      used: run.used(),
      written: run.counts.d1RowsWritten,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Calls of one job in one trigger at most (the first and its continuations); with the alerts' 30 and the jobs without continuations called once, a trigger makes at most 50 calls, the subrequests of its invocation. */
export const MAX_CALLS_PER_JOB = 4;

/**
 * Rows a trigger's continuations may bring its run to (decision 042): once the calls so far wrote
 * this many, no job is called again in this trigger (each job's first call still runs), so a
 * backlog (the saved-search alerts' first window over 10,000 searches wrote 26,157 rows in one
 * run, a quarter of the day) is drained over several runs instead: about 2.5% of the free plan's
 * 100,000 rows written a day per run, plus the first calls' pages.
 */
export const TRIGGER_ROWS_WRITTEN = 2500;

/** One job invocation as the dispatcher saw it (for the meter; see worker/lib/meter). */
export interface JobCall {
  outcome: JobOutcome;
  /** The call's index among this job's calls in the trigger (0 for the first). */
  call: number;
}

/** Runs one job invocation somewhere else (the CronJobs Durable Object in production). */
export type JobRunner = (cron: string, job: string, scheduledTime: number) => Promise<JobOutcome>;

/**
 * The scheduled handler's work: one invocation per job, in order, each awaited (so the jobs'
 * order still holds: alerts queue emails before delivery sends them), a job called again while
 * it reports `more`. A failing job (an outcome not ok, or a call that throws) is logged and does
 * not stop the others; the dispatch then fails with the first error, so the run shows as failed.
 */
export async function dispatchScheduled(
  cron: string,
  scheduledTime: number,
  runner: JobRunner,
  onCall?: (call: JobCall) => void,
): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  let written = 0;
  for (const job of jobsOf(cron)) {
    for (let call = 0; call < (job.maxCalls ?? MAX_CALLS_PER_JOB); call++) {
      // A continuation waits for the next trigger once this one has written its share of the day.
      if (call > 0 && written >= TRIGGER_ROWS_WRITTEN) break;
      let outcome: JobOutcome;
      try {
        outcome = await runner(cron, job.name, scheduledTime);
      } catch (error) {
        console.error(`cron ${cron}: job ${job.name} could not be called`, error);
        outcome = {
          job: job.name,
          ok: false,
          more: false,
          used: 0,
          error: error instanceof Error ? error.message : String(error),
        };
      }
      outcomes.push(outcome);
      written += outcome.written ?? 0;
      onCall?.({ outcome, call });
      if (!outcome.ok || !outcome.more) break;
    }
  }
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length) throw new Error(`cron ${cron}: ${failed.map((o) => `${o.job} failed (${o.error})`).join('; ')}`);
  return outcomes;
}
