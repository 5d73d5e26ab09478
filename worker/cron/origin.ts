// Links in emails a scheduled job writes need the site's public address, and a cron run has no
// request to read it from: it comes from the APP_ORIGIN variable (`[vars]` in wrangler.toml or
// `--var APP_ORIGIN:https://…`), else the local address `npm start` serves on.
export const DEFAULT_ORIGIN = 'http://localhost:8787';

export function appOrigin(env: Env): string {
  const configured = env.APP_ORIGIN;
  return configured?.trim() ? configured.trim().replace(/\/+$/, '') : DEFAULT_ORIGIN;
}
