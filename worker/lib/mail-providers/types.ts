// One interface for every way this instance can hand an email to the outside world. The delivery
// job (worker/cron/deliver-email.ts) owns the outbox, the lease, retries and the daily cap; a
// provider only sends one message and says what happened, in terms the job can act on.

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Epoch ms of the delivery run, for the Date header. */
  date: number;
}

/**
 * What a send attempt means for the outbox row:
 * - `sent`: the provider accepted it.
 * - `retry`: a passing failure (network, 5xx); the attempt counts and the row backs off.
 * - `permanent`: this message can never go out as it is (e.g. 422 invalid address); the row fails now.
 * - `rate-limited`: the provider asks to slow down; the attempt does not count, the run stops.
 * - `quota`: the provider's daily or monthly quota is used up; the attempt does not count and
 *   nothing more is tried until the next UTC day.
 * - `rejected`: the provider refuses this instance's configuration (bad key, unverified domain);
 *   the attempt does not count, the run stops and the error shows on the admin dashboard.
 */
export type FailureStatus = 'retry' | 'permanent' | 'rate-limited' | 'quota' | 'rejected';
export type SendOutcome = { status: 'sent' } | { status: FailureStatus; error: string };

export interface MailProvider {
  name: ProviderName;
  /** Least time between two sends of one run, to stay under the provider's request rate. */
  minIntervalMs: number;
  send(email: OutgoingEmail): Promise<SendOutcome>;
}

export const PROVIDERS = ['cloudflare', 'resend'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Trims an error text to what a D1 row and a log line should hold. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);
