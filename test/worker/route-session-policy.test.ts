// The session policy is declared at each route (decision 052): every /api and /objects route has
// exactly one viewer() in its chain, first, so a renamed or new route cannot fall back to a mode
// by accident; and the three modes cost what they say.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { app } from '@worker/app';
import { UUID_PARAM } from '@worker/db/queries/images';
import worker from '@worker/index';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { viewer, viewerModeOf, type ViewerMode } from '@worker/middleware/session';
import type { AppEnv } from '@worker/types';
import { ORIGIN, json, signUp } from './helpers';

type RouteEntry = { method: string; path: string; handler: unknown };

/**
 * A route's chain as Hono lists it: one entry per handler, in order, with the same method and path;
 * `app.use` middleware is method ALL and belongs to no route.
 */
function chains(routes: readonly RouteEntry[]) {
  const found: { method: string; path: string; handlers: unknown[] }[] = [];
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const last = found.at(-1);
    if (last && last.method === route.method && last.path === route.path) last.handlers.push(route.handler);
    else found.push({ method: route.method, path: route.path, handlers: [route.handler] });
  }
  return found;
}

/** The /api and /objects routes whose chain does not start with their one viewer(). */
function routesBreakingThePolicy(routes: readonly RouteEntry[]) {
  return chains(routes)
    .filter(({ path }) => path.startsWith('/api/') || path.startsWith('/objects/'))
    .filter(({ handlers }) => {
      const viewers = handlers.filter((handler) => viewerModeOf(handler) !== undefined);
      return viewers.length !== 1 || viewers[0] !== handlers[0] || handlers.length < 2;
    })
    .map(({ method, path }) => `${method} ${path}`);
}

/** The mode each route declares, by "METHOD path". */
const modes = () =>
  new Map(
    chains(app.routes).map(({ method, path, handlers }) => [`${method} ${path}`, viewerModeOf(handlers[0])] as const),
  );

async function metered(path: string, cookie: string, method = 'GET') {
  const counts = emptyCounts();
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: cookie } }) as any,
    meterEnv(env, counts),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { response, counts };
}

describe('the session policy of each route', () => {
  it('every /api and /objects route declares exactly one viewer(), first in its chain', () => {
    const checked = chains(app.routes).filter(({ path }) => path.startsWith('/api/') || path.startsWith('/objects/'));
    expect(checked.length).toBeGreaterThan(90);
    expect(routesBreakingThePolicy(app.routes)).toEqual([]);
  });

  it('the check fails on a route without a viewer, with two, or with one after other middleware', () => {
    const noop = async (_c: unknown, next: () => Promise<void>) => next();
    const probe = new Hono<AppEnv>();
    probe.use('/api/*', noop);
    probe.get('/api/fine', viewer('row'), (c) => c.text('ok'));
    probe.get('/api/none', (c) => c.text('ok'));
    probe.post('/api/twice', viewer('row'), viewer('sql'), (c) => c.text('ok'));
    probe.put('/api/late', noop, viewer('row'), (c) => c.text('ok'));
    probe.get('/api/alone', viewer('none'));
    probe.get('/elsewhere', (c) => c.text('ok'));
    expect(routesBreakingThePolicy(probe.routes)).toEqual([
      'GET /api/none',
      'POST /api/twice',
      'PUT /api/late',
      'GET /api/alone',
    ]);
  });

  it('the routes that read no session, and those that check it in their statement, are these', () => {
    const byMode = (mode: ViewerMode) =>
      [...modes()].filter(([route, declared]) => declared === mode && !route.startsWith('GET /*')).map(([r]) => r);
    expect(byMode('none').sort()).toEqual(
      [
        // Reads only the token's row; the answer is the same for anyone who sends that token.
        'POST /api/auth/reset-password/check',
        'GET /api/listings/featured',
        'GET /api/listings/:id{[0-9]+}/reviews',
        'GET /api/users/:id{[0-9]+}/reviews',
        'GET /api/users/:id{[0-9]+}/barters/count',
        'GET /api/barters/count',
        'GET /api/users/count',
        'GET /api/skills/count',
        'GET /api/analytics/activity',
        'GET /api/analytics/dashboard',
        'GET /api/analytics/ws',
        'GET /api/testimonials',
        'GET /api/events',
        'GET /api/places',
        'GET /api/push/key',
        'GET /api/openapi.json',
        'GET /api/docs',
        'GET /api/health',
        `GET /objects/uploads/:uuid{${UUID_PARAM}}`,
      ].sort(),
    );
    expect(byMode('sql').sort()).toEqual(
      [
        'GET /api/users/:id{[0-9]+}/listings',
        'GET /api/conversations/:userId{[0-9]+}/:partnerId{[0-9]+}/:listingId{[0-9]+}',
        'GET /api/admin/listings',
        'GET /api/admin/reports',
        'GET /api/admin/reports/count',
        'POST /api/admin/reports/:id{[0-9]+}/resolve',
      ].sort(),
    );
    // The pages read the member (the boot data carries them).
    expect(
      chains(app.routes)
        .find(({ method, path }) => method === 'GET' && path === '/*')!
        .handlers.map(viewerModeOf),
    ).toContain('row');
  });
});

describe('what each mode reads for a signed-in request', () => {
  it("'none': no KV read and no user, for a GET and its HEAD", async () => {
    const member = await signUp();
    for (const method of ['GET', 'HEAD']) {
      for (const path of ['/api/listings/featured', '/api/places', '/api/users/count']) {
        const { response, counts } = await metered(path, member.cookie, method);
        expect(response.status, `${method} ${path}`).toBe(200);
        expect(counts.kvReads, `${method} ${path}`).toBe(0);
      }
    }
    // An image that does not exist: still no session read on the way to its 404.
    const missing = `/objects/uploads/${crypto.randomUUID()}`;
    const { response, counts } = await metered(missing, member.cookie);
    expect(response.status).toBe(404);
    expect(counts.kvReads).toBe(0);
  });

  it("'sql': the session's one KV read and a single D1 round trip (no user row before the route's own)", async () => {
    const member = await signUp();
    const { response, counts } = await metered(`/api/users/${member.id}/listings`, member.cookie);
    expect(response.status).toBe(200);
    expect(counts.kvReads).toBe(1);
    expect(counts.d1Queries).toBe(1);
  });

  it("'row': the session and the user row; a void session is no member", async () => {
    const member = await signUp();
    const signedIn = await metered('/api/auth/current-user', member.cookie);
    expect(signedIn.response.status).toBe(200);
    expect(await json(signedIn.response)).toMatchObject({ id: member.id });
    expect(signedIn.counts.kvReads).toBe(1);
    expect(signedIn.counts.d1Queries).toBe(1);
    // Sign out everywhere: sessions created before sessions_valid_after no longer count.
    await env.DB.prepare('UPDATE users SET sessions_valid_after = ? WHERE id = ?')
      .bind(Date.now() + 60_000, member.id)
      .run();
    expect((await metered('/api/auth/current-user', member.cookie)).response.status).toBe(401);
    expect((await metered('/api/users/count', member.cookie)).response.status).toBe(200);
  });
});
