// The cron ledger (`cron_runs`): one row per (job, scheduled time). A job claims its run before it
// does anything; a second run for the same scheduled time finds the row and does nothing. Jobs
// that work on a time window start it at the previous run's scheduled time, so two runs at
// different times never cover the same instant twice.

const iso = (ms: number) => new Date(ms).toISOString();

/** Claims (job, scheduledTime); false when that run was already claimed. */
export async function claimRun(db: D1Database, job: string, scheduledTime: number): Promise<boolean> {
  const row = await db
    .prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING RETURNING job')
    .bind(job, iso(scheduledTime))
    .first<{ job: string }>();
  return row !== null;
}

/** Gives a claim back (the job failed), so a retry for the same scheduled time runs again. */
export async function releaseRun(db: D1Database, job: string, scheduledTime: number): Promise<void> {
  await db.prepare('DELETE FROM cron_runs WHERE job = ?1 AND scheduled_at = ?2').bind(job, iso(scheduledTime)).run();
}

/** The scheduled time (ms) of the job's latest run before `scheduledTime`, or null for the first run. */
export async function previousRunTime(db: D1Database, job: string, scheduledTime: number): Promise<number | null> {
  const row = await db
    .prepare(
      'SELECT scheduled_at FROM cron_runs WHERE job = ?1 AND scheduled_at < ?2 ORDER BY scheduled_at DESC LIMIT 1',
    )
    .bind(job, iso(scheduledTime))
    .first<{ scheduled_at: string }>();
  return row ? Date.parse(row.scheduled_at) : null;
}

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
