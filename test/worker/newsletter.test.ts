import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { confirmSubscription, findSubscription } from '@worker/db/queries/newsletter';
import { sha256Hex } from '@worker/lib/crypto';
import { EMAIL_PRIORITY } from '@worker/lib/email';
import { readConfirmToken } from '@worker/lib/newsletter-links';
import { rateLimitKey } from '@worker/lib/rate-limit';
import { call, json, lastEmailTo, randomIp, unique } from './helpers';

const REPLY = { message: 'Please check your inbox to confirm your subscription.' };

const newAddress = () => `${unique('news')}@example.com`;

const subscribe = (email: unknown, ip = randomIp()) => call('/api/newsletter/subscribe', { body: { email }, ip });

async function subscription(email: string) {
  return env.DB.prepare(
    'SELECT email, status, confirm_token_hash, confirm_token_expires, unsubscribe_token_hash, confirmed_at FROM newsletter_subscriptions WHERE lower(email) = lower(?)',
  )
    .bind(email)
    .first<any>();
}

async function emailsTo(email: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM email_outbox WHERE lower(to_address) = lower(?)')
    .bind(email)
    .first<{ n: number }>();
  return row!.n;
}

/** The confirm and unsubscribe tokens in the newest newsletter email to the address. */
async function linksFor(email: string) {
  const mail = await lastEmailTo(email);
  const confirm = /\/newsletter\/confirm\?token=([A-Za-z0-9_.%-]+)/.exec(mail?.text ?? '');
  const unsubscribeLink = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_.%-]+)/.exec(mail?.text ?? '');
  if (!confirm || !unsubscribeLink) throw new Error(`no newsletter email for ${email}`);
  return {
    confirm: decodeURIComponent(confirm[1]!),
    unsubscribe: decodeURIComponent(unsubscribeLink[1]!),
    subject: mail!.subject,
  };
}

