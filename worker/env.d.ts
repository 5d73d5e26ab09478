// Secrets are not in wrangler.toml, so `wrangler types` cannot see them. Both Env declarations
// that file generates (the global one Hono uses and Cloudflare.Env) get them.
interface SecretBindings {
  /** HMAC key for signed upload URLs (`wrangler secret put SIGNING_SECRET`). */
  SIGNING_SECRET: string;
}

/** Optional: absent in local development, where emails stay in the outbox (`/api/dev/outbox`). */
interface OptionalBindings {
  /** Cloudflare `send_email` binding (`[[send_email]] name = "EMAIL"`) that delivers the outbox. */
  EMAIL?: SendEmail;
  /** Sender address for outgoing email, on a domain with Email Routing (`[vars]` or the dashboard). */
  MAIL_FROM?: string;
  /**
   * The site's public address (e.g. https://barter.example), for links in emails a scheduled job
   * writes: a cron run has no request to take it from. `npm start` sets it to its local address.
   */
  APP_ORIGIN?: string;
  /** "1" turns on binding metering for `npm run quota` (worker/lib/meter); never set in production. */
  METER?: string;
}

interface Env extends SecretBindings, OptionalBindings {}

declare namespace Cloudflare {
  interface Env extends SecretBindings, OptionalBindings {}
}
