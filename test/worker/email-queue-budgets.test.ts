// The outbox under pressure (decision 038): the day's sends go to password resets, then
// verifications, then notices, then the newsletter; mail whose link died is never sent and is
// marked `expired`, a bounded page per run; one recipient address gets at most a few mails of a
// kind a day, whoever queues them. Each test moves mail other tests left pending out of the way
// and runs on days of its own.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { queueEmailsStatements } from '@worker/db/queries/bulk';
import { deliverOutbox, EXPIRE_PAGE } from '@worker/cron/deliver-email';
import {
  EMAIL_LIFETIME_MS,
  EMAIL_RECIPIENT_DAILY_CAPS,
  messageNoticeEmail,
  newsletterConfirmationEmail,
  passwordResetEmail,
  verificationEmail,
  type Email,
  type EmailKind,
} from '@worker/lib/email';
import { queueEmail } from '@worker/db/queries/email-outbox';
import { call, randomIp, signUp, unique } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ORIGIN = 'https://barter.example';

let days = 0;
/** Noon UTC of a day no other test uses, with ten free days after it. */
const freshDay = () => Date.UTC(2041, 0, 1 + 10 * ++days, 12);
const address = (prefix = 'to') => `${unique(prefix)}@example.com`;

/** A fake `send_email` binding that records every recipient, under a daily cap. */
function provider(dailyLimit: number) {
  const sent: string[] = [];
  const binding = {
    async send(message: EmailMessage) {
      sent.push(message.to);
      return { messageId: crypto.randomUUID() };
    },
  } as unknown as SendEmail;
  return {
    env: {
      ...env,
      EMAIL_PROVIDER: 'cloudflare',
      EMAIL: binding,
      MAIL_FROM: 'noreply@example.com',
      EMAIL_DAILY_LIMIT: String(dailyLimit),
    } as Env,
    sent,
  };
}

const db = () => createDb(env.DB);
const queue = (email: Email, now: number) => queueEmail(db(), email, now);
const notice = (to: string) =>
  messageNoticeEmail(ORIGIN, to, 'Ana', {
    senderName: 'Bo',
    listingTitle: 'Bike',
    excerpt: 'Hi',
    unread: 1,
    link: '/messages',
  });

async function statusOf(to: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT status FROM email_outbox WHERE to_address = ? ORDER BY id')
    .bind(to)
    .all<{ status: string }>();
  return results.map((r) => r.status);
}
const countTo = async (to: string) => (await statusOf(to)).length;
const pendingCounter = async () =>
  (await env.DB.prepare("SELECT value FROM admin_counters WHERE name = 'email_pending'").first<{ value: number }>())!
    .value;

beforeEach(async () => {
  await env.DB.prepare("UPDATE email_outbox SET status = 'sent' WHERE status = 'pending'").run();
});

describe('priority under the daily cap', () => {
  it('spends the day on a reset first, then a verification, then notices, the newsletter last', async () => {
    const now = freshDay();
    const to = {
      newsletter: address('news'),
      notice: address('notice'),
      verification: address('verify'),
      reset: address('reset'),
    };
    // Queued least important first: the order of the sends owes nothing to the queue's order.
    await queue(newsletterConfirmationEmail(ORIGIN, to.newsletter, 'c', 'u'), now);
    await queue(notice(to.notice), now);
    await queue(verificationEmail(ORIGIN, to.verification, 'Ana', 't'), now);
    await queue(passwordResetEmail(ORIGIN, to.reset, 'Ana', 't'), now);

    // Three sends left today: the newsletter waits for tomorrow (its link lasts 48 hours).
    const mail = provider(3);
    expect(await deliverOutbox(mail.env, now)).toBe(3);
    expect(mail.sent).toEqual([to.reset, to.verification, to.notice]);
    expect(await statusOf(to.newsletter)).toEqual(['pending']);
    expect(await deliverOutbox(mail.env, now + DAY)).toBe(1);
    expect(mail.sent).toEqual([to.reset, to.verification, to.notice, to.newsletter]);
  });
});

