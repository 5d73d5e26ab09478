// One cron invocation's share of the free plan: at most 50 subrequests (each email sent over HTTP
// and each R2 call; D1 statements are counted too, to be safe) and the budget of 50 D1
// statements (a batch counts each of its statements). This is production code: every job
// invocation (runCronJob, ./index.ts) and every shared run (runScheduled) counts its use here and
// gives each job, in priority order, what is left after the smallest cost of the jobs still to
// come. A job sizes its pages to its allowance and leaves the rest of a backlog to the next run
// (docs/api/background-jobs.md "Budget per run"). It counts only what the budget and the
// dispatcher need, with its own binding wrappers (worker/lib/binding-calls.ts); the quota/bench
// meter (worker/lib/meter, METER=1 only) counts more and is not used here.
import {
  bindingsOf,
  d1Rows,
  hookMethods,
  isD1,
  isR2,
  observeD1,
  R2_CLASS_A,
  R2_CLASS_B,
  R2_DELETE,
  type CallHook,
} from '@worker/lib/binding-calls';

/** Statements plus other subrequests one invocation may use. */
export const INVOCATION_BUDGET = 50;

/** What one invocation used, as the budget and the dispatcher count it. */
export interface InvocationCounts {
  /** SQL statements sent to D1 (a batch of five is five). */
  d1Statements: number;
  /** D1's own `meta.rows_written`: the dispatcher caps a trigger's continuations by it. */
  d1RowsWritten: number;
  /** R2 calls of every class, deletes included: each is a subrequest. */
  r2Calls: number;
}

export interface Budget {
  /** Statements and subrequests this job may still use. */
  left(): number;
  /** Counts calls the bindings do not show (an email sent over HTTP). */
  spend(n: number): void;
}

/** No limit: a job called on its own (tests, the local endpoints) sizes by its own constants. */
export const unlimited: Budget = { left: () => Number.POSITIVE_INFINITY, spend: () => {} };

/** Statements and subrequests the counts show (D1 statements, R2 calls, and what jobs spent). */
export const used = (counts: InvocationCounts, spent: number) => counts.d1Statements + counts.r2Calls + spent;

/** A copy of env whose D1 and R2 bindings count into `counts` (other bindings are left as they are). */
export function countingEnv(env: Env, counts: InvocationCounts): Env {
  const r2Call: CallHook = (_args, result) => ((counts.r2Calls += 1), result);
  const r2Hooks = Object.fromEntries([...R2_CLASS_A, ...R2_CLASS_B, R2_DELETE].map((method) => [method, r2Call]));
  const counted: Record<string, unknown> = { ...env };
  for (const [name, value] of bindingsOf(env)) {
    if (isD1(value))
      counted[name] = observeD1(value as D1Database, {
        sent: (statements) => (counts.d1Statements += statements),
        answered: (results) => (counts.d1RowsWritten += d1Rows(results).written),
      });
    else if (isR2(value)) counted[name] = hookMethods(value as R2Bucket, r2Hooks);
  }
  return counted as unknown as Env;
}

/** An Env whose usage is counted, and a budget factory for each job's allowance. */
export function invocation(env: Env, limit = INVOCATION_BUDGET) {
  const counts: InvocationCounts = { d1Statements: 0, d1RowsWritten: 0, r2Calls: 0 };
  let spent = 0;
  return {
    env: countingEnv(env, counts),
    counts,
    used: () => used(counts, spent),
    /** The budget of a job that must leave `reserve` for the jobs after it. */
    budget(reserve: number): Budget {
      return { left: () => limit - reserve - used(counts, spent), spend: (n) => (spent += n) };
    },
  };
}
