// The cron jobs' invocations (decision 022, "One invocation per job"). The free plan gives each
// invocation 10 ms of CPU and 50 subrequests; a Cron Trigger is one invocation, and so is each
// call into a Durable Object. The scheduled handler therefore only dispatches: it calls `run`
// here once per job of the trigger (and again while a job reports a full page), so each job has
// an invocation, its CPU and its budget of its own. One object (by name) serves every trigger; it
// keeps no state of its own: the jobs' ledger and watermarks stay in D1.
import { DurableObject } from 'cloudflare:workers';
import { dispatchScheduled, runCronJob, type JobOutcome, type JobRunner } from '../cron';
import { meteredJobCall, recordJobCall } from '../lib/meter';

export const CRON_JOBS_OBJECT = 'cron';

export class CronJobs extends DurableObject<Env> {
  /** Runs one job of a trigger for a scheduled time, as one invocation; a failure is reported in the outcome. */
  run(cron: string, job: string, scheduledTime: number): Promise<JobOutcome> {
    return meteredJobCall(this.env, (env) => runCronJob(cron, job, scheduledTime, env));
  }
}

/** Each job as a call into the CronJobs object: an invocation of its own. */
export function durableObjectRunner(env: Env): JobRunner {
  const stub = env.CRON_JOBS.get(env.CRON_JOBS.idFromName(CRON_JOBS_OBJECT));
  return (cron, job, at) => stub.run(cron, job, at);
}

/**
 * The runner the scheduled handler uses: the CronJobs object, except in the Worker tests
 * (ENVIRONMENT "test"), which hand the handler bindings of their own (a fake mailer, a failing
 * bucket) that a Durable Object, with the runtime's bindings, would not see; there each job runs
 * in place through the same dispatch (same order, budget per job, continuations).
 * test/worker/cron-dispatch.test.ts runs the Durable Object path.
 */
export const runnerFor = (env: Env): JobRunner =>
  env.ENVIRONMENT === 'test' ? (cron, job, at) => runCronJob(cron, job, at, env) : durableObjectRunner(env);

/** The scheduled handler's work: every job of the trigger as its own invocation. */
export async function dispatchToCronJobs(
  cron: string,
  scheduledTime: number,
  env: Env,
  runner: JobRunner = runnerFor(env),
): Promise<void> {
  await dispatchScheduled(cron, scheduledTime, runner, ({ outcome, call }) =>
    recordJobCall(env, {
      cron,
      scheduledTime,
      job: outcome.job,
      call,
      ok: outcome.ok,
      more: outcome.more,
      returnedAt: Date.now(),
      meter: (outcome as { meter?: never }).meter,
    }),
  );
}
