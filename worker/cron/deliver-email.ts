// Delivers the email outbox through the configured provider (worker/lib/mail-providers/): Resend's
// HTTP API or Cloudflare's `send_email` binding. Without one (local development, or a deployment
// missing a setting) rows stay pending, every run logs what is missing, and the admin dashboard
// says so; locally they are read at /api/dev/outbox.
//
// Each row is claimed (attempts + 1 and a 10-minute lease) before it is sent, so overlapping runs
// never send it twice. A passing failure backs off (1, 5, 25, 125 minutes) and the 5th marks the
// row failed; a permanent rejection fails it at once. Rate limits, used-up quotas and a rejected
// configuration give the row back without counting the attempt. Sends are capped per UTC day
// (EMAIL_DAILY_LIMIT) by a counter row, spent on the most important mail first: password resets,
// then verifications, then notices, then the newsletter (decision 038). Mail past its expiry (a
// dead link, stale news) is never sent: each run marks a bounded page of it `expired`.
import {
  anyDueStatement,
  claimStatement,
  expireStatement,
  outcomesStatement,
  pruneRecipientDaysStatement,
  type ClaimedRow,
  type Outcome,
} from '../db/queries/email-delivery';
import { markDayFull, releaseSends, reserveSends, utcDay } from '../db/queries/email-outbox';
import { EMAIL_PRIORITY } from '../lib/email';
import { mailSetup } from '../lib/mail-providers';
import type { MailProvider, SendOutcome } from '../lib/mail-providers/types';
import { MINUTE } from '../lib/time';
import { unlimited, type Budget } from '@worker/lib/cron-budget';

/**
 * Rows per run, at most. A run costs DELIVERY_FIXED_COST D1 statements whatever it sends (the
 * outcomes are written by one statement) plus one subrequest per email; it shares the free plan's
 * 50 per invocation with the other jobs of the trigger, so with a smaller allowance it sends fewer.
 * 20 every 15 minutes is still far more than a free provider's daily quota.
 */
export const BATCH = 20;
/** Due check, expiry and prune (one batch of two), reservation, claim, outcomes, release, and a possible "day full" mark. */
export const DELIVERY_FIXED_COST = 8;
/**
 * Expired rows marked per run, and past days' recipient counters pruned per run, at most: a marked
 * row writes itself, its queue index entry and the pending counter, so a run writes a few hundred
 * rows at most however large the backlog; the claim skips expired rows anyway.
 */
