// What the SPA asks the Worker for, counted from Chromium's network log: opening a conversation,
// hovering cards, a tab left open with its bell socket live, the favicon, the listing page's first
// view. Each figure is a line of the member-day (scripts/lib/pages.mjs, `npm run quota`); the
// decisions are in docs/decisions/043-spa-request-waste.md.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  baseUrl,
  createListingFor,
  createMember,
  eventually,
  launchBrowser,
  navigateInApp,
  newPage,
  PHONE,
  screenshot,
  sendMessageByApi,
  trackChatSockets,
  type TestMember,
  waitForOpenChatSocket,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every request the page sends to /api (method and path with query), in order, from `start()` on. */
function apiLog(page: Page) {
  let recording = false;
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!recording || !url.pathname.startsWith('/api/') || request.resourceType() === 'websocket') return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return {
    requests,
    start: () => {
      recording = true;
      requests.length = 0;
    },
  };
}

/**
 * A barrier after which every request the page was going to make on its own has been logged: the
 * partner's message reaches the thread over the socket, so whatever the socket's open started has
 * been sent before it (requests are logged in the order Chromium sends them).
 */
async function partnerSaysSomething(page: Page, from: TestMember, to: TestMember, listingId: number, text: string) {
  await sendMessageByApi(from, to, listingId, text);
  await page.getByTestId('message').filter({ hasText: text }).waitFor();
}

/** A request the page makes itself, awaited: everything the page sent before it is in the log. */
const probe = (page: Page) => page.evaluate(() => fetch('/api/categories').then((r) => r.status));

/** The page's WebSocket to `path` is refused at its handshake (never open), as when the Worker turns it away. */
const refuseSocket = (page: Page, path: string) =>
  page.addInitScript((refused) => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(String(url).endsWith(refused) ? String(url).replace(/ws$/, 'refused') : url, protocols);
      }
    };
  }, path);

async function conversationWithCompletedBarter() {
  const [owner, trader] = await Promise.all([
    createMember({ displayName: 'Olga Owner' }),
    createMember({ displayName: 'Theo Trader' }),
  ]);
  const listing = await createListingFor(owner, { title: 'Cordless drill with two batteries' });
  await sendMessageByApi(trader, owner, listing.id, 'Would you swap the drill for a bike tune-up?');
  const made = await apiCall('/api/barters', {
    cookie: trader.cookie,
    body: { listingId: listing.id, initiatorId: trader.id, recipientId: owner.id, status: 'pending' },
  });
  const barter = (await made.json()) as { id: number };
  const completed = await apiCall(`/api/barters/${barter.id}/complete`, {
    method: 'PATCH',
    cookie: owner.cookie,
    body: {},
  });
  expect(completed.status).toBe(200);
  const key = `${listing.id}-${Math.min(owner.id, trader.id)}-${Math.max(owner.id, trader.id)}`;
  return { owner, trader, listing, key };
}

