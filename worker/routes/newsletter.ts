// The community newsletter with double opt-in (docs/api/newsletter.md): subscribe, confirm by
// the emailed link, unsubscribe by the link every email carries.
import {
  NEWSLETTER_TOKEN_MAX,
  newsletterSubscribeSchema,
  newsletterUnsubscribeSchema,
  NEWSLETTER_UNSUBSCRIBE_FAILED,
} from '@/shared/schemas';
import { newsletterRoutes } from '@/shared/contract/newsletter';
import {
  confirmSignedSubscription,
  confirmSubscription,
  findSubscription,
  unsubscribe,
  unsubscribeUnconfirmed,
} from '../db/queries/newsletter';
import { sha256Hex } from '../lib/crypto';
import { newsletterConfirmationEmail } from '../lib/email';
import { localeOfRequest } from '../lib/locale';
import { queueEmail } from '../db/queries/email-outbox';
import { badRequest } from '../lib/errors';
import { newsletterTokens, readConfirmToken, readUnsubscribeToken } from '../lib/newsletter-links';
import { hit } from '../db/queries/rate-limits';
import { clientIp } from '../lib/rate-limit';
import { isoNow } from '../lib/time';
import { parseBody } from '../lib/validate';
import { reply, router, serve } from '../lib/serve';
import type { AppEnv } from '../types';
import { viewer } from '../middleware/session';

export const newsletterRouter = router('/api/newsletter');

export const SUBSCRIBE_REPLY = { message: 'Please check your inbox to confirm your subscription.' };
const CONFIRM_FAILED = 'This confirmation link is invalid or has expired.';

serve(newsletterRouter, newsletterRoutes.subscribe, viewer('row'), async (c) => {
  const db = c.get('db');
  const ip = clientIp(c);
  await hit(c.env.DB, 'newsletterPerIp', ip);
  await hit(c.env.DB, 'newsletterPerIpPerDay', ip);
  const { email } = await parseBody(c, newsletterSubscribeSchema);
  // Counted per address asked for, whatever its state, so one inbox cannot be flooded from many IPs
  // and the limit reveals nothing about who is subscribed.
  await hit(c.env.DB, 'newsletterPerAddressPerDay', email);
  // Nothing is stored until the link comes back (decision 038): the one row written is the mail,
  // signed links and all. A confirmed address gets no new mail, and the same reply (no enumeration).
  if ((await findSubscription(db, email))?.status !== 'confirmed') {
    const tokens = await newsletterTokens(c.env.SIGNING_SECRET, email);
    await queueEmail(
      db,
      newsletterConfirmationEmail(
        new URL(c.req.url).origin,
        email,
        tokens.confirm,
        tokens.unsubscribe,
        // A guest has no stored language: the page's that subscribed.
        localeOfRequest(c.req.raw).language,
      ),
    );
  }
  return reply(c, newsletterRoutes.subscribe, SUBSCRIBE_REPLY);
});

serve(newsletterRouter, newsletterRoutes.confirm, viewer('row'), async (c) => {
  const token = c.req.query('token') ?? '';
  if (!(await confirmed(c.get('db'), c.env.SIGNING_SECRET, token))) throw badRequest(CONFIRM_FAILED);
  return reply(c, newsletterRoutes.confirm, {
    message: 'Your subscription is confirmed. Thank you for joining the community newsletter!',
  });
});

/** A signed link writes the subscription; an older random token confirms the pending row that holds it. */
async function confirmed(db: AppEnv['Variables']['db'], secret: string, token: string): Promise<boolean> {
  if (token.length === 0 || token.length > NEWSLETTER_TOKEN_MAX) return false;
  const now = Date.now();
  const claim = await readConfirmToken(secret, token, now);
  if (claim) {
    return confirmSignedSubscription(db, {
      email: claim.email,
      issuedAt: new Date(claim.issuedAt).toISOString(),
      unsubscribeTokenHash: await sha256Hex(claim.unsubscribe),
      now: new Date(now).toISOString(),
    });
  }
  return confirmSubscription(db, await sha256Hex(token), new Date(now).toISOString());
}

serve(newsletterRouter, newsletterRoutes.unsubscribe, viewer('row'), async (c) => {
  const db = c.get('db');
  const { token } = await parseBody(c, newsletterUnsubscribeSchema);
  const hash = await sha256Hex(token);
  const now = isoNow();
  if (await unsubscribe(db, hash, now)) return reply(c, newsletterRoutes.unsubscribe, UNSUBSCRIBED);
  // The link of a confirmation mail never confirmed: no row holds it yet.
  const email = await readUnsubscribeToken(c.env.SIGNING_SECRET, token);
  if (email === null || !(await unsubscribeUnconfirmed(db, email, hash, now)))
    throw badRequest(NEWSLETTER_UNSUBSCRIBE_FAILED);
  return reply(c, newsletterRoutes.unsubscribe, UNSUBSCRIBED);
});

const UNSUBSCRIBED = { message: 'You have been unsubscribed and will receive no more newsletters.' };