const confirm = (token: string) => call(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`);
const unsubscribeWith = (token: unknown) => call('/api/newsletter/unsubscribe', { body: { token } });

describe('POST /api/newsletter/subscribe', () => {
  it('writes no subscription until the link comes back: the one row is the mail, at the lowest priority', async () => {
    const email = newAddress();
    const response = await subscribe(email);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(REPLY);

    expect(await subscription(email)).toBeNull();
    const mail = await env.DB.prepare('SELECT kind, priority, expires_at FROM email_outbox WHERE to_address = ?')
      .bind(email)
      .first<any>();
    expect(mail).toMatchObject({ kind: 'newsletter', priority: EMAIL_PRIORITY.newsletter });
    expect(Math.max(...Object.values(EMAIL_PRIORITY))).toBe(EMAIL_PRIORITY.newsletter);
    const links = await linksFor(email);
    expect(links.subject).toMatch(/Confirm your Barter Market newsletter subscription/);
    // The mail lasts as long as its confirmation link: 48 hours.
    const hoursLeft = (Date.parse(mail.expires_at) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);

    // Confirming writes the subscription, storing only the hash of the mail's unsubscribe link.
    expect((await confirm(links.confirm)).status).toBe(200);
    const row = await subscription(email);
    expect(row).toMatchObject({ email, status: 'confirmed', confirm_token_hash: null, confirm_token_expires: null });
    expect(row.unsubscribe_token_hash).toBe(await sha256Hex(links.unsubscribe));
  });

  it('refuses a forged or altered link: the tokens are signed', async () => {
    const email = newAddress();
    await subscribe(email);
    const { confirm: token } = await linksFor(email);
    const [encoded, issued, nonce, signature] = token.split('.');
    const other = btoa(newAddress()).replace(/=+$/, '');
    for (const forged of [
      `${other}.${issued}.${nonce}.${signature}`,
      `${encoded}.${Number(issued) + 1}.${nonce}.${signature}`,
      `${encoded}.${issued}.${nonce}.${'0'.repeat(64)}`,
    ]) {
      expect((await confirm(forged)).status).toBe(400);
    }
    expect((await unsubscribeWith(`${other}.${nonce}.${signature}`)).status).toBe(400);
    expect(await subscription(email)).toBeNull();
  });

  it.each([['not-an-email'], [''], [undefined], [42]])(
    'refuses the address %o with the spec message',
    async (email) => {
      const response = await call('/api/newsletter/subscribe', { body: email === undefined ? {} : { email } });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        message: 'Please enter a valid email address',
        code: 'email_invalid',
        errors: { email: 'Please enter a valid email address' },
      });
    },
  );

  it('treats addresses case-insensitively: one subscription, each link confirms once', async () => {
    const email = newAddress();
    await subscribe(email.toUpperCase());
    const first = await linksFor(email);
    await subscribe(email);
    const second = await linksFor(email);
    expect(second.confirm).not.toBe(first.confirm);
    expect((await confirm(second.confirm)).status).toBe(200);
    // Confirmed: the older mail's link is spent too.
    expect((await confirm(first.confirm)).status).toBe(400);
    const count = await env.DB.prepare(
      'SELECT count(*) AS n FROM newsletter_subscriptions WHERE lower(email) = lower(?)',
    )
      .bind(email)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it('answers a confirmed address the same way and sends it no new mail', async () => {
    const email = newAddress();
    await subscribe(email);
    expect((await confirm((await linksFor(email)).confirm)).status).toBe(200);
    const mails = await emailsTo(email);

    const again = await subscribe(email);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(REPLY);
    expect(await emailsTo(email)).toBe(mails);
    expect((await subscription(email)).status).toBe('confirmed');
  });

  it('lets an unsubscribed address opt in again, through a new confirmation', async () => {
    const email = newAddress();
    await subscribe(email);
    const links = await linksFor(email);
    await confirm(links.confirm);
    await unsubscribeWith(links.unsubscribe);
    expect((await subscription(email)).status).toBe('unsubscribed');

    await subscribe(email);
    expect((await subscription(email)).status).toBe('unsubscribed');
    const fresh = await linksFor(email);
    // The first mail's link was issued before the unsubscribe: it stays void.
    expect((await confirm(links.confirm)).status).toBe(400);
    expect((await confirm(fresh.confirm)).status).toBe(200);
    expect((await subscription(email)).status).toBe('confirmed');
  });

  it('limits each IP to 5 requests a minute, with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await subscribe(newAddress(), ip)).status).toBe(200);
    const limited = await subscribe(newAddress(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another address from another IP is unaffected.
    expect((await subscribe(newAddress())).status).toBe(200);
  });

  it('limits one address to 3 asks a day, whichever IPs ask, with Retry-After', async () => {
    const email = newAddress();
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).status).toBe(200);
    const limited = await subscribe(email.toUpperCase());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600);
    expect(await emailsTo(email)).toBe(3);
  });

  it('limits one IP to 5 subscriptions a day on top of 5 a minute', async () => {
    const ip = randomIp();
    // The day's budget already spent in earlier minutes.
    await env.DB.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 5, ?)')
      .bind(await rateLimitKey('newsletterPerIpPerDay', ip), Date.now() + 20 * 3_600_000)
      .run();
    const email = newAddress();
    const limited = await subscribe(email, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(19 * 3600);
    expect(await emailsTo(email)).toBe(0);
    expect((await subscribe(newAddress())).status).toBe(200);
  });

  it('needs a JSON body', async () => {
    const response = await call('/api/newsletter/subscribe', {
      body: 'email=a@example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});

describe('GET /api/newsletter/confirm', () => {
  it('confirms once; the link is single use', async () => {
    const email = newAddress();
    await subscribe(email);
    const { confirm: token } = await linksFor(email);
    const response = await confirm(token);
    expect(response.status).toBe(200);
    expect((await json(response)).message).toMatch(/confirmed/);
    const row = await subscription(email);
    expect(row.status).toBe('confirmed');
    expect(row.confirmed_at).not.toBeNull();
    expect(row.confirm_token_hash).toBeNull();

    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(await json(reused)).toEqual({
      message: 'This confirmation link is invalid or has expired.',
      code: expect.any(String),
    });
  });

  it('refuses a missing, unknown or overlong token', async () => {
    expect((await call('/api/newsletter/confirm')).status).toBe(400);
    expect((await confirm('no-such-token')).status).toBe(400);
    expect((await confirm('x'.repeat(500))).status).toBe(400);
  });

  it('refuses a token after its 48 hours', async () => {
    const email = newAddress();
    await subscribe(email);
    const { confirm: token } = await linksFor(email);
    const issued = Number(token.split('.')[1]);
    expect(await readConfirmToken(env.SIGNING_SECRET, token, issued + 47 * 3_600_000)).toMatchObject({ email });
    expect(await readConfirmToken(env.SIGNING_SECRET, token, issued + 48 * 3_600_000)).toBeNull();
    expect(await readConfirmToken(env.SIGNING_SECRET, token, issued - 1)).toBeNull();
  });

  it('still confirms a pending row asked for before the signed links, by its stored hash', async () => {
    const db = createDb(env.DB);
    const email = newAddress();
    const token = unique('legacy-token');
    await env.DB.prepare(
      "INSERT INTO newsletter_subscriptions (email, status, confirm_token_hash, confirm_token_expires, unsubscribe_token_hash) VALUES (?, 'pending', ?, ?, ?)",
    )
      .bind(email, await sha256Hex(token), new Date(Date.now() + 3_600_000).toISOString(), await sha256Hex(unique('u')))
      .run();
    expect(await confirmSubscription(db, await sha256Hex('wrong'), new Date().toISOString())).toBe(false);
    expect((await confirm(token)).status).toBe(200);
    expect((await findSubscription(db, email))?.status).toBe('confirmed');
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  it('unsubscribes a confirmed address, and saying it again still succeeds', async () => {
    const email = newAddress();
    await subscribe(email);
    const links = await linksFor(email);
    await confirm(links.confirm);
    const response = await unsubscribeWith(links.unsubscribe);
    expect(response.status).toBe(200);
    expect((await json(response)).message).toMatch(/unsubscribed/);
    expect((await subscription(email)).status).toBe('unsubscribed');
    expect((await unsubscribeWith(links.unsubscribe)).status).toBe(200);
    expect((await subscription(email)).status).toBe('unsubscribed');
  });

  it('works before confirming, and the confirmation link then stops working', async () => {
    const email = newAddress();
    await subscribe(email);
    const links = await linksFor(email);
    expect((await unsubscribeWith(links.unsubscribe)).status).toBe(200);
    expect((await confirm(links.confirm)).status).toBe(400);
    expect((await subscription(email)).status).toBe('unsubscribed');
  });

  it.each([['no-such-token'], [''], [undefined], [123]])('refuses the token %o', async (token) => {
    const response = await call('/api/newsletter/unsubscribe', { body: token === undefined ? {} : { token } });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('This unsubscribe link is invalid.');
  });
});
