// Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email): the free path to
// any recipient (free tier: 100 emails a day, 3,000 a month; 2 requests a second per team).
// Errors come as `{ statusCode, name, message }`; the names decide what the outbox does.
import { APP_NAME } from '../email';
import { errorText, type FailureStatus, type MailProvider } from './types';

export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** A header-safe display name and address: `Barter Market <noreply@example.com>`. */
const sender = (from: string) => `${APP_NAME} <${from.replace(/[\r\n<>]/g, '').trim()}>`;

async function describe(response: Response): Promise<{ name: string; text: string }> {
  const body = await response.text().catch(() => '');
  let name = '';
  let message = body;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      if ('name' in parsed && typeof parsed.name === 'string') name = parsed.name;
      if ('message' in parsed && typeof parsed.message === 'string') message = parsed.message;
    }
  } catch {
    // Not JSON (a proxy's error page): keep the raw text.
  }
  return {
    name,
    text: `Resend ${response.status}${name ? ` ${name}` : ''}: ${message || response.statusText}`.slice(0, 1000),
  };
}

export function classifyResendError(status: number, name: string): FailureStatus {
  if (status === 429)
    return name === 'daily_quota_exceeded' || name === 'monthly_quota_exceeded' ? 'quota' : 'rate-limited';
  // 401/403: missing or invalid key, a key without sending access, or a domain not verified
  // (including "you can only send testing emails to your own address"): every message would fail.
  if (status === 401 || status === 403) return 'rejected';
  // 408/409: a timeout or a concurrent idempotent request; worth another try.
  if (status === 408 || status === 409) return 'retry';
  if (status >= 400 && status < 500) return 'permanent';
  return 'retry';
}

export function resendProvider(apiKey: string): MailProvider {
  return {
    name: 'resend',
    // The default rate limit is 2 requests a second per team, shared by all its keys.
    minIntervalMs: 550,
    async send(email) {
      let response: Response;
      try {
        response = await fetch(RESEND_ENDPOINT, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            from: sender(email.from),
            to: [email.to],
            subject: email.subject,
            html: email.html,
            text: email.text,
          }),
        });
      } catch (error) {
        return { status: 'retry', error: `Resend unreachable: ${errorText(error)}` };
      }
      if (response.ok) {
        await response.body?.cancel();
        return { status: 'sent' };
      }
      const { name, text } = await describe(response);
      return { status: classifyResendError(response.status, name), error: text };
    },
  };
}
