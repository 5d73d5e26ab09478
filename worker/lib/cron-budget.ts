// One cron invocation's share of the free plan: at most 50 subrequests (each email sent over HTTP
// and each R2 call; D1 queries are counted too, to be safe) and the budget of 50 D1
// statements (a batch counts each of its statements). runScheduled (./index.ts) wraps the
// bindings with the meter (worker/lib/meter) and gives each job, in priority order, what is left
// after the smallest cost of the jobs still to come. A job sizes its pages to its allowance and
// leaves the rest of a backlog to the next run (docs/api/background-jobs.md "Budget per run").
import { emptyCounts, meterEnv, type MeterCounts } from './meter';

/** Statements plus other subrequests one invocation may use. */
export const INVOCATION_BUDGET = 50;

export interface Budget {
  /** Statements and subrequests this job may still use. */
  left(): number;
  /** Counts calls the meter does not see (an email sent over HTTP). */
  spend(n: number): void;
}

/** No limit: a job called on its own (tests, the local endpoints) sizes by its own constants. */
export const unlimited: Budget = { left: () => Number.POSITIVE_INFINITY, spend: () => {} };

/** Statements and subrequests the counts show (R2 calls, D1 statements, and what jobs spent). */
export const used = (counts: MeterCounts, spent: number) =>
  counts.d1Statements + counts.r2ClassA + counts.r2ClassB + counts.r2Deletes + spent;

/** An Env whose usage is counted, and a budget factory for each job's allowance. */
export function invocation(env: Env, limit = INVOCATION_BUDGET) {
  const counts = emptyCounts();
  let spent = 0;
  const metered = meterEnv(env, counts);
  return {
    env: metered,
    counts,
    used: () => used(counts, spent),
    /** The budget of a job that must leave `reserve` for the jobs after it. */
    budget(reserve: number): Budget {
      return { left: () => limit - reserve - used(counts, spent), spend: (n) => (spent += n) };
    },
  };
}
