// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
declare namespace Cloudflare {
  interface Env {
    /** HMAC key for signed upload URLs (`wrangler secret put SIGNING_SECRET`). */
    SIGNING_SECRET: string;
    /** Optional link shown by the "Support This Project" dialog. */
    DONATE_URL?: string;
  }
}
