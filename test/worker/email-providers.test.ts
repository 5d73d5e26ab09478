// The Resend provider against a mocked fetch, the daily cap with account mail first, and the
// provider settings. Each test moves mail other tests left pending out of the way and runs on
// days of its own, so the shared outbox and the per-day counter never mix tests.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxFigures, utcDay } from '@worker/db/queries/email-outbox';
import { deliverOutbox } from '@worker/cron/deliver-email';
import { mailSetup } from '@worker/lib/mail-providers';
import { RESEND_ENDPOINT } from '@worker/lib/mail-providers/resend';
import { recording, tableScans } from './job-query-plans';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Row {
  to_address: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
}

let days = 0;
/** Noon UTC of a day no other test uses, with ten free days after it. */
const freshDay = () => Date.UTC(2040, 0, 1 + 10 * ++days, 12);

async function queue(count: number, priority: 0 | 1 = 1) {
  const tag = crypto.randomUUID().slice(0, 8);
  const addresses = Array.from(
    { length: count },
    (_, i) => `${priority === 0 ? 'account' : 'notice'}${i}-${tag}@example.com`,
  );
  for (const to of addresses) {
    await env.DB.prepare(
      'INSERT INTO email_outbox (to_address, subject, text_body, html_body, priority) VALUES (?, ?, ?, ?, ?)',
    )
      .bind(to, `Subject for ${to}`, `Text for ${to}`, `<p>HTML for ${to}</p>`, priority)
      .run();
  }
  return addresses;
}

