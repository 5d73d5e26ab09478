// The rate limits' statements (the rules and their keys: worker/lib/rate-limit.ts): fixed windows
// counted in D1's rate_limits rows, one upsert and a read-back per hit, run alone or in a caller's
// batch.
import { tooManyRequests } from '@worker/lib/errors';
import { RATE_LIMITS, rateLimitKey, type RateLimitRule } from '@worker/lib/rate-limit';

/**
 * One hit as two statements, for a caller that runs them in a D1 batch with its own reads (one
 * round trip): the counter's upsert, then its row read back; `settle` takes that row and throws 429
 * once the limit is passed. The counter stops one past the limit: a refused attempt writes one row
 * (the count that marks the window spent), later ones in the same window write none, so a member
 * or an address that keeps trying cannot spend the day's rows written through the counter itself.
 */
export async function hitStatement(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()) {
  const { limit, windowMs } = RATE_LIMITS[rule];
  const key = await rateLimitKey(rule, subject);
  const count = db
    .prepare(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN reset_at <= ?3 THEN 1 ELSE count + 1 END,
         reset_at = CASE WHEN reset_at <= ?3 THEN ?2 ELSE reset_at END
       WHERE reset_at <= ?3 OR count <= ?4`,
    )
    .bind(key, now + windowMs, now, limit);
  const readBack = db.prepare('SELECT count, reset_at FROM rate_limits WHERE key = ?1').bind(key);
  const settle = (row: { count: number; reset_at: number } | null | undefined) => {
    if (row && row.count > limit && row.reset_at > now)
      throw tooManyRequests(Math.max(1, Math.ceil((row.reset_at - now) / 1000)));
  };
  // `key` and `limit` let a later statement of the same batch act only within the limit.
  return { statements: [count, readBack] as const, settle, key, limit };
}

/** Counts one hit and throws 429 (with Retry-After) once the window's limit is passed. */
export async function hit(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()): Promise<void> {
  const { statements, settle } = await hitStatement(db, rule, subject, now);
  const [, row] = await db.batch<{ count: number; reset_at: number }>([...statements]);
  settle(row!.results[0]);
}

/** Throws 429 when the limit is already reached, without counting (failed sign-ins count afterwards). */
export async function check(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()): Promise<void> {
  await checkAll(db, [[rule, subject]], now);
}

/** check() for several rules in one query; the 429 names the latest time any of them opens again. */
export async function checkAll(
  db: D1Database,
  rules: readonly (readonly [RateLimitRule, string])[],
  now = Date.now(),
): Promise<void> {
  const keys = await Promise.all(rules.map(([rule, subject]) => rateLimitKey(rule, subject)));
  const { results } = await db
    .prepare(
      `SELECT key, count, reset_at FROM rate_limits WHERE key IN (${keys.map((_, i) => `?${i + 2}`).join(', ')}) AND reset_at > ?1`,
    )
    .bind(now, ...keys)
    .all<{ key: string; count: number; reset_at: number }>();
  const full = results.filter((row) => row.count >= RATE_LIMITS[rules[keys.indexOf(row.key)]![0]].limit);
  if (full.length)
    throw tooManyRequests(Math.max(1, Math.ceil((Math.max(...full.map((row) => row.reset_at)) - now) / 1000)));
}

/** hit() for several rules in one batch: each is counted, and 429 once any of them is passed. */
export async function hitAll(
  db: D1Database,
  rules: readonly (readonly [RateLimitRule, string])[],
  now = Date.now(),
): Promise<void> {
  const hits = await Promise.all(rules.map(([rule, subject]) => hitStatement(db, rule, subject, now)));
  // Each hit is two statements (the upsert, then its row read back): the row is the second.
  const results = await db.batch<{ count: number; reset_at: number }>(hits.flatMap((hit) => [...hit.statements]));
  hits.forEach((hit, i) => hit.settle(results[2 * i + 1]?.results[0]));
}
