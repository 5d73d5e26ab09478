// The app's pages (decision 048): the Worker answers a page with index.html carrying the member
// and the first screen's replies, each exactly what its API call answers, read in one D1 batch.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@worker/lib/boot/page-routes';
import { scriptSafeJson } from '@worker/lib/boot/embed';
import routeTree from '@/routeTree.gen.ts?raw';
import wranglerToml from '../../wrangler.toml?raw';
import { call, createListing, json, signUp } from './helpers';
import { page } from './page-helpers';

async function reply(path: string, cookie?: string) {
  const response = await call(path, { cookie });
  expect(response.status).toBe(200);
  return { body: await json(response), headers: response.headers };
}

describe('pages', () => {
  it('embeds what the home page reads, exactly as the API answers it, for a guest with user null, in one round trip', async () => {
    const owner = await signUp();
    await createListing(owner, { title: 'Home page lamp' });
    // A testimonial with its author: in a D1 batch the two tables' `id` columns must not collide.
    // About a completed barter of the owner's (only such stories are shown, decision 062).
    const partner = await signUp();
    const lamp = await createListing(partner, { title: 'Home page barter' });
    const barter = await env.DB.prepare(
      "INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?, ?, ?, 'completed') RETURNING id",
    )
      .bind(lamp.id, owner.id, partner.id)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO testimonials (user_id, title, content, rating, is_approved, is_public, barter_id) VALUES (?, 'Swapped a lamp', 'Easy to arrange', 5, 1, 1, ?)",
    )
      .bind(owner.id, barter!.id)
      .run();
    const home = await page('/');
    expect(home.response.status).toBe(200);
    expect(home.response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(home.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(home.response.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    // The app's HTML stays whole: the data goes at the end of <head>, before the body.
    expect(home.html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(home.html.indexOf('id="boot-data"')).toBeLessThan(home.html.indexOf('</head>'));
    expect(home.boot.user).toBeNull();
    expect(home.boot.categories).toEqual((await reply('/api/categories')).body);
    expect(home.boot.featured).toEqual((await reply('/api/listings/featured')).body);
    const listings = await reply('/api/listings?limit=12&offset=0');
    expect(home.boot.listingPage).toEqual({
      params: { limit: 12, offset: 0 },
      listings: listings.body,
      total: Number(listings.headers.get('X-Total-Count')),
      exact: true,
    });
    expect(home.boot.testimonials).toEqual({ limit: 3, items: (await reply('/api/testimonials?limit=3')).body });
    expect(home.boot.testimonials.items[0]).toMatchObject({
      userId: owner.id,
      title: 'Swapped a lamp',
      user: { id: owner.id, username: owner.username },
    });
    // A guest: no session to read; the four replies in one batch.
    expect(home.roundTrips).toBe(1);
  });

  it("embeds the signed-in member as current-user answers, and leaves the member's own listings out of the home grid as the API does", async () => {
    const member = await signUp();
    await createListing(member, { title: 'My own home page lamp' });
    const home = await page('/', { cookie: member.cookie });
    expect(home.response.status).toBe(200);
    expect(home.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(home.boot.user).toEqual((await reply('/api/auth/current-user', member.cookie)).body);
    expect(home.boot.listingPage.listings).toEqual(
      (await reply('/api/listings?limit=12&offset=0', member.cookie)).body,
    );
    expect(home.boot.listingPage.listings.some((l: { userId: number }) => l.userId === member.id)).toBe(false);
    // The session's user row, then the page's batch.
    expect(home.roundTrips).toBe(2);
  });

  it("embeds a listing page's listing and its owner's profile as the API answers them, for a guest, a member and the owner", async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { title: 'Listing page kettle' });
    const member = await signUp();
    await call(`/api/wants/${listing.id}`, { method: 'PUT', cookie: member.cookie });
    for (const cookie of [undefined, member.cookie, owner.cookie]) {
      const shown = await page(`/listing/${listing.id}`, { cookie });
      expect(shown.response.status).toBe(200);
      expect(shown.boot.listing).toEqual((await reply(`/api/listings/${listing.id}`, cookie)).body);
      expect(shown.boot.profile).toEqual((await reply(`/api/users/username/${owner.username}`, cookie)).body);
      expect(shown.roundTrips).toBe(cookie ? 2 : 1);
    }
    expect((await page(`/listing/${listing.id}`, { cookie: owner.cookie })).boot.listing.wantCount).toBe(1);
    expect((await page(`/listing/${listing.id}`, { cookie: member.cookie })).boot.listing.wantedByMe).toBe(true);
  });

  it("answers 404 with the app's page for an unknown, malformed, deleted or hidden listing and an unknown profile", async () => {
    const owner = await signUp();
    const hidden = await createListing(owner, { title: 'Hidden listing' });
    await env.DB.prepare("UPDATE listings SET status = 'hidden' WHERE id = ?").bind(hidden.id).run();
    const gone = await createListing(owner, { title: 'Deleted listing' });
    await call(`/api/listings/${gone.id}`, { method: 'DELETE', cookie: owner.cookie });
    for (const path of [
      '/listing/999999999',
      '/listing/abc',
      '/listing/0',
      `/listing/${gone.id}`,
      `/listing/${hidden.id}`,
      '/profile/nobody-has-this-name',
      `/profile/${'x'.repeat(80)}`,
      '/no-such-page',
      '/browse/extra',
    ]) {
      const missing = await page(path);
      expect(missing.response.status, path).toBe(404);
      expect(missing.response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(missing.html).toContain('<div id="root"><div class="fs app-shell"');
      expect(missing.boot).toEqual({ user: null, categories: (await reply('/api/categories')).body });
    }
    // The owner still sees their hidden listing, as GET /api/listings/{id} shows it to them.
    expect((await page(`/listing/${hidden.id}`, { cookie: owner.cookie })).response.status).toBe(200);
    // The API's own unknown paths stay JSON.
    const api = await call('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(await json(api)).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it("embeds a profile page's member as GET /api/users/username answers it, self view for the member, and their listings", async () => {
    const member = await signUp();
    await createListing(member, { title: 'Profile page kettle' });
    const paused = await createListing(member, { title: 'Profile page paused kettle' });
    expect(
      (await call(`/api/listings/${paused.id}`, { method: 'PUT', cookie: member.cookie, body: { status: 'paused' } }))
        .status,
    ).toBe(200);
    const guest = await page(`/profile/${member.username.toUpperCase()}`);
    expect(guest.response.status).toBe(200);
    expect(guest.boot.profile).toEqual((await reply(`/api/users/username/${member.username}`)).body);
    expect(guest.boot.profile.email).toBeUndefined();
    expect(guest.boot.profileListings).toEqual((await reply(`/api/users/${member.id}/listings`)).body);
    expect(guest.roundTrips).toBe(1);
    const self = await page(`/profile/${member.username}`, { cookie: member.cookie });
    expect(self.boot.profile).toEqual((await reply(`/api/users/username/${member.username}`, member.cookie)).body);
    expect(self.boot.profile.email).toBe(member.email);
    // The member sees their paused listing too, as the API shows it to them.
    expect(self.boot.profileListings).toEqual((await reply(`/api/users/${member.id}/listings`, member.cookie)).body);
    expect(self.boot.profileListings).toHaveLength(2);
    expect(guest.boot.profileListings).toHaveLength(1);
    expect(self.boot.conversations).toBeUndefined();
    // Another member's profile offers 'Message', which reads the conversation list: it comes too.
    const other = await signUp();
    const visiting = await page(`/profile/${member.username}`, { cookie: other.cookie });
    expect(visiting.boot.conversations).toEqual((await reply('/api/conversations?limit=30', other.cookie)).body);
    expect(visiting.roundTrips).toBe(2);
  });

  it('embeds the conversation list as GET /api/conversations?limit=30 answers it; a guest gets none', async () => {
    const owner = await signUp();
    const member = await signUp();
    const listing = await createListing(owner, { title: 'Messages page bicycle' });
    const sent = await call('/api/messages', {
      cookie: member.cookie,
      body: { senderId: member.id, receiverId: owner.id, listingId: listing.id, content: 'Is it still there?' },
    });
    expect(sent.status).toBe(201);
    const messages = await page('/messages', { cookie: owner.cookie });
    expect(messages.response.status).toBe(200);
    expect(messages.boot.conversations).toEqual((await reply('/api/conversations?limit=30', owner.cookie)).body);
    expect(messages.boot.conversations).toHaveLength(1);
    expect(messages.roundTrips).toBe(2);
    const guest = await page('/messages');
    expect(guest.boot).toEqual({ user: null, categories: (await reply('/api/categories')).body });
    expect(guest.roundTrips).toBe(1);
  });

  it("embeds browse's page for the URL's query as the SPA asks it, and leaves a text search to the SPA", async () => {
    const owner = await signUp();
    for (let i = 0; i < 3; i += 1)
      await createListing(owner, { title: `Browse garden tool ${i}`, categoriesOffered: ['creative'] });
    const browse = await page('/browse?category=creative&page=1');
    const expected = await reply('/api/listings?category=creative&limit=9&offset=0');
    expect(browse.boot.listingPage).toEqual({
      params: { category: 'creative', limit: 9, offset: 0 },
      listings: expected.body,
      total: Number(expected.headers.get('X-Total-Count')),
      exact: true,
    });
    expect(browse.boot.categories).toEqual((await reply('/api/categories')).body);
    const second = await page('/browse?page=2');
    expect(second.boot.listingPage.params).toEqual({ limit: 9, offset: 9 });
    expect(second.boot.listingPage.listings).toEqual((await reply('/api/listings?limit=9&offset=9')).body);
    // Malformed values fall back as the SPA's schema does (no page number 0, no such distance).
    expect((await page('/browse?page=0&distance=7')).boot.listingPage.params).toEqual({ limit: 9, offset: 0 });
    const text = await page('/browse?q=garden');
    expect(text.boot.listingPage).toBeUndefined();
    expect(text.boot.categories).toHaveLength(6);
    expect(text.roundTrips).toBe(1);
  });

  it('writes hostile text so that it cannot end the element: a title with </script> and <!-- comes back whole', async () => {
    const owner = await signUp();
    const title = 'Lamp </script><script>alert(1)</script> <!-- & \u2028 </SCRIPT >';
    const listing = await createListing(owner, { title });
    const shown = await page(`/listing/${listing.id}`);
    expect(shown.response.status).toBe(200);
    // The HTML holds exactly the page's own three script elements (the app's, the listing's JSON-LD
    // and the boot data): nothing the member wrote opened or closed one.
    expect(shown.html.match(/<script/gi)).toHaveLength(3);
    expect(shown.html.match(/<\/script/gi)).toHaveLength(3);
    expect(shown.html).not.toContain('<!--');
    expect(shown.boot.listing.title).toBe(title);
    expect(scriptSafeJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });

  it('serves every other SPA route with the member embedded, and knows exactly the routes the SPA has', async () => {
    const member = await signUp();
    const about = await page('/about', { cookie: member.cookie });
    expect(about.response.status).toBe(200);
    expect(about.boot.user.id).toBe(member.id);
    // Every page carries the categories (cards, forms and filters name them).
    expect(about.boot.categories).toEqual((await reply('/api/categories')).body);
    expect(about.roundTrips).toBe(2);
    expect((await page('/admin/', { cookie: member.cookie })).response.status).toBe(200);
    const declared = /export interface FileRoutesByFullPath \{([\s\S]*?)\}/.exec(routeTree)![1]!;
    const spaRoutes = [...declared.matchAll(/'([^']+)':/g)].map((m) => m[1]);
    expect([...PAGE_ROUTES].sort()).toEqual(spaRoutes.sort());
  });

  it("keeps every static file away from the Worker: wrangler.toml's ! patterns cover public/ and the build's assets", () => {
    const runFirst = /run_worker_first = \[([\s\S]*?)\]/.exec(wranglerToml)![1]!;
    const patterns = [...runFirst.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(patterns[0]).toBe('/*');
    const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
    const publicFiles = Object.keys(import.meta.glob('../../public/**/*', { query: '?url' })).map((path) =>
      path.replace('../../public', ''),
    );
    const covers = (path: string) =>
      excluded.some((pattern) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));
    // _headers is configuration, never served.
    expect(publicFiles.filter((path) => path !== '/_headers' && !covers(path))).toEqual([]);
    expect(covers('/assets/index-abc123.js')).toBe(true);
    // The service worker, which the build writes beside the assets (decision 067).
    expect(covers('/sw.js')).toBe(true);
  });
});