async function rows(addresses: string[]): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT to_address, status, attempts, next_attempt_at, last_error FROM email_outbox WHERE to_address IN (${addresses.map(() => '?').join(',')}) ORDER BY id`,
  )
    .bind(...addresses)
    .all<Row>();
  return results;
}

const sentToday = async (now: number) =>
  (await env.DB.prepare('SELECT sent FROM email_daily_sends WHERE day = ?').bind(utcDay(now)).first<{ sent: number }>())
    ?.sent ?? 0;

const resendEnv = (extra: Partial<Env> = {}) =>
  ({
    ...env,
    EMAIL_PROVIDER: 'resend',
    RESEND_API_KEY: 're_test_key',
    MAIL_FROM: 'noreply@example.com',
    ...extra,
  }) as Env;

/** Answers Resend requests from a script of responses (the last one repeats) and records them. */
function mockResend(...responses: (() => Response)[]) {
  const requests: { url: string; init: RequestInit; body: any }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== RESEND_ENDPOINT) throw new Error(`unexpected fetch ${url}`);
    requests.push({ url, init: init ?? {}, body: JSON.parse(String(init?.body)) });
    return responses[Math.min(requests.length, responses.length) - 1]!();
  });
  return { spy, requests, to: () => requests.map((r) => r.body.to[0] as string) };
}

const ok = () => Response.json({ id: crypto.randomUUID() });
const error =
  (status: number, name: string, message: string, headers: Record<string, string> = {}) =>
  () =>
    Response.json({ statusCode: status, name, message }, { status, headers });
const networkDown = () => {
  throw new TypeError('Network connection lost.');
};

beforeEach(async () => {
  await env.DB.prepare("UPDATE email_outbox SET status = 'sent' WHERE status = 'pending'").run();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Resend provider', () => {
  it('posts each email to the API with the key and marks it sent', async () => {
    const addresses = await queue(2);
    const resend = mockResend(ok);
    const now = freshDay();
    expect(await deliverOutbox(resendEnv(), now)).toBe(2);
    expect(resend.to()).toEqual(addresses);
    const [first] = resend.requests;
    expect(first!.init.method).toBe('POST');
    expect(new Headers(first!.init.headers).get('Authorization')).toBe('Bearer re_test_key');
    expect(new Headers(first!.init.headers).get('Content-Type')).toBe('application/json');
    expect(first!.body).toEqual({
      from: 'Barter Market <noreply@example.com>',
      to: [addresses[0]],
      subject: `Subject for ${addresses[0]}`,
      text: `Text for ${addresses[0]}`,
      html: `<p>HTML for ${addresses[0]}</p>`,
    });
    for (const row of await rows(addresses))
      expect(row).toMatchObject({ status: 'sent', attempts: 1, next_attempt_at: null, last_error: null });
    expect(await sentToday(now)).toBe(2);
    // A rerun for the same time finds nothing due and calls nobody.
    expect(await deliverOutbox(resendEnv(), now)).toBe(0);
    expect(resend.requests).toHaveLength(2);
  });

  it('a 429 rate limit gives the rows back without counting an attempt and stops the run', async () => {
    const addresses = await queue(3);
    const resend = mockResend(ok, error(429, 'rate_limit_exceeded', 'Too many requests.', { 'retry-after': '1' }));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const now = freshDay();
    expect(await deliverOutbox(resendEnv(), now)).toBe(1);
    expect(resend.requests).toHaveLength(2);
    const [sent, limited, untried] = await rows(addresses);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(limited).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      last_error: 'Resend 429 rate_limit_exceeded: Too many requests.',
    });
    expect(untried).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: null, last_error: null });
    expect(await sentToday(now)).toBe(1);
    expect(String(warnings.mock.calls[0]![0])).toContain('rate limit');

    // The next run sends the rest.
    mockResend(ok);
    expect(await deliverOutbox(resendEnv(), now + 15 * MINUTE)).toBe(2);
    expect((await rows(addresses)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(await sentToday(now)).toBe(3);
  });

  it("Resend's used-up daily quota holds everything until the next UTC day", async () => {
    const addresses = await queue(2);
    const resend = mockResend(error(429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const now = freshDay();
    expect(await deliverOutbox(resendEnv(), now)).toBe(0);
    expect(resend.requests).toHaveLength(1);
    expect((await rows(addresses)).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(await sentToday(now)).toBe(100);

    // Later the same day nothing is tried; the next day both go.
    expect(await deliverOutbox(resendEnv(), now + 6 * 60 * MINUTE)).toBe(0);
    expect(resend.requests).toHaveLength(1);
    const tomorrow = mockResend(ok);
    expect(await deliverOutbox(resendEnv(), now + DAY)).toBe(2);
    expect(tomorrow.to()).toEqual(addresses);
  });

  it('a 5xx or an unreachable API is retried with backoff, and the retry delivers', async () => {
    const addresses = await queue(2);
    mockResend(error(500, 'application_error', 'An unexpected error occurred.'), networkDown);
    const now = freshDay();
    expect(await deliverOutbox(resendEnv(), now)).toBe(0);
    const [serverError, unreachable] = await rows(addresses);
    expect(serverError).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Resend 500 application_error: An unexpected error occurred.',
    });
    expect(serverError!.next_attempt_at).toBe(new Date(now + MINUTE).toISOString());
    expect(unreachable).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Resend unreachable: Network connection lost.',
    });
    // Failed sends do not use up the day's quota.
    expect(await sentToday(now)).toBe(0);

    mockResend(ok);
    expect(await deliverOutbox(resendEnv(), now + MINUTE)).toBe(2);
    expect((await rows(addresses)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('a 4xx about the message fails the row at once, and the run goes on', async () => {
    const addresses = await queue(2);
    mockResend(error(422, 'validation_error', 'Invalid `to` field.'), ok);
    const now = freshDay();
    expect(await deliverOutbox(resendEnv(), now)).toBe(1);
    const [invalid, fine] = await rows(addresses);
    expect(invalid).toMatchObject({
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      last_error: 'Resend 422 validation_error: Invalid `to` field.',
    });
    expect(fine).toMatchObject({ status: 'sent', attempts: 1 });
    // A failed row is never tried again.
    const later = mockResend(ok);
    await deliverOutbox(resendEnv(), now + DAY);
    expect(later.requests).toHaveLength(0);
  });

  it('a 401/403 (bad key, unverified domain) keeps every row pending, unspent, and logs an error', async () => {
    const addresses = await queue(2);
    const resend = mockResend(error(403, 'validation_error', 'The example.com domain is not verified.'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const now = freshDay();
    expect(await deliverOutbox(resendEnv(), now)).toBe(0);
    expect(resend.requests).toHaveLength(1);
    const [rejected, untried] = await rows(addresses);
    expect(rejected).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      last_error: 'Resend 403 validation_error: The example.com domain is not verified.',
    });
    expect(untried).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain('rejected');
    expect(await sentToday(now)).toBe(0);
  });

  it('waits between two sends to stay under the default rate of 2 requests a second', async () => {
    await queue(3);
    const resend = mockResend(ok);
    const started = Date.now();
    await deliverOutbox(resendEnv(), freshDay());
    expect(resend.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 500);
  });
});

describe('daily cap', () => {
  it('holds rows past EMAIL_DAILY_LIMIT for the next UTC day, account mail first', async () => {
    const notices = await queue(3, 1);
    const account = await queue(1, 0);
    const resend = mockResend(ok);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const capped = resendEnv({ EMAIL_DAILY_LIMIT: '2' });
    const now = freshDay();

    expect(await deliverOutbox(capped, now)).toBe(2);
    // The account email, queued last, went first; then the oldest notice.
    expect(resend.to()).toEqual([account[0], notices[0]]);
    expect((await rows(notices.slice(1))).map((r) => [r.status, r.attempts, r.next_attempt_at])).toEqual([
      ['pending', 0, null],
      ['pending', 0, null],
    ]);
    expect(await sentToday(now)).toBe(2);

    // Later the same day: the cap holds, the counter is read and nothing else is sent.
    expect(await deliverOutbox(capped, now + 11 * 60 * MINUTE)).toBe(0);
    expect(resend.requests).toHaveLength(2);
    expect(String(warnings.mock.calls[0]![0])).toContain("today's limit of 2 emails");

    // A new account email queued late in the day goes first tomorrow, before the waiting notices.
    const late = await queue(1, 0);
    expect(await deliverOutbox(capped, now + DAY)).toBe(2);
    expect(resend.to().slice(2)).toEqual([late[0], notices[1]]);
    expect(await deliverOutbox(capped, now + 2 * DAY)).toBe(1);
    expect(resend.to().slice(4)).toEqual([notices[2]]);
    expect((await rows([...notices, ...account, ...late])).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(
      true,
    );
  });

  it('overlapping runs never reserve more than the cap between them', async () => {
    const addresses = await queue(5);
    const resend = mockResend(ok);
    const capped = resendEnv({ EMAIL_DAILY_LIMIT: '3', RESEND_API_KEY: 're_other' });
    const now = freshDay();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const results = await Promise.all([
      deliverOutbox(capped, now),
      deliverOutbox(capped, now),
      deliverOutbox(capped, now),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(3);
    expect(new Set(resend.to()).size).toBe(3);
    expect(resend.to().every((to) => addresses.includes(to))).toBe(true);
    expect(await sentToday(now)).toBe(3);
  });

  it('"0" pauses delivery; unset means 100 for resend and 1000 for cloudflare', async () => {
    await queue(1);
    const resend = mockResend(ok);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await deliverOutbox(resendEnv({ EMAIL_DAILY_LIMIT: '0' }), freshDay())).toBe(0);
    expect(resend.requests).toHaveLength(0);
    expect(String(warnings.mock.calls[0]![0])).toContain('paused (EMAIL_DAILY_LIMIT is 0)');
    expect(mailSetup(resendEnv()).dailyLimit).toBe(100);
    expect(mailSetup(resendEnv({ EMAIL_DAILY_LIMIT: ' 250 ' })).dailyLimit).toBe(250);
    expect(
      mailSetup({
        ...env,
        EMAIL_PROVIDER: 'cloudflare',
        EMAIL: {} as SendEmail,
        MAIL_FROM: 'noreply@example.com',
      } as Env).dailyLimit,
    ).toBe(1000);
    expect(mailSetup({ ...env, EMAIL_PROVIDER: 'none' } as Env)).toMatchObject({
      provider: 'none',
      dailyLimit: null,
      mailer: null,
    });
  });
});

describe('outbox priority', () => {
  it('a reset goes before a verification (and the email-change notice), before notices and contact relays, before the newsletter', async () => {
    const {
      verificationEmail,
      passwordResetEmail,
      emailChangedEmail,
      newsletterConfirmationEmail,
      messageNoticeEmail,
      savedSearchDigestEmail,
      contactEmail,
      EMAIL_PRIORITY,
    } = await import('@worker/lib/email');
    const origin = 'https://barter.example';
    const priority = (email: { kind?: keyof typeof EMAIL_PRIORITY }) => EMAIL_PRIORITY[email.kind ?? 'notice'];
    expect(priority(passwordResetEmail(origin, 'a@example.com', 'Ana', 't'))).toBe(0);
    expect(priority(verificationEmail(origin, 'a@example.com', 'Ana', 't'))).toBe(1);
    expect(priority(emailChangedEmail(origin, 'a@example.com', 'Ana', 'b@example.com'))).toBe(1);
    expect(
      priority(
        messageNoticeEmail(origin, 'a@example.com', 'Ana', {
          senderName: 'Bo',
          listingTitle: 'Bike',
          excerpt: 'Hi',
          unread: 1,
          link: '/messages',
        }),
      ),
    ).toBe(2);
    expect(priority(savedSearchDigestEmail(origin, 'a@example.com', 'Ana', []))).toBe(2);
    expect(
      priority(
        contactEmail('admin@example.com', { name: 'Vi', email: 'v@example.com', subject: 'Hi', message: 'Hello' }),
      ),
    ).toBe(2);
    expect(priority(newsletterConfirmationEmail(origin, 'a@example.com', 'c', 'u'))).toBe(3);
  });
});

describe('query plans', () => {
  it('delivery and the admin figures read the outbox through its indexes', async () => {
    await queue(2);
    mockResend(ok, error(429, 'rate_limit_exceeded', 'Too many requests.'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const statements = new Set<string>();
    const recorded = recording(statements);
    await deliverOutbox({ ...resendEnv(), DB: recorded.DB }, freshDay());
    await outboxFigures(recorded.DB, Date.now());
    expect(statements.size).toBeGreaterThanOrEqual(6);
    expect(await tableScans(statements)).toEqual([]);
  });
});
