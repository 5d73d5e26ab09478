// Secrets are not in wrangler.toml, so `wrangler types` cannot see them. Both Env declarations
// that file generates (the global one Hono uses and Cloudflare.Env) get them.
interface SecretBindings {
  /** HMAC key for signed upload URLs (`wrangler secret put SIGNING_SECRET`). */
  SIGNING_SECRET: string;
}

interface Env extends SecretBindings {}

declare namespace Cloudflare {
  interface Env extends SecretBindings {}
}