describe('expiry', () => {
  it('never sends a reset whose link has died, marks it expired, and still sends what is alive', async () => {
    const now = freshDay();
    const reset = address('reset');
    const verification = address('verify');
    await queue(passwordResetEmail(ORIGIN, reset, 'Ana', 't'), now);
    await queue(verificationEmail(ORIGIN, verification, 'Ana', 't'), now);
    const pending = await pendingCounter();

    // The day's cap was spent before the reset got its turn: it waits past its hour.
    const mail = provider(10);
    expect(await deliverOutbox(mail.env, now + HOUR + MINUTE)).toBe(1);
    expect(mail.sent).toEqual([verification]);
    expect(await statusOf(reset)).toEqual(['expired']);
    expect(await pendingCounter()).toBe(pending - 2);
    // A later run does not bring it back.
    expect(await deliverOutbox(mail.env, now + 2 * HOUR)).toBe(0);
    expect(mail.sent).toEqual([verification]);
  });

  it('expires a verification after its 24 hours, a notice after 3 days, a contact relay after 7', async () => {
    const now = freshDay();
    const verification = address('verify');
    const stale = address('notice');
    const fresh = address('notice');
    await queue(verificationEmail(ORIGIN, verification, 'Ana', 't'), now);
    await queue(notice(stale), now);
    await queue(notice(fresh), now + 2 * DAY);
    const mail = provider(10);
    expect(await deliverOutbox(mail.env, now + 3 * DAY + MINUTE)).toBe(1);
    expect(mail.sent).toEqual([fresh]);
    expect(await statusOf(verification)).toEqual(['expired']);
    expect(await statusOf(stale)).toEqual(['expired']);
    expect(EMAIL_LIFETIME_MS).toMatchObject({
      reset: HOUR,
      verification: DAY,
      newsletter: 2 * DAY,
      notice: 3 * DAY,
      contact: 7 * DAY,
    });
  });

  it("a mail's expiry is its link's: the reset token's hour, the verification token's day", async () => {
    const member = await signUp();
    const verification = await env.DB.prepare(
      "SELECT o.expires_at AS mail, u.verification_token_expires AS link FROM email_outbox o JOIN users u ON u.email = o.to_address WHERE u.id = ? AND o.subject LIKE 'Verify%'",
    )
      .bind(member.id)
      .first<{ mail: string; link: string }>();
    expect(Math.abs(Date.parse(verification!.mail) - Date.parse(verification!.link))).toBeLessThan(5_000);

    expect((await call('/api/auth/forgot-password', { body: { email: member.email }, ip: randomIp() })).status).toBe(
      200,
    );
    const deadline = Date.now() + 5_000;
    let reset: { mail: string; link: string } | null = null;
    while (!reset && Date.now() < deadline) {
      reset = await env.DB.prepare(
        "SELECT o.expires_at AS mail, (SELECT max(expires_at) FROM password_reset_tokens WHERE user_id = ?1) AS link FROM email_outbox o WHERE o.to_address = ?2 AND o.subject LIKE 'Reset%'",
      )
        .bind(member.id, member.email)
        .first<{ mail: string; link: string }>();
      if (!reset) await scheduler.wait(10);
    }
    expect(Math.abs(Date.parse(reset!.mail) - Date.parse(reset!.link))).toBeLessThan(5_000);
  });

  it('leaves an expired row under a lease or a back-off alone until it is due, then marks it', async () => {
    const now = freshDay();
    const backingOff = address('backoff');
    await queue(passwordResetEmail(ORIGIN, backingOff, 'Ana', 't'), now);
    await env.DB.prepare('UPDATE email_outbox SET attempts = 1, next_attempt_at = ? WHERE to_address = ?')
      .bind(new Date(now + 2 * HOUR).toISOString(), backingOff)
      .run();
    const other = address('due');
    await queue(notice(other), now);
    const mail = provider(10);
    expect(await deliverOutbox(mail.env, now + HOUR + MINUTE)).toBe(1);
    expect(await statusOf(backingOff)).toEqual(['pending']);
    expect(await deliverOutbox(mail.env, now + 2 * HOUR)).toBe(0);
    expect(await statusOf(backingOff)).toEqual(['expired']);
    expect(mail.sent).toEqual([other]);
  });

  it('marks a bounded page of expired rows per run, and the claim skips the rest unsent', async () => {
    const now = freshDay();
    const stale = Array.from({ length: EXPIRE_PAGE + 30 }, () => notice(address('stale')));
    for (const statement of queueEmailsStatements(env.DB, stale, now - 4 * DAY)) await statement.run();
    const alive = address('alive');
    await queue(notice(alive), now);
    const expiredCount = async () =>
      (await env.DB.prepare(
        `SELECT count(*) AS n FROM email_outbox WHERE status = 'expired' AND to_address IN (SELECT value FROM json_each(?1))`,
      )
        .bind(JSON.stringify(stale.map((e) => e.to)))
        .first<{ n: number }>())!.n;

    const mail = provider(10);
    expect(await deliverOutbox(mail.env, now)).toBe(1);
    expect(mail.sent).toEqual([alive]);
    expect(await expiredCount()).toBe(EXPIRE_PAGE);
    // The expired rows are found by a range of the queue index per priority, not by walking the queue.
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT id FROM email_outbox WHERE status = 'pending' AND priority IN (0, 1, 2, 3) AND expires_at <= ?1 LIMIT ?2",
    )
      .bind(new Date(now).toISOString(), EXPIRE_PAGE)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join('\n')).toContain(
      'USING COVERING INDEX email_outbox_queue_idx (status=? AND priority=? AND expires_at<?)',
    );
    // The next run (something is due: the rest of the expired rows) marks the rest.
    await deliverOutbox(mail.env, now + 15 * MINUTE);
    expect(await expiredCount()).toBe(stale.length);
    expect(mail.sent).toEqual([alive]);
  });
});

