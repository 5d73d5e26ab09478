// What GET /api/health reads (worker/routes/health.ts): one batch of index lookups, a few rows read
// whatever the community's size. d1_migrations is wrangler's own table of applied migrations.

export interface HealthRows {
  latestMigration: string | null;
  migrationsApplied: number;
  photo: string | null;
  frequentRun: string | null;
  dailyRun: string | null;
}

/** How many of the newest public listings are looked at for a photo: a bound on the rows read. */
const PHOTO_WINDOW = 20;

export async function healthRows(db: D1Database, frequentJob: string, dailyJob: string): Promise<HealthRows> {
  const [migrations, photo, frequent, daily] = await db.batch([
    db.prepare(
      'SELECT (SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1) AS latest, count(*) AS applied FROM d1_migrations',
    ),
    // The newest public listings (listings_public_created_idx), the first with an uploaded photo.
    db.prepare(
      `SELECT json_extract(image_urls, '$[0]') AS photo FROM (
         SELECT image_urls FROM listings WHERE status IN ('active', 'pending') ORDER BY created_at DESC LIMIT ${PHOTO_WINDOW}
       ) WHERE json_extract(image_urls, '$[0]') LIKE '/objects/uploads/%' LIMIT 1`,
    ),
    // The ledger's primary key (job, scheduled_at): the latest run of each job is one seek.
    db.prepare('SELECT max(scheduled_at) AS at FROM cron_runs WHERE job = ?1').bind(frequentJob),
    db.prepare('SELECT max(scheduled_at) AS at FROM cron_runs WHERE job = ?1').bind(dailyJob),
  ]);
  const first = <T>(result: D1Result<unknown> | undefined) => result?.results[0] as T | undefined;
  const applied = first<{ latest: string | null; applied: number }>(migrations);
  return {
    latestMigration: applied?.latest ?? null,
    migrationsApplied: applied?.applied ?? 0,
    photo: first<{ photo: string | null }>(photo)?.photo ?? null,
    frequentRun: first<{ at: string | null }>(frequent)?.at ?? null,
    dailyRun: first<{ at: string | null }>(daily)?.at ?? null,
  };
}
