// The installable app (decision 067): the web app manifest and its icons, the service worker's
// offline shell with the copy of what the member last saw (read-only), an update that waits
// while an older page runs, a push shown by the service worker, and the push card and settings
// at 1280 and 390 px in both themes with axe. Chromium, against the production build.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  baseUrl,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  inBothThemes,
  launchBrowser,
  newPage,
  PHONE,
  sendMessageByApi,
  toastText,
  type TestMember,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until the service worker controls the page (it claims the page on its first install). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });

/** The query keys the device's saved copy holds for the last viewer (IndexedDB, src/lib/saved-copy-store.ts). */
const savedKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('barter-market', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('saved-copy');
        request.onsuccess = () => {
          const store = request.result.transaction('saved-copy').objectStore('saved-copy');
          const last = store.get('last-viewer');
          last.onsuccess = () => {
            if (typeof last.result !== 'string') return resolve([]);
            const record = store.get(last.result);
            record.onsuccess = () =>
              resolve(
                ((record.result?.queries ?? []) as { key: unknown[] }[]).map(
                  (q) => `${last.result} ${q.key.join('/')}`,
                ),
              );
          };
        };
      }),
  );

/** Every URL the page's origin keeps in its caches (the precache and the photos). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

async function conversationWith(member: TestMember) {
  const owner = await createMember({ displayName: 'Offline Owner' });
  const listing = await createListingFor(owner, { title: 'Offline readable lantern' });
  await sendMessageByApi(member, owner, listing.id, 'Is the lantern still there?');
  await sendMessageByApi(owner, member, listing.id, 'Yes, come by on Sunday.');
  return {
    owner,
    listing,
    conversation: `${listing.id}-${Math.min(member.id, owner.id)}-${Math.max(member.id, owner.id)}`,
  };
}

describe('the web app manifest', () => {
  it('is linked with theme colours for both schemes, and names the app, its start, scope, display and icons that load', async () => {
    const { page, context } = await newPage(browser, { serviceWorker: true });
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const themeColours = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((m) => [m.getAttribute('media'), m.getAttribute('content')]));
    expect(themeColours.map(([media]) => media)).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Barter Market',
      short_name: 'Barter',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#ffffff',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      // The PNG's own width and height (IHDR) are what the manifest says.
      const bytes = await image.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    // Chromium reads the manifest as installable: no errors in it.
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest' as never)) as { errors: { message: string }[] };
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline', () => {
  it('opens the app shell offline with "You are offline" and the last listing and conversation seen, read-only, and never caches the API', async () => {
    const member = await createMember({ displayName: 'Offline Reader' });
    const { listing, conversation } = await conversationWith(member);
    const { page, context } = await newPage(browser, { cookie: member.cookie, serviceWorker: true });
    await page.goto(`/listing/${listing.id}`);
    await controlled(page);
    await eventually(() => savedKeys(page)).toContain(`member:${member.id} listings/detail/${listing.id}`);
    await page.goto(`/messages/${conversation}`);
    await page.getByTestId('message').getByText('Yes, come by on Sunday.').waitFor();
    await eventually(() => savedKeys(page)).toEqual(
      expect.arrayContaining([
        `member:${member.id} listings/detail/${listing.id}`,
        `member:${member.id} messages/info/${conversation}`,
      ]),
    );
    // The thread comes over the socket once it is open: kept once it is read.
    await eventually(async () => (await savedKeys(page)).some((key) => key.includes('messages/conversation/'))).toBe(
      true,
    );

    await context.setOffline(true);
    await page.reload();
    const notice = page.getByTestId('offline-notice');
    await eventually(() => notice.textContent()).toContain('You are offline');
    await page.getByTestId('message').getByText('Yes, come by on Sunday.').waitFor();
    // Read-only: the reply box is off, and says why.
    const box = page.getByRole('textbox', { name: 'Type your message...' });
    await eventually(() => box.isDisabled()).toBe(true);
    await expect(page.getByTestId('saved-copy-reason').textContent()).resolves.toContain('saved copy');
    expect(await box.getAttribute('aria-describedby')).toContain(
      (await page.getByTestId('saved-copy-reason').getAttribute('id'))!,
    );

    // A full load of the listing, offline: the shell again, with the listing as last seen.
    await page.goto(`/listing/${listing.id}`);
    await eventually(() => page.locator('h1').first().textContent()).toBe('Offline readable lantern');
    await eventually(() => notice.textContent()).toContain('You are offline');
    // A listing this device never saw: said so, not a blank page or an error.
    await page.goto('/listing/999999');
    await eventually(() => page.locator('h1').first().textContent()).toBe('Not saved on this device');

    // Back online: the page reads from the network again and the notice goes.
    await context.setOffline(false);
    await eventually(() => page.locator('h1').first().textContent()).not.toBe('Not saved on this device');
    await eventually(() => notice.count()).toBe(0);

    // The service worker kept the build's files and photos, never an /api reply or a page.
    const urls = await cachedUrls(page);
    expect(urls.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(
      urls.filter((url) => url.startsWith('/api/') || url.startsWith('/messages') || url.startsWith('/listing')),
    ).toEqual([]);
    await context.close();
  });

  it("forgets the member's saved copy and this browser's push subscription on sign-out", async () => {
    const member = await createMember({ displayName: 'Leaving Member' });
    const { conversation } = await conversationWith(member);
    const { page, context } = await newPage(browser, { cookie: member.cookie, serviceWorker: true });
    // This browser has a push subscription (Chromium headless reaches no push service to make
    // one): the page sees this one, and records when the browser's copy is dropped.
    await context.addInitScript(() => {
      const w = window as unknown as { unsubscribed: boolean };
      w.unsubscribed = false;
      PushManager.prototype.getSubscription = async () =>
        ({
          endpoint: 'https://push.example.net/send/leaving-member',
          unsubscribe: async () => (w.unsubscribed = true),
        }) as unknown as PushSubscription;
    });
    await page.goto(`/messages/${conversation}`);
    await controlled(page);
    await eventually(async () =>
      (await savedKeys(page)).some((key) => key.startsWith(`member:${member.id} messages/`)),
    ).toBe(true);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/push/subscriptions' || path === '/api/auth/logout')
        calls.push(`${request.method()} ${path} ${request.postData() ?? ''}`.trim());
    });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await eventually(() => page.url()).toBe(`${baseUrl()}/`);
    // The subscription leaves the member's list while the session still stands, then sign-out.
    expect(calls).toEqual([
      'DELETE /api/push/subscriptions {"endpoint":"https://push.example.net/send/leaving-member"}',
      'POST /api/auth/logout',
    ]);
    expect(await page.evaluate(() => (window as unknown as { unsubscribed: boolean }).unsubscribed)).toBe(true);
    await eventually(async () => (await savedKeys(page)).filter((key) => key.startsWith('member:'))).toEqual([]);
    await context.close();
  });
});

describe('an update', () => {
  it('waits while a page of the older build is open, that page keeps working, and takes over with the old precache removed once it is closed', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    const precache = (await page.evaluate(() => caches.keys())).find((name) => name.startsWith('app-'))!;
    // An older build's precache, left by an earlier version of the app.
    await page.evaluate(() =>
      caches.open('app-0000000000000000').then((cache) => cache.put('/old.js', new Response('old'))),
    );
    // This page plays a page of the older build: its entry script is not in the new worker's precache.
    await page.evaluate(() =>
      document.querySelector('script[type="module"][src]')!.setAttribute('src', '/assets/index-older.js'),
    );
    // A new worker (a new script URL makes the browser install it, as new bytes at /sw.js would).
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js?build=next');
      // Installed and waiting (or, wrongly, already active: then the check below fails).
      const deadline = Date.now() + 20_000;
      while (!registration.waiting && registration.installing && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return {
        waiting: registration.waiting?.scriptURL ?? '',
        controller: navigator.serviceWorker.controller!.scriptURL,
      };
    });
    expect(state.waiting).toContain('/sw.js?build=next');
    expect(new URL(state.controller).pathname + new URL(state.controller).search).toBe('/sw.js');
    // The open page keeps working: a route whose code it had not loaded yet opens.
    await page.getByRole('link', { name: 'Community' }).first().click();
    await eventually(() => page.locator('h1').first().textContent()).toBe('Our Community');
    await expect(
      page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting)),
    ).resolves.toBe(true);
    expect(await page.evaluate(() => caches.keys())).toContain('app-0000000000000000');

    // The older page closes; the next visit runs the new build's files, and the new worker takes over.
    await page.close();
    const next = await context.newPage();
    await next.goto('/');
    await eventually(() =>
      next.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting)),
    ).toBe(false);
    await eventually(() => next.evaluate(() => caches.keys())).not.toContain('app-0000000000000000');
    expect(await next.evaluate(() => caches.keys())).toContain(precache);
    await context.close();
  });
});

describe('a push', () => {
  it('is shown by the service worker with its title, body, tag, icon and badge, and keeps its page to open', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.goto('/');
    await controlled(page);
    const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseUrl()}/`)!.registrationId;
    // Chromium headless reaches no push service: the payload is handed to the worker's push event.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId,
      data: JSON.stringify({
        title: 'New message from Sam',
        body: 'Is the bike still free?',
        url: '/messages/12-3-4',
        tag: 'conversation-12-3-4',
      }),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          badge: new URL((n as Notification & { badge: string }).badge).pathname,
          data: n.data,
        })),
      );
    await eventually(shown).toEqual([
      {
        title: 'New message from Sam',
        body: 'Is the bike still free?',
        tag: 'conversation-12-3-4',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/messages/12-3-4' },
      },
    ]);
    // Another site's address is never kept to open: the click would open the site's home.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId,
      data: JSON.stringify({ title: 'Elsewhere', url: 'https://example.com/phish', tag: 'elsewhere' }),
    });
    await eventually(async () => (await shown()).find((n) => n.tag === 'elsewhere')?.data).toEqual({ url: '/' });
    await context.close();
  });
});

describe('asking for push, and the settings', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`offers the card only after a first message, asks the browser only on Allow, remembers Not now (${size})`, async () => {
      const member = await createMember({ displayName: `Asking Member ${size}` });
      const owner = await createMember({ displayName: 'Card Owner' });
      const listing = await createListingFor(owner, { title: 'Push card kettle' });
      await sendMessageByApi(owner, member, listing.id, 'Hello, still interested?');
      const conversation = `${listing.id}-${Math.min(member.id, owner.id)}-${Math.max(member.id, owner.id)}`;
      const { page, context } = await newPage(browser, {
        viewport,
        cookie: member.cookie,
        touch: size === 'phone',
        serviceWorker: true,
      });
      // Counts the browser's permission prompts (headless Chromium would answer by itself).
      await context.addInitScript(() => {
        const w = window as unknown as { permissionAsked: number };
        w.permissionAsked = 0;
        Notification.requestPermission = async () => {
          w.permissionAsked += 1;
          return 'denied';
        };
      });
      await page.goto(`/messages/${conversation}`);
      await controlled(page);
      await page.getByTestId('message').getByText('Hello, still interested?').waitFor();
      // Not on a first visit: nothing sent yet.
      expect(await page.getByTestId('push-prompt').count()).toBe(0);
      await page.getByRole('textbox', { name: 'Type your message...' }).fill('Yes please, when can I come?');
      await page.getByRole('button', { name: 'Send message' }).click();
      const card = page.getByTestId('push-prompt');
      await card.waitFor();
      await expect(card.textContent()).resolves.toContain('Get a notification when they answer?');
      expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);
      await inBothThemes(page, `push-prompt-${size}`, { fullPage: false });

      // Allow opens the browser's prompt, once; here the browser says no, and the card says so.
      await card.getByRole('button', { name: 'Allow' }).click();
      await eventually(() =>
        page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked),
      ).toBe(1);
      await expect(toastText(page)).resolves.toContain('Notifications are blocked');
      await eventually(() => card.count()).toBe(0);
      // Answered: never offered again in this browser.
      await page.reload();
      await page.getByTestId('message').getByText('Yes please, when can I come?').waitFor();
      expect(await page.getByTestId('push-prompt').count()).toBe(0);
      await context.close();
    });

    it(`lets the member switch this device and each kind, and says when the browser blocks or cannot push (${size})`, async () => {
      const member = await createMember({ displayName: `Settings Member ${size}` });
      const { page, context } = await newPage(browser, {
        viewport,
        cookie: member.cookie,
        touch: size === 'phone',
        serviceWorker: true,
      });
      await page.goto('/profile');
      await page.getByRole('link', { name: 'Notification settings' }).click();
      await eventually(() => page.locator('h1').first().textContent()).toBe('Notifications');
      await controlled(page);
      await page.reload();
      const device = page.getByTestId('push-device-state');
      await eventually(() => device.textContent()).toBe('This device shows no notifications.');
      await expect(page.getByRole('switch', { name: 'Push notifications on this device' }).isDisabled()).resolves.toBe(
        false,
      );
      const matches = page.getByRole('switch', { name: 'Two-way matches' });
      await eventually(() => matches.isChecked()).toBe(true);
      await matches.click();
      await eventually(
        async () =>
          (
            (await (await apiCall('/api/push/settings', { cookie: member.cookie })).json()) as {
              kinds: { match: boolean };
            }
          ).kinds.match,
      ).toBe(false);
      await page.reload();
      await eventually(() => page.getByRole('switch', { name: 'Two-way matches' }).isChecked()).toBe(false);
      await expect(page.getByRole('switch', { name: 'New messages' }).isChecked()).resolves.toBe(true);
      await inBothThemes(page, `push-settings-${size}`);

      // Blocked in the browser's settings: said so, and the device switch is off.
      await context.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
      await page.reload();
      await eventually(() => device.textContent()).toContain('Your browser blocks notifications from this site');
      await expect(page.getByRole('switch', { name: 'Push notifications on this device' }).isDisabled()).resolves.toBe(
        true,
      );
      await inBothThemes(page, `push-settings-blocked-${size}`, { fullPage: false });
      await context.close();

      // A browser without push at all.
      const other = await newPage(browser, { viewport, cookie: member.cookie });
      await other.context.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
      await other.page.goto('/settings/notifications');
      await eventually(() => other.page.getByTestId('push-device-state').textContent()).toBe(
        'This browser can’t receive push notifications here.',
      );
      await other.context.close();
    });
  }
});