describe('opening a conversation', () => {
  it('from the list sends at most 3 API requests, none twice, and no refetch when its socket first opens', async () => {
    const { owner, trader, listing } = await conversationWithCompletedBarter();
    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await trackChatSockets(page);
    const log = apiLog(page);
    await page.goto('/messages');
    const item = page.getByTestId('conversation-item').filter({ hasText: 'Theo Trader' });
    await item.waitFor();
    await page.waitForLoadState('networkidle');

    log.start();
    await item.click();
    await page.getByRole('heading', { level: 2, name: 'Theo Trader' }).waitFor();
    await page.getByTestId('message').filter({ hasText: 'Would you swap the drill' }).waitFor();
    // The completed barter and whether this member reviewed it came with the conversation.
    await page.getByRole('button', { name: 'Leave a review for this completed exchange' }).waitFor();
    await waitForOpenChatSocket(page);
    await partnerSaysSomething(page, trader, owner, listing.id, 'Still keen on that swap!');
    await screenshot(page, 'conversation-from-list-desktop');

    const reads = log.requests;
    expect(reads, reads.join('\n')).toHaveLength(new Set(reads).size);
    expect(reads.length, reads.join('\n')).toBeLessThanOrEqual(3);
    // Reading the thread marked the messages read: the list and the bell follow without a read.
    expect(
      reads.filter(
        (r) =>
          r === 'GET /api/conversations' ||
          r.startsWith('GET /api/conversations?') ||
          r.startsWith('GET /api/notifications'),
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('at its own address (a full load) reads the conversation and its thread, once each: the member and the list came with the page', async () => {
    const { owner, trader, listing, key } = await conversationWithCompletedBarter();
    const { page, errors } = await newPage(browser, { viewport: PHONE, cookie: trader.cookie });
    await trackChatSockets(page);
    const log = apiLog(page);
    log.start();
    await page.goto(`/messages/${key}`);
    await page.getByRole('heading', { level: 2, name: 'Olga Owner' }).waitFor();
    await page.getByRole('button', { name: 'Leave a review for this completed exchange' }).waitFor();
    await waitForOpenChatSocket(page);
    await partnerSaysSomething(page, owner, trader, listing.id, 'See you Saturday then.');
    await screenshot(page, 'conversation-open-phone');

    // The member and the conversation list are in the page's HTML (decision 048).
    const reads = log.requests;
    expect(reads, log.requests.join('\n')).toEqual(
      expect.arrayContaining([
        `GET /api/conversations/${key}`,
        expect.stringMatching(
          new RegExp(`^GET /api/conversations/${trader.id}/${owner.id}/${listing.id}\\?limit=\\d+$`),
        ),
      ]),
    );
    expect(reads, log.requests.join('\n')).toHaveLength(2);
    expect(log.requests).toHaveLength(new Set(log.requests).size);
    expect(errors).toEqual([]);
  });

  it('resyncs the thread and the offers after a dropped socket reconnects', async () => {
    const { owner, trader, listing, key } = await conversationWithCompletedBarter();
    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await trackChatSockets(page);
    const log = apiLog(page);
    await page.goto(`/messages/${key}`);
    await page.getByRole('heading', { level: 2, name: 'Theo Trader' }).waitFor();
    await waitForOpenChatSocket(page);
    await page.waitForLoadState('networkidle');

    log.start();
    // The socket drops; a message written meanwhile reaches the thread through the resync.
    await page.evaluate(() => window.__chatSockets!.forEach((s) => s.close(4000, 'simulated drop')));
    await sendMessageByApi(trader, owner, listing.id, 'Sent while you were away');
    await page.getByTestId('message').filter({ hasText: 'Sent while you were away' }).waitFor();
    await eventually(() => page.evaluate(() => window.__chatSockets!.length)).toBe(2);
    await eventually(() => log.requests.some((r) => r === `GET /api/conversations/${key}`)).toBe(true);
    expect(
      log.requests.some((r) => r.startsWith(`GET /api/conversations/${owner.id}/${trader.id}/${listing.id}?`)),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('hovering', () => {
  it('a card sends no API request: only the listing opened is read', async () => {
    const owner = await createMember();
    const made = [];
    for (const title of ['Hover test: garden shears', 'Hover test: pasta maker', 'Hover test: camping lantern'])
      made.push(await createListingFor(owner, { title }));
    const { page, errors } = await newPage(browser);
    // The router's hover preload waits for a timer: the page's clock lets the test run it out.
    await page.clock.install();
    const log = apiLog(page);
    await page.goto('/browse?q=Hover%20test');
    const cards = page.getByTestId('listing-card');
    await eventually(() => cards.count()).toBe(3);
    await page.waitForLoadState('networkidle');

    log.start();
    const links = page.locator('.listing-card-link');
    for (let i = 0; i < 3; i++) {
      await links.nth(i).hover();
      await page.clock.runFor(1_000);
    }
    await probe(page);
    expect(log.requests.filter((r) => r.startsWith('GET /api/listings/') || r.startsWith('GET /api/users/'))).toEqual(
      [],
    );

    // Opening one reads that one.
    const opened = await links.nth(2).getAttribute('href');
    await links.nth(2).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Hover test' }).waitFor();
    expect(log.requests.filter((r) => /^GET \/api\/listings\/\d+$/.test(r))).toEqual([
      `GET /api${opened!.replace('/listing/', '/listings/')}`,
    ]);
    expect(made).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});

describe('the bell', () => {
  it('with its socket live, an open tab does not poll /api/notifications, however long it stays', async () => {
    const member = await createMember();
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    await page.clock.install();
    const log = apiLog(page);
    await page.goto('/about');
    await page.locator('header .notifications-button[data-live]').waitFor();
    await page.waitForLoadState('networkidle');

    log.start();
    // Eight hours, half an hour at a time (the socket stays live: the server holds it).
    for (let minute = 0; minute < 8 * 60; minute += 30) await page.clock.runFor(30 * 60_000);
    await page.locator('header .notifications-button[data-live]').waitFor();
    await probe(page);
    expect(log.requests.filter((r) => r.startsWith('GET /api/notifications'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('with its socket live, opening the panel reads the list once; opening it again with no news reads nothing', async () => {
    const [member, asker] = await Promise.all([createMember(), createMember({ displayName: 'Una Unread' })]);
    const listing = await createListingFor(member, { title: 'Panel read: tandem bicycle' });
    await sendMessageByApi(asker, member, listing.id, 'Does the tandem come with a pump?');
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    const log = apiLog(page);
    log.start();
    await page.goto('/about');
    await page.locator('header .notifications-button[data-live]').waitFor();
    // The badge comes from the socket's first frame: no read of the bell on load.
    const button = page.getByRole('button', { name: 'Notifications: 1 unread' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    expect(log.requests.filter((r) => r.startsWith('GET /api/notifications'))).toEqual([]);

    await button.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /Panel read: tandem bicycle/ }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await button.click();
    await panel.getByRole('link', { name: /Panel read: tandem bicycle/ }).waitFor();
    await probe(page);
    expect(log.requests.filter((r) => r.startsWith('GET /api/notifications'))).toEqual(['GET /api/notifications']);
    expect(errors).toEqual([]);
  });

  it('polls while its socket is down, as the fallback', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await refuseSocket(page, '/api/notifications/ws');
    await page.clock.install();
    const log = apiLog(page);
    log.start();
    await page.goto('/about');
    await page.getByRole('button', { name: 'Notifications: nothing new' }).waitFor();
    await eventually(() => log.requests.filter((r) => r === 'GET /api/notifications').length).toBe(1);
    // The fallback's timer starts once the page has seen the socket fail, which a loaded machine
    // may report after a first clock advance: advance again until the poll comes.
    await eventually(async () => {
      await page.clock.runFor(61_000);
      return log.requests.filter((r) => r === 'GET /api/notifications').length;
    }).toBeGreaterThanOrEqual(2);
  });
});

describe('the favicon', () => {
  it('is linked from the page and served as a static asset; /favicon.ico is one too, never a Worker 404', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/');
    const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
    expect(href).toBeTruthy();
    for (const path of [href!, '/favicon.ico']) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type') ?? '', path).toMatch(/^image\//);
      // The Worker's replies carry its own security headers with a JSON error for unknown paths;
      // a static asset is the file, with the assets layer's caching.
      expect(response.headers.get('cache-control') ?? '', path).toMatch(/max-age=\d+/);
    }
    expect(errors).toEqual([]);
  });
});

describe('the listing page', () => {
  it("does not read the member's own listings on first view, only when they choose to offer one", async () => {
    const [owner, trader] = await Promise.all([createMember(), createMember()]);
    const listing = await createListingFor(owner, { title: 'Lazy listings: rowing machine', acceptOffers: true });
    const mine = await createListingFor(trader, { title: 'Lazy listings: kayak paddle' });
    const { page, errors } = await newPage(browser, { cookie: trader.cookie });
    const log = apiLog(page);
    log.start();
    await page.goto(`/listing/${listing.id}`);
    const box = page.getByRole('form', { name: 'Make an offer' });
    await box.getByLabel('Make a custom offer').waitFor();
    await page.waitForLoadState('networkidle');
    await probe(page);
    expect(log.requests.filter((r) => r.startsWith(`GET /api/users/${trader.id}/listings`))).toEqual([]);
    await screenshot(page, 'listing-offer-box-desktop');

    await box.getByRole('button', { name: 'Offer one of your listings' }).click();
    await box.getByRole('checkbox', { name: mine.title }).waitFor();
    // Focus goes to what replaced the button.
    await eventually(() =>
      box.getByRole('checkbox', { name: mine.title }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'listing-offer-box-open-desktop');
    expect(log.requests.filter((r) => r.startsWith(`GET /api/users/${trader.id}/listings`))).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe("I'd take this", () => {
  it('sends the want and nothing else: the listing and the bell are not read again', async () => {
    const [owner, member] = await Promise.all([createMember(), createMember()]);
    const listing = await createListingFor(owner, { title: 'Want toggle: bread maker' });
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    const log = apiLog(page);
    await page.goto(`/listing/${listing.id}`);
    const toggle = page.getByTestId('want-toggle');
    await toggle.waitFor();
    await page.locator('header .notifications-button[data-live]').waitFor();
    await page.waitForLoadState('networkidle');

    log.start();
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => toggle.isDisabled()).toBe(false);
    await probe(page);
    expect(log.requests.filter((r) => r !== 'GET /api/categories')).toEqual([`PUT /api/wants/${listing.id}`]);
    expect(errors).toEqual([]);
  });
});

const counterValue = (page: Page, kind: string) =>
  page.getByTestId(`counter-${kind}`).locator('.home-counter-value').innerText();
const COUNT_ROUTES = ['GET /api/skills/count', 'GET /api/barters/count', 'GET /api/users/count'];

describe('the home page (decision 045)', () => {
  it('takes its three counters from the community feed socket, and its three testimonials from the page (decision 048)', async () => {
    const { page, errors } = await newPage(browser);
    const log = apiLog(page);
    log.start();
    await page.goto('/');
    for (const kind of ['barters', 'users', 'skills'])
      await eventually(() => counterValue(page, kind)).toMatch(/^\d[\d,]*$/);
    await page.getByRole('heading', { name: 'Community Success Stories' }).waitFor();
    await page.waitForLoadState('networkidle');
    await probe(page);
    expect(log.requests.filter((r) => COUNT_ROUTES.includes(r))).toEqual([]);
    expect(log.requests.filter((r) => r.startsWith('GET /api/testimonials'))).toEqual([]);
    await page.locator('.home-stories li').first().waitFor();
    // The figures are the routes' own.
    const users = ((await (await apiCall('/api/users/count')).json()) as { count: number }).count;
    expect(Number((await counterValue(page, 'users')).replace(/,/g, ''))).toBe(users);
    await screenshot(page, 'home-counters-from-feed-desktop', { fullPage: true });
    const { page: phone } = await newPage(browser, { viewport: PHONE });
    await phone.goto('/');
    for (const kind of ['barters', 'users', 'skills'])
      await eventually(() => counterValue(phone, kind)).toMatch(/^\d[\d,]*$/);
    await phone.getByRole('heading', { name: 'Community Success Stories' }).waitFor();
    await screenshot(phone, 'home-counters-from-feed-phone', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('reads the three count routes while the socket is down, as the fallback', async () => {
    const { page } = await newPage(browser);
    await refuseSocket(page, '/api/analytics/ws');
    const log = apiLog(page);
    log.start();
    await page.goto('/');
    for (const kind of ['barters', 'users', 'skills'])
      await eventually(() => counterValue(page, kind)).toMatch(/^\d[\d,]*$/);
    expect([...log.requests.filter((r) => COUNT_ROUTES.includes(r))].sort()).toEqual([...COUNT_ROUTES].sort());
  });
});

describe('the home page after a listing changes (decision 045)', () => {
  it('does not re-read the counters or the activity figures: the feed socket brings them', async () => {
    const owner = await createMember();
    const listing = await createListingFor(owner, { title: 'Counters stay pushed: garden shears' });
    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await page.goto('/');
    for (const kind of ['barters', 'users', 'skills'])
      await eventually(() => counterValue(page, kind)).toMatch(/^\d[\d,]*$/);
    const log = apiLog(page);
    log.start();
    await navigateInApp(page, `/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Edit Listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await eventually(() => dialog.getByLabel('Title').inputValue()).toBe(listing.title);
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^Paused/ }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => page.getByTestId('status-badge').innerText()).toBe('Paused');
    await navigateInApp(page, '/');
    await eventually(() => counterValue(page, 'skills')).toMatch(/^\d[\d,]*$/);
    await page.waitForLoadState('networkidle');
    await probe(page);
    expect(log.requests.filter((r) => COUNT_ROUTES.includes(r) || r.startsWith('GET /api/analytics/'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a profile (decision 045)', () => {
  it("reads the member once: the completed barters come with the profile, and the seller card's read serves the profile", async () => {
    const [owner, visitor] = await Promise.all([createMember({ displayName: 'Pia Profile' }), createMember()]);
    const listing = await createListingFor(owner, { title: 'Profile reads: folding ladder' });
    const { page, errors } = await newPage(browser, { cookie: visitor.cookie });
    const log = apiLog(page);
    log.start();
    await page.goto(`/profile/${owner.username}`);
    await eventually(() => page.getByTestId('completed-barters').innerText()).toBe('0');
    await page.getByText(listing.title).first().waitFor();
    await page.waitForLoadState('networkidle');
    await probe(page);
    const memberReads = (requests: string[]) =>
      requests.filter((r) => r.startsWith('GET /api/users/') && !r.startsWith(`GET /api/users/${visitor.id}`));
    // The member (decision 048) and their listings (decision 055) came with the page.
    expect(memberReads(log.requests)).toEqual([`GET /api/users/${owner.id}/reviews`]);
    await screenshot(page, 'profile-desktop');
    const { page: phone } = await newPage(browser, { viewport: PHONE, cookie: visitor.cookie });
    await phone.goto(`/profile/${owner.username}`);
    await eventually(() => phone.getByTestId('completed-barters').innerText()).toBe('0');
    await phone.getByText(listing.title).first().waitFor();
    await screenshot(phone, 'profile-phone');

    // From a listing's seller card to the profile: the owner is not read again.
    const { page: second } = await newPage(browser, { cookie: visitor.cookie });
    const secondLog = apiLog(second);
    await second.goto(`/listing/${listing.id}`);
    const ownerLink = second.getByTestId('seller-card').getByRole('link', { name: 'Pia Profile' });
    await ownerLink.waitFor();
    await second.waitForLoadState('networkidle');
    secondLog.start();
    await ownerLink.click();
    await eventually(() => second.getByTestId('completed-barters').innerText()).toBe('0');
    await second.waitForLoadState('networkidle');
    await probe(second);
    expect(memberReads(secondLog.requests).filter((r) => !r.includes('/listings') && !r.includes('/reviews'))).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });
});

/** The console's errors (a failed request is one: "Failed to load resource: … 401"). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The calls whose replies a page's HTML carries (decision 048): a full load sends none of them. */
const EMBEDDED = [
  /^GET \/api\/auth\/current-user$/,
  /^GET \/api\/categories$/,
  /^GET \/api\/listings\/featured$/,
  /^GET \/api\/listings\?/,
  /^GET \/api\/testimonials/,
  /^GET \/api\/listings\/\d+$/,
  /^GET \/api\/users\/username\//,
  /^GET \/api\/conversations\?limit=\d+$/,
  // The member's own section of home (decision 065).
  /^GET \/api\/home$/,
];
const embeddedCalls = (requests: string[]) => requests.filter((r) => EMBEDDED.some((pattern) => pattern.test(r)));

describe('a full page load (decision 048)', () => {
  it("of home sends none of the first screen's calls, and a guest's page logs no 401", async () => {
    const { page, errors } = await newPage(browser);
    const logged = consoleErrors(page);
    const log = apiLog(page);
    log.start();
    await page.goto('/');
    await page.locator('.home-stories li').first().waitFor();
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    await page.getByTestId('listing-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    await probe(page);
    expect(embeddedCalls(log.requests.slice(0, -1)), log.requests.join('\n')).toEqual([]);
    // The guest's header is the guest's at once: no session call, so no 401 in the console.
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(logged).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("of a member's home, a listing page, a profile, browse and messages sends none of the embedded calls", async () => {
    const [owner, member] = await Promise.all([createMember({ displayName: 'Fiona Fullload' }), createMember()]);
    const listing = await createListingFor(owner, { title: 'Full load: sewing machine', categoriesOffered: ['goods'] });
    await sendMessageByApi(member, owner, listing.id, 'Full load: is the sewing machine still there?');
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    const logged = consoleErrors(page);
    const log = apiLog(page);

    const visits: [string, () => Promise<unknown>][] = [
      ['/', () => page.getByTestId('listing-card').first().waitFor()],
      [
        `/listing/${listing.id}`,
        () => page.getByTestId('seller-card').getByRole('link', { name: 'Fiona Fullload' }).waitFor(),
      ],
      [`/profile/${owner.username}`, () => page.getByText(listing.title).first().waitFor()],
      ['/browse?category=goods', () => page.getByTestId('listing-card').filter({ hasText: listing.title }).waitFor()],
      ['/messages', () => page.getByTestId('conversation-item').filter({ hasText: 'Fiona Fullload' }).waitFor()],
    ];
    for (const [path, shown] of visits) {
      log.start();
      await page.goto(path);
      await shown();
      await page.waitForLoadState('networkidle');
      await probe(page);
      expect(embeddedCalls(log.requests.slice(0, -1)), `${path}\n${log.requests.join('\n')}`).toEqual([]);
    }
    // The listing page shows the listing from the page's data: its heading and the want toggle's state.
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    expect(logged).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a hostile title exactly as written, and the SPA still reads what the next screen needs', async () => {
    const owner = await createMember();
    const title = 'Full load </script><script>window.__pwned = 1</script> <!-- lamp';
    const listing = await createListingFor(owner, { title });
    const { page, errors } = await newPage(browser);
    const log = apiLog(page);
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // After the first load the SPA navigates as before: Browse reads its page.
    log.start();
    await navigateInApp(page, '/browse?page=2');
    await eventually(() => log.requests.filter((r) => r.startsWith('GET /api/listings?'))).toEqual([
      'GET /api/listings?limit=9&offset=9',
    ]);
    expect(errors).toEqual([]);
  });

  it('answers an unknown listing with 404 and the app, which shows its not-found page', async () => {
    const { page, errors } = await newPage(browser);
    const response = await page.goto('/listing/987654321');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Listing Not Found' }).waitFor();
    expect(errors).toEqual([]);
  });
});
