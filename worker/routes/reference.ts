// The API's reference: /api/openapi.json and /api/docs, generated from the route declarations at
// build time (scripts/build-api-reference.mjs) and read here from the static assets, so a request
// costs no CPU to make them.
import { referenceRoutes } from '@/shared/contract/reference';
import { router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';
import type { Context } from 'hono';
import type { AppEnv } from '../types';

export const referenceRouter = router('/api');

// The reference changes only with a deployment; browsers may keep it an hour.
const CACHE = 'public, max-age=3600';

async function fromAssets(c: Context<AppEnv>, file: string, headers: Record<string, string>) {
  const asset = await c.env.ASSETS.fetch(new URL(`/api-reference/${file}`, c.req.url));
  if (!asset.ok) throw new Error(`The API reference's ${file} is missing from the build`);
  const res = new Response(asset.body, asset);
  for (const [name, value] of Object.entries({ 'Cache-Control': CACHE, ...headers })) res.headers.set(name, value);
  return res;
}

serve(referenceRouter, referenceRoutes.openapi, viewer('none'), (c) =>
  fromAssets(c, 'openapi.json', { 'Content-Type': 'application/json' }),
);

// No script at all; its one stylesheet is the app's own.
serve(referenceRouter, referenceRoutes.docs, viewer('none'), (c) =>
  fromAssets(c, 'index.html', {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  }),
);
