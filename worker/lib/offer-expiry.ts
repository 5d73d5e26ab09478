// How long an open offer waits for an answer (decision 060): OFFER_EXPIRY_DAYS (wrangler.toml),
// 7 days when unset or not a positive number. The frequent cron expires the lapsed ones.
import { DAY } from './time';

export const DEFAULT_OFFER_EXPIRY_DAYS = 7;

export function offerExpiryDays(env: Pick<Env, 'OFFER_EXPIRY_DAYS'>): number {
  const days = Number(env.OFFER_EXPIRY_DAYS);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_OFFER_EXPIRY_DAYS;
}

/** When an offer made at `now` lapses. */
export const offerExpiresAt = (env: Pick<Env, 'OFFER_EXPIRY_DAYS'>, now = Date.now()) =>
  new Date(now + offerExpiryDays(env) * DAY).toISOString();
