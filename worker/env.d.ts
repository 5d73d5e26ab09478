// Secrets are not in wrangler.toml, so `wrangler types` cannot see them. Both Env declarations
// that file generates (the global one Hono uses and Cloudflare.Env) get them.
interface SecretBindings {
  /** HMAC key for signed upload URLs (`wrangler secret put SIGNING_SECRET`). */
  SIGNING_SECRET: string;
  /**
   * HMAC key for stored passwords and for the salts of names without an account
   * (`wrangler secret put PASSWORD_PEPPER`, 32+ characters). Never change it once members exist:
   * every stored password is keyed with it (docs/decisions/015-password-server-relief.md).
   */
  PASSWORD_PEPPER: string;
}

/** Optional: absent in local development, where emails stay in the outbox (`/api/dev/outbox`). */
interface OptionalBindings {
  /** Cloudflare `send_email` binding (`[[send_email]] name = "EMAIL"`), used when EMAIL_PROVIDER is "cloudflare". */
  EMAIL?: SendEmail;
  /** Resend API key (`wrangler secret put RESEND_API_KEY`), used when EMAIL_PROVIDER is "resend". */
  RESEND_API_KEY?: string;
  /** Sends per UTC day; unset means the provider's default (worker/lib/mail-providers/index.ts). */
  EMAIL_DAILY_LIMIT?: string;
  /**
   * "1" keeps the public replies (a listing for guests, the categories, the community's counts)
   * in the edge's Cache API (worker/middleware/edge-cache.ts): only with a custom domain, where
   * the Cache API stores anything. Unset: every reply is read from D1.
   */
  PUBLIC_CACHE?: string;
  /**
   * The VAPID key pair for Web Push (docs/api/web-push.md), base64url: the public key an
   * uncompressed P-256 point, the private key its scalar. Secrets made once by `npm run deploy`
   * (never rotated: every browser subscription is bound to the public key); locally kept in the
   * state folder. Unset: push is off.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** "1" turns on binding metering for `npm run quota` (worker/lib/meter); never set in production. */
  METER?: string;
}

interface Env extends SecretBindings, OptionalBindings {}

declare namespace Cloudflare {
  interface Env extends SecretBindings, OptionalBindings {}
}
