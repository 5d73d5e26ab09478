// The cron jobs' own rows: the ledger (`cron_runs`, one row per job and scheduled time; the rule
// that runs a job once is worker/cron/ledger.ts) and the jobs' cursors (`cron_state`, one row per
// job: a watermark or a paged window's position, with the time it stands for).

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

/** A job's cursor row: its position and the time (or JSON window) it stands for. */
export interface CronState {
  cursor: number;
  at: string;
}

/** Reads a job's cursor row (`.first<CronState>()`). */
export const cronStateStatement = (d1: D1Database, job: string) =>
  d1.prepare('SELECT cursor, at FROM cron_state WHERE job = ?1').bind(job);

/** Writes a job's cursor row, new or replacing the one it had. */
export const writeCronStateStatement = (d1: D1Database, job: string, cursor: number, at: string, updatedAt: string) =>
  d1
    .prepare(
      `INSERT INTO cron_state (job, cursor, at, updated_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, at = excluded.at, updated_at = excluded.updated_at`,
    )
    .bind(job, cursor, at, updatedAt);

/** Deletes a job's cursor row (a paged window done). */
export const clearCronStateStatement = (d1: D1Database, job: string) =>
  d1.prepare('DELETE FROM cron_state WHERE job = ?1').bind(job);
