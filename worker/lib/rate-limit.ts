// Fixed-window rate limits counted in D1 (KV's 1,000 writes a day could not carry them).
// Each rule names its limit, window and what it counts per (an IP, a username, a member). The
// members' message budget is counted from their stored lines instead (lib/message-budget.ts).
import type { Context } from 'hono';
import { BLOCKS_PER_HOUR, REPORTS_PER_HOUR } from '../../src/shared/constants';
import { sha256Hex } from './crypto';
import { tooManyRequests } from './errors';
import { DAY, HOUR, MINUTE } from './time';

export const RATE_LIMITS = {
  failedSignInPerUsername: { limit: 10, windowMs: 15 * MINUTE },
  signInPerIp: { limit: 30, windowMs: MINUTE },
  registerPerIp: { limit: 20, windowMs: MINUTE },
  accountMailPerAccount: { limit: 5, windowMs: HOUR },
  contactPerIp: { limit: 5, windowMs: MINUTE },
  uploadUrlPerMember: { limit: 30, windowMs: MINUTE },
  newsletterPerIp: { limit: 5, windowMs: MINUTE },
  // Reports filed (docs/api/moderation.md): every attempt with a valid body counts.
  reportsPerMember: { limit: REPORTS_PER_HOUR, windowMs: HOUR },
  // Blocks made (docs/api/blocks.md): far above honest use, and it bounds what a member toggling
  // block and unblock can write in a day. Lifting a block is not counted: it needs a block first.
  blocksPerMember: { limit: BLOCKS_PER_HOUR, windowMs: HOUR },
  // Mail and guests' forms (decision 038): daily budgets on top of the per-minute rules, so one
  // address spends at most 5 of the day's 100 mails and a few hundred of its 100k rows written.
  newsletterPerIpPerDay: { limit: 5, windowMs: DAY },
  newsletterPerAddressPerDay: { limit: 3, windowMs: DAY },
  contactPerIpPerDay: { limit: 5, windowMs: DAY },
  // Members' repeatable writes (decision 040): one budget a member a day per action family, each
  // far above honest heavy use and sized by the rows its writes measure (the arithmetic is in the
  // decision): all of them spent together come to under 5,000 of the free plan's 100,000 rows
  // written a day (5%), none more than 1.5%. Applied per route by `memberBudget`
  // (worker/middleware/member-budget.ts).
  wantWritesPerMember: { limit: 50, windowMs: DAY },
  listingCreatesPerMember: { limit: 20, windowMs: DAY },
  listingEditsPerMember: { limit: 40, windowMs: DAY },
  profileEditsPerMember: { limit: 20, windowMs: DAY },
  offerStepsPerMember: { limit: 30, windowMs: DAY },
  barterStepsPerMember: { limit: 20, windowMs: DAY },
  reviewsPerMember: { limit: 10, windowMs: DAY },
  savedSearchWritesPerMember: { limit: 40, windowMs: DAY },
  circleDecisionsPerMember: { limit: 20, windowMs: DAY },
  uploadUrlsPerMemberDay: { limit: 60, windowMs: DAY },
} as const;
export type RateLimitRule = keyof typeof RATE_LIMITS;

/**
 * The row key: the rule and the SHA-256 of the lower-cased subject, so every row has the same
 * small size whatever a request sends as a username, an email address or an IP header.
 */
export const rateLimitKey = async (rule: RateLimitRule, subject: string) => `${rule}:${await sha256Hex(subject.toLowerCase())}`;

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
    if (row && row.count > limit && row.reset_at > now) throw tooManyRequests(Math.max(1, Math.ceil((row.reset_at - now) / 1000)));
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
  const row = await db
    .prepare('SELECT count, reset_at FROM rate_limits WHERE key = ?1 AND reset_at > ?2')
    .bind(await rateLimitKey(rule, subject), now)
    .first<{ count: number; reset_at: number }>();
  if (row && row.count >= RATE_LIMITS[rule].limit) throw tooManyRequests(Math.max(1, Math.ceil((row.reset_at - now) / 1000)));
}

/** The caller's address as Cloudflare reports it (the edge overwrites any client-sent value). */
export function clientIp(c: Context): string {
  return c.req.header('CF-Connecting-IP') ?? c.req.header('X-Real-IP') ?? 'unknown';
}
