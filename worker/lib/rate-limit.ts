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
} as const;
export type RateLimitRule = keyof typeof RATE_LIMITS;

/**
 * The row key: the rule and the SHA-256 of the lower-cased subject, so every row has the same
 * small size whatever a request sends as a username, an email address or an IP header.
 */
export const rateLimitKey = async (rule: RateLimitRule, subject: string) => `${rule}:${await sha256Hex(subject.toLowerCase())}`;

/**
 * One hit as a statement, for a caller that runs it in a D1 batch with its own reads (one round
 * trip); `settle` takes the statement's first row and throws 429 once the limit is passed.
 */
export async function hitStatement(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()) {
  const { limit, windowMs } = RATE_LIMITS[rule];
  const key = await rateLimitKey(rule, subject);
  const statement = db
    .prepare(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN reset_at <= ?3 THEN 1 ELSE count + 1 END,
         reset_at = CASE WHEN reset_at <= ?3 THEN ?2 ELSE reset_at END
       RETURNING count, reset_at`,
    )
    .bind(key, now + windowMs, now);
  const settle = (row: { count: number; reset_at: number } | null | undefined) => {
    if (row && row.count > limit) throw tooManyRequests(Math.max(1, Math.ceil((row.reset_at - now) / 1000)));
  };
  // `key` and `limit` let a later statement of the same batch act only within the limit.
  return { statement, settle, key, limit };
}

/** Counts one hit and throws 429 (with Retry-After) once the window's limit is passed. */
export async function hit(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()): Promise<void> {
  const { statement, settle } = await hitStatement(db, rule, subject, now);
  settle(await statement.first<{ count: number; reset_at: number }>());
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
