import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { FREQUENT_CRON } from '@worker/cron/index';
import { deliverOutbox } from '@worker/cron/deliver-email';
import { buildMime, encodeHeader } from '@worker/lib/mail-providers/mime';
import worker from '@worker/index';

const MINUTE = 60_000;

interface Row {
  id: number;
  to_address: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** Rows with fresh, unique addresses so assertions only look at this test's rows. */
async function queue(count = 1, subject = 'Hello') {
  const tag = crypto.randomUUID().slice(0, 8);
  const addresses = Array.from({ length: count }, (_, i) => `r${i}-${tag}@example.com`);
  for (const to of addresses) {
    await env.DB.prepare('INSERT INTO email_outbox (to_address, subject, text_body, html_body) VALUES (?, ?, ?, ?)')
      .bind(to, subject, `Plain body for ${to}`, `<p>HTML body for ${to}</p>`)
      .run();
  }
  return addresses;
}

async function rows(addresses: string[]): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, to_address, status, attempts, next_attempt_at, last_error, sent_at FROM email_outbox WHERE to_address IN (${addresses.map(() => '?').join(',')}) ORDER BY id`,
  )
    .bind(...addresses)
    .all<Row>();
  return results;
}

/** A fake `send_email` binding recording the envelope of every message; `fail` makes it throw. */
function fakeEmail(fail = false) {
  const sent: { from: string; to: string }[] = [];
  const binding = {
    async send(message: EmailMessage) {
      if (fail) throw new Error('destination address not verified');
      sent.push({ from: message.from, to: message.to });
      return { messageId: crypto.randomUUID() };
    },
  } as unknown as SendEmail;
  return {
    env: { ...env, EMAIL_PROVIDER: 'cloudflare', EMAIL: binding, MAIL_FROM: 'noreply@example.com' } as Env,
    sent,
  };
}

const mine = (sent: { to: string }[], addresses: string[]) => sent.filter((s) => addresses.includes(s.to));

describe('email delivery', () => {
  it('without a configured provider logs what is missing once per run and leaves the outbox untouched', async () => {
    const addresses = await queue(2);
    const before = await rows(addresses);
    const cases: [Partial<Env>, string][] = [
      [{ EMAIL_PROVIDER: '' }, 'no email provider is configured'],
      [{ EMAIL_PROVIDER: 'none' }, 'no email provider is configured'],
      [{ EMAIL_PROVIDER: 'postmark' }, 'EMAIL_PROVIDER "postmark" is not one of'],
      [
        { EMAIL_PROVIDER: 'cloudflare', MAIL_FROM: 'noreply@example.com' },
        'EMAIL_PROVIDER is "cloudflare" but the EMAIL send_email binding is not set',
      ],
      [
        { EMAIL_PROVIDER: 'cloudflare', EMAIL: fakeEmail().env.EMAIL, MAIL_FROM: '' },
        'EMAIL_PROVIDER is "cloudflare" but MAIL_FROM is not set',
      ],
      [
        { EMAIL_PROVIDER: 'resend', MAIL_FROM: '' },
        'EMAIL_PROVIDER is "resend" but the RESEND_API_KEY secret and MAIL_FROM are not set',
      ],
      [
        { EMAIL_PROVIDER: 'resend', RESEND_API_KEY: 're_test', MAIL_FROM: 'Barter Market' },
        'MAIL_FROM "Barter Market" is not an email address',
      ],
      [
        {
          EMAIL_PROVIDER: 'resend',
          RESEND_API_KEY: 're_test',
          MAIL_FROM: 'noreply@example.com',
          EMAIL_DAILY_LIMIT: 'lots',
        },
        'EMAIL_DAILY_LIMIT "lots" is not a whole number',
      ],
    ];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const [settings, message] of cases) {
        errors.mockClear();
        expect(await deliverOutbox({ ...env, EMAIL: undefined, ...settings } as Env, Date.now() + MINUTE)).toBe(0);
        expect(errors).toHaveBeenCalledTimes(1);
        expect(String(errors.mock.calls[0]![0])).toContain(message);
        expect(String(errors.mock.calls[0]![0])).toContain('Emails stay pending in the outbox');
      }
    } finally {
      errors.mockRestore();
    }
    expect(await rows(addresses)).toEqual(before);
    expect(before.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
  });

  it('in development says the mail stays in the dev outbox, as a warning', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await deliverOutbox({ ...env, ENVIRONMENT: 'development', EMAIL_PROVIDER: 'none' } as Env, Date.now());
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(String(warnings.mock.calls[0]![0])).toContain('/api/dev/outbox');
    } finally {
      warnings.mockRestore();
    }
  });

  it('sends due rows once, marks them sent, and a rerun for the same time sends nothing', async () => {
    const addresses = await queue(3);
    const fake = fakeEmail();
    const now = Date.now() + MINUTE;
    await deliverOutbox(fake.env, now);
    expect(
      mine(fake.sent, addresses)
        .map((s) => s.to)
        .sort(),
    ).toEqual([...addresses].sort());
    expect(fake.sent.every((s) => s.from === 'noreply@example.com')).toBe(true);
    for (const row of await rows(addresses)) {
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        sent_at: new Date(now).toISOString(),
        next_attempt_at: null,
      });
    }

    const count = fake.sent.length;
    expect(await deliverOutbox(fake.env, now)).toBe(0);
    expect(await deliverOutbox(fake.env, now + 60 * MINUTE)).toBe(0);
    expect(fake.sent.length).toBe(count);
  });

  it('does not send rows whose next attempt is still ahead', async () => {
    const [to] = await queue(1);
    const now = Date.now() + MINUTE;
    await env.DB.prepare('UPDATE email_outbox SET next_attempt_at = ? WHERE to_address = ?')
      .bind(new Date(now + MINUTE).toISOString(), to)
      .run();
    const fake = fakeEmail();
    await deliverOutbox(fake.env, now);
    expect(mine(fake.sent, [to!])).toEqual([]);
    await deliverOutbox(fake.env, now + MINUTE);
    expect(mine(fake.sent, [to!])).toHaveLength(1);
  });

  it('backs off after failures (1, 5, 25, 125 minutes) and marks the row failed after 5 attempts', async () => {
    const [to] = await queue(1);
    const failing = fakeEmail(true);
    let now = Date.now() + MINUTE;
    const waits = [1, 5, 25, 125];
    for (const [i, wait] of waits.entries()) {
      await deliverOutbox(failing.env, now);
      const [row] = await rows([to!]);
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1, last_error: 'destination address not verified' });
      expect(row!.next_attempt_at).toBe(new Date(now + wait * MINUTE).toISOString());
      // Just before the backoff ends the row is not due: nothing changes.
      await deliverOutbox(failing.env, now + wait * MINUTE - 1);
      expect((await rows([to!]))[0]!.attempts).toBe(i + 1);
      now += wait * MINUTE;
    }
    await deliverOutbox(failing.env, now);
    expect((await rows([to!]))[0]).toMatchObject({
      status: 'failed',
      attempts: 5,
      next_attempt_at: null,
      sent_at: null,
    });

    // Failed rows stay for inspection and are never retried, even by a working binding.
    const working = fakeEmail();
    await deliverOutbox(working.env, now + 1000 * MINUTE);
    expect(mine(working.sent, [to!])).toEqual([]);
    expect((await rows([to!]))[0]).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('a row that fails once is delivered on the retry', async () => {
    const [to] = await queue(1);
    const now = Date.now() + MINUTE;
    await deliverOutbox(fakeEmail(true).env, now);
    const working = fakeEmail();
    await deliverOutbox(working.env, now + MINUTE);
    expect(mine(working.sent, [to!])).toHaveLength(1);
    expect((await rows([to!]))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: 'destination address not verified',
    });
  });

  it('two overlapping runs send each row exactly once', async () => {
    const addresses = await queue(5);
    const fake = fakeEmail();
    const now = Date.now() + MINUTE;
    await Promise.all([deliverOutbox(fake.env, now), deliverOutbox(fake.env, now), deliverOutbox(fake.env, now)]);
    expect(
      mine(fake.sent, addresses)
        .map((s) => s.to)
        .sort(),
    ).toEqual([...addresses].sort());
    expect((await rows(addresses)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('runs from the scheduled handler for the every-15-minutes trigger', async () => {
    const [to] = await queue(1);
    const fake = fakeEmail();
    const ctx = createExecutionContext();
    worker.scheduled(
      createScheduledController({ cron: FREQUENT_CRON, scheduledTime: Date.now() + MINUTE }),
      fake.env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(mine(fake.sent, [to!])).toHaveLength(1);
  });
});

describe('MIME message', () => {
  const decode = (b64: string) =>
    new TextDecoder().decode(Uint8Array.from(atob(b64.replace(/\s+/g, '')), (c) => c.charCodeAt(0)));

  it('has From, To, Subject, Date, Message-ID and a text and an HTML part', () => {
    const raw = buildMime({
      from: 'noreply@example.com',
      to: 'ana@example.com',
      subject: 'Your barter',
      text: 'Hi Ana — café',
      html: '<p>Hi Ana — café</p>',
      date: Date.UTC(2026, 0, 2),
    });
    const [head] = raw.split('\r\n\r\n');
    expect(head).toContain('From: Barter Market <noreply@example.com>');
    expect(head).toContain('To: <ana@example.com>');
    expect(head).toContain('Subject: Your barter');
    expect(head).toContain('Date: Fri, 02 Jan 2026 00:00:00 GMT');
    expect(head).toMatch(/Message-ID: <[^>]+@example\.com>/);
    expect(head).toContain('MIME-Version: 1.0');
    const boundary = /boundary="([^"]+)"/.exec(head!)![1]!;
    const parts = raw.split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain('Content-Type: text/plain; charset=UTF-8');
    expect(parts[1]).toContain('Content-Type: text/html; charset=UTF-8');
    expect(decode(parts[0]!.split('\r\n\r\n')[1]!)).toBe('Hi Ana — café');
    expect(decode(parts[1]!.split('\r\n\r\n')[1]!)).toBe('<p>Hi Ana — café</p>');
    expect(raw.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
  });

  it('encodes a non-ASCII subject as RFC 2047 and strips line breaks from headers', () => {
    const subject = 'Échange confirmé — merci beaucoup pour votre troc, à très bientôt sur le marché';
    const encoded = encodeHeader(subject);
    const words = encoded.split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
    }
    expect(words.map((w) => decode(w.slice(10, -2))).join('')).toBe(subject);
    expect(encodeHeader('Plain ASCII')).toBe('Plain ASCII');
    const raw = buildMime({
      from: 'noreply@example.com',
      to: 'a@example.com\r\nBcc: x@evil.test',
      subject: 'Hi\r\nBcc: y@evil.test',
      text: '',
      html: '',
      date: 0,
    });
    expect(raw).not.toMatch(/^Bcc:/m);
  });

  it('builds an EmailMessage the binding accepts', async () => {
    const { EmailMessage } = await import('cloudflare:email');
    const message = new EmailMessage(
      'noreply@example.com',
      'ana@example.com',
      buildMime({ from: 'noreply@example.com', to: 'ana@example.com', subject: 'Hi', text: 'a', html: 'b', date: 0 }),
    );
    expect(message.from).toBe('noreply@example.com');
    expect(message.to).toBe('ana@example.com');
  });
});
