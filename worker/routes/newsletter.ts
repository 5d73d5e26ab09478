// The community newsletter with double opt-in (docs/api/newsletter.md): subscribe, confirm by
// the emailed link, unsubscribe by the link every email carries.
import { Hono } from 'hono';
import * as v from 'valibot';
import { newsletterSubscribeSchema } from '../../src/shared/schemas';
import { confirmSubscription, unsubscribe, upsertPendingSubscription } from '../db/queries/newsletter';
import { randomToken, sha256Hex } from '../lib/crypto';
import { newsletterConfirmationEmail, queueEmail } from '../lib/email';
import { badRequest } from '../lib/errors';
import { clientIp, hit } from '../lib/rate-limit';
import { DAY, isoIn, isoNow } from '../lib/time';
import { parseBody } from '../lib/validate';
import type { AppEnv } from '../types';

export const newsletterRoutes = new Hono<AppEnv>();

export const NEWSLETTER_CONFIRM_MS = 2 * DAY;
export const SUBSCRIBE_REPLY = { message: 'Please check your inbox to confirm your subscription.' };
const CONFIRM_FAILED = 'This confirmation link is invalid or has expired.';
const UNSUBSCRIBE_FAILED = 'This unsubscribe link is invalid.';

const unsubscribeSchema = v.object({
  token: v.pipe(v.string(UNSUBSCRIBE_FAILED), v.nonEmpty(UNSUBSCRIBE_FAILED), v.maxLength(200, UNSUBSCRIBE_FAILED)),
});

newsletterRoutes.post('/subscribe', async (c) => {
  const db = c.get('db');
  await hit(c.env.DB, 'newsletterPerIp', clientIp(c));
  const { email } = await parseBody(c, newsletterSubscribeSchema);
  // Counted per address asked for, whatever its state, so one inbox cannot be flooded from many IPs
  // and the limit reveals nothing about who is subscribed.
  await hit(c.env.DB, 'accountMailPerAccount', `newsletter:${email}`);
  const confirmToken = randomToken();
  const unsubscribeToken = randomToken();
  const restarted = await upsertPendingSubscription(db, {
    email,
    confirmTokenHash: await sha256Hex(confirmToken),
    confirmTokenExpires: isoIn(NEWSLETTER_CONFIRM_MS),
    unsubscribeTokenHash: await sha256Hex(unsubscribeToken),
  });
  // An address that already confirmed gets no new mail, and the same reply (no enumeration).
  if (restarted) await queueEmail(db, newsletterConfirmationEmail(new URL(c.req.url).origin, email, confirmToken, unsubscribeToken));
  return c.json(SUBSCRIBE_REPLY);
});

newsletterRoutes.get('/confirm', async (c) => {
  const token = c.req.query('token') ?? '';
  const confirmed = token.length > 0 && token.length <= 200 && (await confirmSubscription(c.get('db'), await sha256Hex(token), isoNow()));
  if (!confirmed) throw badRequest(CONFIRM_FAILED);
  return c.json({ message: 'Your subscription is confirmed. Thank you for joining the community newsletter!' });
});

newsletterRoutes.post('/unsubscribe', async (c) => {
  const { token } = await parseBody(c, unsubscribeSchema);
  if (!(await unsubscribe(c.get('db'), await sha256Hex(token)))) throw badRequest(UNSUBSCRIBE_FAILED);
  return c.json({ message: 'You have been unsubscribed and will receive no more newsletters.' });
});
