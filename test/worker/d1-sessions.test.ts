// Every request's D1 goes through one Sessions API session (decision 057): the bookmark a write
// ends with comes back as the signed `d1b` cookie and starts the next request's session, a bad
// cookie is ignored, and reads alone set no cookie.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '@worker/index';
import { BOOKMARK_COOKIE } from '@worker/lib/d1-bookmark';
import { ORIGIN, createListing, json, randomIp, signUp, validListing } from './helpers';

/** The static files (public/, the gazetteer), and the app's index.html at `/`, which only the build makes. */
const ASSETS = {
  fetch: async (input: RequestInfo, init?: RequestInit) =>
    input instanceof Request && new URL(input.url).pathname === '/'
      ? new Response('<!doctype html><html><head></head><body></body></html>', {
          headers: { 'Content-Type': 'text/html' },
        })
      : env.ASSETS.fetch(input, init),
} as unknown as Fetcher;

/** The binding with withSession() spied on: each request's argument, in order. */
function spiedEnv() {
  const starts: string[] = [];
  const db = Object.create(env.DB) as D1Database;
  db.withSession = (start) => {
    starts.push(String(start));
    return env.DB.withSession(start);
  };
  return { env: { ...env, ASSETS, DB: db } as Env, starts };
}

async function send(testEnv: Env, path: string, { method = 'GET', cookie = '', body }: Record<string, any> = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp(), Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as any,
    testEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** The `d1b` cookie a reply sets ("d1b=…"), or undefined. */
const bookmarkCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`));

describe('D1 sessions', () => {
  it('sets the bookmark cookie after a write, and the next request starts its session from it', async () => {
    const member = await signUp();
    const { env: testEnv, starts } = spiedEnv();
    const created = await send(testEnv, '/api/listings', {
      method: 'POST',
      cookie: member.cookie,
      body: validListing({ userId: member.id }),
    });
    expect(created.status).toBe(201);
    // A write request starts at the primary.
    expect(starts).toEqual(['first-primary']);
    const set = created.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Max-Age=300/);
    const cookie = bookmarkCookie(created)!;
    const bookmark = cookie.slice(BOOKMARK_COOKIE.length + 1).split('.')[0];

    const listing = await json(created);
    const read = await send(testEnv, `/api/listings/${listing.id}`, { cookie: `${member.cookie}; ${cookie}` });
    expect(read.status).toBe(200);
    expect(starts[1]).toBe(bookmark);
    // The member reads their own write.
    expect((await json(read)).title).toBe(validListing().title);
  });

  it('a member reads their own edit on the next request', async () => {
    const member = await signUp();
    const listing = await createListing(member);
    const { env: testEnv } = spiedEnv();
    const edited = await send(testEnv, `/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: member.cookie,
      body: { title: 'Walnut bookshelf, freshly oiled' },
    });
    expect(edited.status).toBe(200);
    const cookie = bookmarkCookie(edited);
    expect(cookie).toBeDefined();
    const read = await send(testEnv, `/api/listings/${listing.id}`, { cookie: `${member.cookie}; ${cookie}` });
    expect((await json(read)).title).toBe('Walnut bookshelf, freshly oiled');
  });

  it('ignores a malformed or forged bookmark: a fresh session, and the request answers', async () => {
    const member = await signUp();
    const listing = await createListing(member);
    const { env: testEnv, starts } = spiedEnv();
    const forged = `${'f'.repeat(8)}-${'f'.repeat(8)}-${'f'.repeat(8)}-${'f'.repeat(32)}`;
    for (const value of ['zzz', '%', `${forged}.${'0'.repeat(64)}`, forged, `${'x'.repeat(500)}`]) {
      const response = await send(testEnv, `/api/listings/${listing.id}`, { cookie: `${BOOKMARK_COOKIE}=${value}` });
      expect(response.status).toBe(200);
    }
    expect(starts).toEqual(Array(5).fill('first-unconstrained'));
  });

  it('sets no cookie on reads: a guest, and a member who only reads', async () => {
    const member = await signUp();
    const listing = await createListing(member);
    const { env: testEnv, starts } = spiedEnv();
    for (const path of [
      '/api/categories',
      `/api/listings/${listing.id}`,
      '/api/listings?limit=3',
      '/',
      `/listing/${listing.id}`,
    ]) {
      const guest = await send(testEnv, path);
      expect(guest.status, path).toBe(200);
      expect(guest.headers.getSetCookie(), path).toEqual([]);
      const signedIn = await send(testEnv, path, { cookie: member.cookie });
      expect(signedIn.status, path).toBe(200);
      expect(bookmarkCookie(signedIn), path).toBeUndefined();
    }
    expect(new Set(starts)).toEqual(new Set(['first-unconstrained']));
  });

  it('a page reads through the session the bookmark starts', async () => {
    const member = await signUp();
    const { env: testEnv, starts } = spiedEnv();
    const created = await send(testEnv, '/api/listings', {
      method: 'POST',
      cookie: member.cookie,
      body: validListing({ userId: member.id, title: 'Freshly made cherry stool' }),
    });
    const cookie = bookmarkCookie(created)!;
    const page = await send(testEnv, `/listing/${(await json(created)).id}`, { cookie: `${member.cookie}; ${cookie}` });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Freshly made cherry stool');
    expect(starts.at(-1)).toBe(cookie.slice(BOOKMARK_COOKIE.length + 1).split('.')[0]);
  });
});
