// The contract holds: every API route the Worker registers is declared (src/shared/contract), every
// declaration has a handler, the OpenAPI reference documents each one, and a reply that is not its
// declared shape fails the test that receives it (test/support/contract-check.ts).
import { describe, expect, it } from 'vitest';
import { app } from '@worker/app';
import { allRoutes } from '@/shared/contract';
import { categoryRoutes } from '@/shared/contract/categories';
import { openApiPath } from '@/shared/contract/route';
import { checkReply } from '@test/support/contract-check';
import { call, json } from './helpers';

/** Method and path of every route handler the app registers under /api (middleware excluded). */
function registeredApiRoutes(): string[] {
  const routes = app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'));
  return [...new Set(routes.map((r) => `${r.method} ${r.path}`))].sort();
}

const declared = new Set(allRoutes.map((r) => `${r.method} ${r.path}`));

describe('the contract', () => {
  it('declares every route the Worker answers under /api, and every declaration is answered', () => {
    const registered = registeredApiRoutes();
    expect(registered.filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('documents every declared route in /api/openapi.json, with its replies and errors', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.sid).toEqual({ type: 'apiKey', in: 'cookie', name: 'sid' });
    for (const route of allRoutes) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      if (route.socket) {
        expect(op.responses['101']).toBeDefined();
        continue;
      }
      expect(op.responses[route.status ?? 200]).toBeDefined();
      expect(op.responses['429'].$ref).toBe('#/components/responses/TooManyRequests');
    }
  });

  it('serves the reference as a page with no script and its own CSP', async () => {
    const res = await call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'; style-src 'self'/);
    const html = await res.text();
    expect(html).not.toContain('<script');
    for (const route of allRoutes) expect(html).toContain(openApiPath(route.path));
  });

  it('fails a reply that is not its declared shape, and an error that is not the error shape', async () => {
    const reply = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    await expect(
      checkReply('GET', '/api/categories', reply([{ id: 1, name: 'Tools', slug: 'tools' }])),
    ).resolves.toBeUndefined();
    // A field the client does not know about, and one it expects that went missing.
    await expect(
      checkReply('GET', '/api/categories', reply([{ id: 1, name: 'Tools', slug: 'tools', icon: 'x' }])),
    ).rejects.toThrow(/not its declared shape/);
    await expect(checkReply('GET', '/api/categories', reply([{ id: 1, name: 'Tools' }]))).rejects.toThrow(/slug/);
    await expect(checkReply('GET', '/api/categories', reply({ error: 'nope' }, 400))).rejects.toThrow(
      /not the error shape/,
    );
    expect(categoryRoutes.list.path).toBe('/api/categories');
  });
});
