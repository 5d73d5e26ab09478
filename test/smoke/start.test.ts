// The README's quick start, tried as a new user would: `npm start`, then the app over HTTP.
import { describe, expect, inject, it } from 'vitest';

// The global setup ran `npm start` once (test/support/global-setup.ts).
const app = { baseUrl: inject('baseUrl') };

const get = (path: string, init?: RequestInit) => fetch(`${app.baseUrl}${path}`, init);
/** The JSON a GET answers, untyped: these tests check its shape. */
const getJson = async (path: string, init?: RequestInit): Promise<any> => (await get(path, init)).json();
// Its own address, as a member's device has: the browser tests before it spend the local
// address's daily sign-ups (5 an address a day, decision 037).
const SMOKE_IP = `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: app.baseUrl,
      'CF-Connecting-IP': SMOKE_IP,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
const cookieOf = (response: Response) => /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')![0];

describe('npm start', () => {
  it('serves the SPA with security headers, also for a path that is no page (404, decision 048)', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/browse?q=bike', 200],
      ['/no/such/page', 404],
    ] as const) {
      const response = await get(path, { headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' } });
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      // The Worker wrote the page: the member (nobody here) and the first screen's data are in it.
      expect(html).toContain('<script type="application/json" id="boot-data">{"user":null,');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    }
  });

  it('answers unknown API paths with JSON 404, not the SPA', async () => {
    const response = await get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('has the demo community loaded', async () => {
    const categories = await getJson('/api/categories');
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual([
      'home',
      'tech',
      'education',
      'creative',
      'food',
      'goods',
    ]);
    const listings = await get('/api/listings');
    expect(Number(listings.headers.get('x-total-count'))).toBeGreaterThanOrEqual(25);
    // Every category has listings. Asked per category, not read off the first page: when this file
    // runs after the browser tests, the listings they made fill the newest page.
    for (const slug of ['home', 'tech', 'education', 'creative', 'food', 'goods']) {
      const inCategory = await get(`/api/listings?category=${slug}`);
      expect(Number(inCategory.headers.get('x-total-count')), slug).toBeGreaterThan(0);
    }
    expect((await getJson('/api/listings/featured')).length).toBeGreaterThan(0);
    expect((await getJson('/api/testimonials')).length).toBeGreaterThan(0);
    expect((await getJson('/api/events')).length).toBeGreaterThan(0);
    expect((await getJson('/api/barters/count')).count).toBeGreaterThanOrEqual(1);
  });

  it('signs in the demo accounts and shows alice her conversations', async () => {
    for (const username of ['admin', 'alice', 'bob']) {
      const response = await post('/api/auth/login', { username, password: 'password123' });
      expect(response.status).toBe(200);
    }
    const alice = cookieOf(await post('/api/auth/login', { username: 'alice', password: 'password123' }));
    const conversations = await getJson('/api/conversations', { headers: { Cookie: alice } });
    expect(conversations.length).toBeGreaterThan(0);
    expect(conversations[0].partner.displayName).toBeTruthy();
    // The bell starts with one unread entry per conversation whose newest line alice has not read
    // (a message's or an offer's), beside her other unread news (a barter to confirm, a match).
    const bell = await getJson('/api/notifications', { headers: { Cookie: alice } });
    const unreadConversations = conversations.filter((c: { unreadCount: number }) => c.unreadCount > 0).length;
    expect(unreadConversations).toBeGreaterThan(0);
    const conversationEntries = bell.notifications.filter(
      (n: { kind: string; read: boolean }) => (n.kind === 'message' || n.kind === 'offer') && !n.read,
    );
    expect(conversationEntries.length).toBe(unreadConversations);
    expect(bell.unreadCount).toBe(bell.notifications.filter((n: { read: boolean }) => !n.read).length);
    expect(bell.notifications.some((n: { kind: string; read: boolean }) => n.kind === 'review' && n.read)).toBe(true);
    const admin = cookieOf(await post('/api/auth/login', { username: 'admin', password: 'password123' }));
    expect((await get('/api/admin/users', { headers: { Cookie: admin } })).status).toBe(200);
  });

  it('registers a member, mails the verification link to the dev outbox, and verifies it', async () => {
    const username = `smoke${Date.now()}`;
    const email = `${username}@example.com`;
    const registered = await post('/api/auth/register', {
      username,
      password: 'password123',
      email,
      displayName: 'Smoke Tester',
    });
    expect(registered.status).toBe(201);
    const outbox = await getJson(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox[0].subject).toMatch(/Verify/);
    const token = /token=([^\s"&]+)/.exec(outbox[0].text)![1]!;
    const verified = await get(`/api/auth/verify-email?token=${token}`);
    expect(await verified.json()).toMatchObject({ verified: true });
  });

  it('uploads an image through a signed URL, attaches it to a listing and serves it', async () => {
    const bob = cookieOf(await post('/api/auth/login', { username: 'bob', password: 'password123' }));
    const { uploadURL } = (await (await post('/api/objects/upload', {}, bob)).json()) as { uploadURL: string };
    expect(uploadURL).toMatch(new RegExp(`^${app.baseUrl}/api/objects/upload/`));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    const put = await fetch(uploadURL, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: jpeg });
    expect(put.status).toBe(200);
    const attach = await fetch(`${app.baseUrl}/api/listing-images`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: bob },
      body: JSON.stringify({ imageURL: uploadURL }),
    });
    const { objectPath } = (await attach.json()) as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/uploads\//);
    const listing = await post(
      '/api/listings',
      {
        title: 'Smoke test bicycle pump',
        description: 'A floor pump with a pressure gauge, works well.',
        categoriesOffered: ['goods'],
        whatUserWants: 'Coffee beans',
        location: 'Berkeley, CA',
        distance: 10,
        imageUrls: [objectPath],
      },
      bob,
    );
    expect(listing.status).toBe(201);
    const image = await get(objectPath);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toMatch(/immutable/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(jpeg);
  });

  it('runs a cron job through the scheduled test endpoint', async () => {
    const response = await get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('0 3 * * *')}`);
    expect(response.status).toBe(200);
  });

  it('applies rate limits under npm start', async () => {
    const username = `nobody${Date.now()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post('/api/auth/login', { username, password: 'wrong-password' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
