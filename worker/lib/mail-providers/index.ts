// Which provider delivers the outbox, read from the environment (docs/operations.md "Email"):
// EMAIL_PROVIDER = "resend" (RESEND_API_KEY secret), "cloudflare" (the EMAIL send_email binding)
// or "none"/unset; MAIL_FROM is the sender; EMAIL_DAILY_LIMIT caps sends per UTC day. Anything
// missing is named in `problem`, which the delivery job logs and the admin dashboard shows.
import { cloudflareProvider } from './cloudflare';
import { resendProvider } from './resend';
import { PROVIDERS, type MailProvider, type ProviderName } from './types';

/** Sends per UTC day when EMAIL_DAILY_LIMIT is unset: Resend's free tier allows 100 a day. */
export const DEFAULT_DAILY_LIMIT: Record<ProviderName, number> = { resend: 100, cloudflare: 1000 };

export interface MailSetup {
  provider: ProviderName | 'none';
  /** Why mail is not delivered, completing "Email is not being delivered: …"; null when it is. */
  problem: string | null;
  /** Sends allowed per UTC day; null without a provider. */
  dailyLimit: number | null;
  /** Present exactly when `problem` is null. */
  mailer: MailProvider | null;
  from: string;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const isProvider = (value: string): value is ProviderName => (PROVIDERS as readonly string[]).includes(value);
const both = (items: string[]) => items.join(' and ');

export function mailSetup(env: Env): MailSetup {
  const name = (env.EMAIL_PROVIDER ?? '').trim().toLowerCase();
  const from = (env.MAIL_FROM ?? '').trim();
  if (name === '' || name === 'none') {
    return {
      provider: 'none',
      problem: 'no email provider is configured (set EMAIL_PROVIDER to "resend" or "cloudflare")',
      dailyLimit: null,
      mailer: null,
      from,
    };
  }
  if (!isProvider(name)) {
    return {
      provider: 'none',
      problem: `EMAIL_PROVIDER "${name}" is not one of "resend", "cloudflare" or "none"`,
      dailyLimit: null,
      mailer: null,
      from,
    };
  }

  const rawLimit = (env.EMAIL_DAILY_LIMIT ?? '').trim();
  const dailyLimit = rawLimit === '' ? DEFAULT_DAILY_LIMIT[name] : /^\d{1,9}$/.test(rawLimit) ? Number(rawLimit) : null;
  const unconfigured = (problem: string): MailSetup => ({
    provider: name,
    problem,
    dailyLimit: dailyLimit ?? DEFAULT_DAILY_LIMIT[name],
    mailer: null,
    from,
  });
  if (dailyLimit === null) return unconfigured(`EMAIL_DAILY_LIMIT "${rawLimit}" is not a whole number`);

  const missing: string[] = [];
  const apiKey = (env.RESEND_API_KEY ?? '').trim();
  const binding = env.EMAIL;
  const mailer =
    name === 'resend' ? (apiKey ? resendProvider(apiKey) : null) : binding ? cloudflareProvider(binding) : null;
  if (!mailer) missing.push(name === 'resend' ? 'the RESEND_API_KEY secret' : 'the EMAIL send_email binding');
  if (!from) missing.push('MAIL_FROM');
  if (!mailer || missing.length)
    return unconfigured(
      `EMAIL_PROVIDER is "${name}" but ${both(missing)} ${missing.length > 1 ? 'are' : 'is'} not set`,
    );
  if (!ADDRESS.test(from)) return unconfigured(`MAIL_FROM "${from}" is not an email address`);
  return { provider: name, problem: null, dailyLimit, mailer, from };
}