describe('per-recipient daily caps', () => {
  it('one address gets at most 3 reset mails a day, however many are asked; another address is untouched', async () => {
    const victim = address('victim');
    const other = address('other');
    for (let i = 0; i < 8; i++)
      await queue(passwordResetEmail(ORIGIN, i % 2 ? victim.toUpperCase() : victim, 'Ana', `t${i}`), Date.now());
    await queue(passwordResetEmail(ORIGIN, other, 'Bo', 't'), Date.now());
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM email_outbox WHERE lower(to_address) = ?')
      .bind(victim)
      .first<{ n: number }>())!;
    expect(n).toBe(3);
    expect(await countTo(other)).toBe(1);
    // Every ask is counted, the dropped ones too.
    const counter = await env.DB.prepare(
      "SELECT queued FROM email_recipient_days WHERE recipient = ? AND kind = 'reset'",
    )
      .bind(victim)
      .first<{ queued: number }>();
    expect(counter!.queued).toBe(8);
  });

  it.each(Object.entries(EMAIL_RECIPIENT_DAILY_CAPS) as [EmailKind, number][])(
    'caps %s mail at %i per address a day (the trigger agrees)',
    async (kind, cap) => {
      const to = address(kind);
      for (let i = 0; i < cap + 2; i++) await queue({ ...notice(to), kind }, Date.now());
      expect(await countTo(to)).toBe(cap);
    },
  );

  it("caps the cron jobs' bulk inserts too, row by row within one statement", async () => {
    const to = address('bulk');
    const emails = Array.from({ length: 14 }, () => notice(to));
    await env.DB.batch(queueEmailsStatements(env.DB, emails));
    expect(await countTo(to)).toBe(EMAIL_RECIPIENT_DAILY_CAPS.notice);
  });

  it("prunes past days' counters, a page per run", async () => {
    const old = address('old');
    await env.DB.prepare(
      "INSERT INTO email_recipient_days (day, recipient, kind, queued) VALUES ('2000-01-01', ?, 'notice', 4)",
    )
      .bind(old)
      .run();
    const now = freshDay();
    await queue(notice(address('due')), now);
    await deliverOutbox(provider(10).env, now);
    expect(await env.DB.prepare('SELECT 1 FROM email_recipient_days WHERE recipient = ?').bind(old).first()).toBeNull();
  });
});
