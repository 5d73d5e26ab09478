// Cloudflare's `send_email` binding (`[[send_email]] name = "EMAIL"`). With Email Routing (free)
// it reaches only destination addresses verified in the account; with Email Service (Workers
// Paid, onboarded domain) it reaches anyone. The binding throws on every kind of failure and its
// messages are not classified, so every failure is retried with backoff.
import { EmailMessage } from 'cloudflare:email';
import { buildMime } from './mime';
import { errorText, type MailProvider } from './types';

export function cloudflareProvider(binding: SendEmail): MailProvider {
  return {
    name: 'cloudflare',
    minIntervalMs: 0,
    async send(email) {
      try {
        await binding.send(new EmailMessage(email.from, email.to, buildMime(email)));
        return { status: 'sent' };
      } catch (error) {
        return { status: 'retry', error: errorText(error) };
      }
    },
  };
}
