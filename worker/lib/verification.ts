// Email verification tokens: the raw token goes in the emailed link, only its hash is stored.
import { randomToken, sha256Hex } from './crypto';
import { DAY, isoIn } from './time';

/**
 * A fresh single-use verification token, valid 24 hours (the sign-up and email-change verification
 * link).
 */
export async function newVerificationToken(now = Date.now()) {
  const token = randomToken();
  return { token, hash: await sha256Hex(token), expires: isoIn(DAY, now) };
}