export const EXPIRE_PAGE = 100;
export const PRUNE_PAGE = 100;
const LEASE = 10 * MINUTE;
export const MAX_ATTEMPTS = 5;
/** Wait before the next try after the nth failed attempt: 1, 5, 25, 125 minutes. */
export const backoff = (attempts: number) => 5 ** (attempts - 1) * MINUTE;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Returns the number of rows sent; 0 when no provider is configured. */
export async function deliverOutbox(env: Env, now: number, budget: Budget = unlimited): Promise<number> {
  const setup = mailSetup(env);
  if (!setup.mailer || setup.dailyLimit === null) {
    const development = env.ENVIRONMENT === 'development';
    (development ? console.warn : console.error)(
      `email delivery: not delivering, ${setup.problem}. Emails stay pending in the outbox${development ? ' (read them at /api/dev/outbox)' : ''}.`,
    );
    return 0;
  }
  const at = new Date(now).toISOString();
  const day = utcDay(now);
  // Nothing due: leave the counter alone (an idle run is one indexed read).
  if (!(await anyDueStatement(env.DB, at).first())) return 0;
  await expireAndPrune(env.DB, at, day);

  const affordable = Math.min(BATCH, Math.floor(budget.left() - (DELIVERY_FIXED_COST - 1)));
  if (affordable <= 0) return 0;
  const granted = await reserveSends(env.DB, day, affordable, setup.dailyLimit);
  if (granted === 0) {
    console.warn(
      setup.dailyLimit === 0
        ? 'email delivery: paused (EMAIL_DAILY_LIMIT is 0); emails stay pending in the outbox.'
        : `email delivery: today's limit of ${setup.dailyLimit} emails (EMAIL_DAILY_LIMIT) is reached; pending emails wait until 00:00 UTC.`,
    );
    return 0;
  }

  // One statement claims the batch atomically, most important and soonest expiring first, never an
  // expired row; a concurrent run sees these rows leased.
  const lease = new Date(now + LEASE).toISOString();
  const { results } = await claimStatement(env.DB, lease, at, granted).all<ClaimedRow>();
  const rows = results.sort(
    (a, b) => a.priority - b.priority || (a.expires_at ?? '').localeCompare(b.expires_at ?? '') || a.id - b.id,
  );

  let sent = 0;
  let stop: Exclude<SendOutcome, { status: 'sent' }> | null = null;
  // Each row's outcome, written by one statement after the sends. `attempts`/`lease` guard the
  // row as the old per-row updates did: a row changed meanwhile is left alone.
  const outcomes: Outcome[] = [];
  for (const [index, row] of rows.entries()) {
    if (stop) {
      // Not tried: given back as it was (the attempt does not count).
      outcomes.push({
        id: row.id,
        status: 'pending',
        keepError: 1,
        error: null,
        next: null,
        dec: 1,
        attempts: null,
        lease,
        sentAt: null,
      });
      continue;
    }
    if (index > 0 && setup.mailer.minIntervalMs) await sleep(setup.mailer.minIntervalMs);
    budget.spend(1);
    const outcome = await send(setup.mailer, setup.from, row, now);
    if (outcome.status === 'sent') {
      outcomes.push({
        id: row.id,
        status: 'sent',
        keepError: 1,
        error: null,
        next: null,
        dec: 0,
        attempts: null,
        lease: null,
        sentAt: at,
      });
      sent++;
    } else if (outcome.status === 'retry' || outcome.status === 'permanent') {
      const failed = outcome.status === 'permanent' || row.attempts >= MAX_ATTEMPTS;
      outcomes.push({
        id: row.id,
        status: failed ? 'failed' : 'pending',
        keepError: 0,
        error: outcome.error,
        next: failed ? null : new Date(now + backoff(row.attempts)).toISOString(),
        dec: 0,
        attempts: row.attempts,
        lease: null,
        sentAt: null,
      });
    } else {
      // Not this message's fault: give it back as it was (the attempt does not count) and stop.
      outcomes.push({
        id: row.id,
        status: 'pending',
        keepError: 0,
        error: outcome.error,
        next: null,
        dec: 1,
        attempts: row.attempts,
        lease: null,
        sentAt: null,
      });
      stop = outcome;
    }
  }
  if (outcomes.length) await outcomesStatement(env.DB, outcomes).run();
  await releaseSends(env.DB, day, granted - sent);

  if (stop?.status === 'quota') {
    await markDayFull(env.DB, day, setup.dailyLimit);
    console.warn(
      `email delivery: the provider's sending quota is used up (${stop.error}); pending emails wait until 00:00 UTC.`,
    );
  } else if (stop?.status === 'rate-limited') {
    console.warn(`email delivery: the provider's rate limit was hit (${stop.error}); the rest waits for the next run.`);
  } else if (stop?.status === 'rejected') {
    console.error(
      `email delivery: the provider rejected this instance's configuration, nothing more is sent this run: ${stop.error}`,
    );
  }
  return sent;
}

/**
 * Marks a page of expired due rows `expired` (not rows under a lease or a back-off: a leased row
 * finishes as it goes, a backing-off one is marked once due) and prunes a page of past days'
 * recipient counters, in one round trip. The expired rows are found per priority in the queue
 * index (status, priority, expires_at): a range each.
 */
async function expireAndPrune(db: D1Database, at: string, day: string): Promise<void> {
  const priorities = [...new Set(Object.values(EMAIL_PRIORITY))];
  await db.batch([expireStatement(db, at, priorities, EXPIRE_PAGE), pruneRecipientDaysStatement(db, day, PRUNE_PAGE)]);
}

function send(mailer: MailProvider, from: string, row: ClaimedRow, now: number): Promise<SendOutcome> {
  return mailer.send({
    from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    date: now,
  });
}
