// Browsing the demo marketplace as a member would, on a desktop and a 390 px phone: photos on
// every card (sized before they load, with a thumbnail in srcset), two columns on a phone, the
// compact search bar that opens on focus, search by relevance without one's own listings, a home
// page that shows no listing twice, counts that agree, and the Admin link for admins only.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  DESKTOP,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  signInAs,
  eventually,
} from '../support/browser';

const POLL = { timeout: 15_000 };

let browser: Browser;
let alice: string;
let admin: string;
beforeAll(async () => {
  browser = await launchBrowser();
  [alice, admin] = await Promise.all([signInAs('alice'), signInAs('admin')]);
});
afterAll(() => browser?.close());

// Other test files add listings (most without photos) to the shared server, newest first: browse
// within 5 miles of San Francisco, where only demo listings are, to see demo photos.
const DEMO_ONLY = '/browse?near=San%20Francisco%2C%20CA&distance=5';

const columns = (page: Page) =>
  page
    .locator('ul.listing-grid')
    .first()
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
const cardTitles = (page: Page, scope = page.locator('body')) =>
  scope.getByTestId('listing-card').locator('.listing-card-link').allInnerTexts();

describe('listing cards with demo photos', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`reserve the photo's box before it loads, offer the thumbnail in srcset and lay out ${viewport === PHONE ? 'two' : 'three'} columns at ${viewport.width} px`, async () => {
      const { page, errors } = await newPage(browser, { viewport });
      // Photos answer late, so the boxes can be measured before any arrives.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/objects/uploads/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(DEMO_ONLY);
      const firstCard = page.getByTestId('listing-card').first();
      await firstCard.waitFor();
      const image = firstCard.locator('.listing-image img');
      await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        false,
      );
      const before = await firstCard.locator('.listing-image').boundingBox();
      expect(before!.width).toBeGreaterThan(100);
      expect(Math.abs(before!.height - (before!.width * 3) / 4)).toBeLessThan(1);
      const cardBefore = await page.getByTestId('listing-card').nth(2).boundingBox();

      const srcset = (await image.getAttribute('srcset')) ?? '';
      const src = (await image.getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
      expect(srcset).toBe(`${src}/thumb 400w, ${src} 800w`);
      await eventually(() => image.getAttribute('sizes')).toContain('50vw');
      await eventually(() => image.getAttribute('width')).toBe('800');
      await eventually(() => image.getAttribute('height')).toBe('600');

      release();
      // Every card of a listing with photos shows one, and they load (a card's box narrower than
      // 400 px at one device pixel per CSS pixel takes the thumbnail). The page is the demo
      // listings' unless another test placed a photo-less listing this close: count from the API.
      const shown = (await (
        await apiCall('/api/listings?near=San%20Francisco%2C%20CA&distance=5&limit=9&offset=0')
      ).json()) as { imageUrls: string[] }[];
      const withPhotos = shown.filter((listing) => listing.imageUrls.length > 0).length;
      expect(withPhotos).toBeGreaterThanOrEqual(4);
      const images = page.getByTestId('listing-card').locator('.listing-image img');
      expect(await page.getByTestId('listing-card').count()).toBe(shown.length);
      await expect.poll(() => images.count(), POLL).toBe(withPhotos);
      for (const img of await images.all()) {
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), POLL)
          .toBe(true);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await eventually(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/thumb$/);
      // Nothing moved when the photos arrived.
      await eventually(() => firstCard.locator('.listing-image').boundingBox()).toEqual(before);
      await eventually(() => page.getByTestId('listing-card').nth(2).boundingBox()).toEqual(cardBefore);

      await eventually(() => columns(page)).toBe(viewport === PHONE ? 2 : 3);
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      expect(errors).toEqual([]);
    });
  }

  it('shows every demo member with an avatar photo on the listing page', async () => {
    const { page } = await newPage(browser);
    await page.goto(DEMO_ONLY);
    await page.getByTestId('listing-card').first().locator('.listing-card-link').click();
    const gallery = page.locator('.gallery-main img');
    await expect
      .poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL)
      .toBe(true);
    // The large photo is the full 800 × 600 one, not the thumbnail.
    // (naturalWidth is in CSS pixels: the 800w candidate shown at its `sizes` width.)
    const [shown, width] = await gallery.evaluate(
      (img: HTMLImageElement) => [img.currentSrc, img.naturalWidth] as const,
    );
    expect(shown).not.toMatch(/\/thumb$/);
    expect(width).toBeGreaterThan(400);
    const avatars = page.locator('img.rt-AvatarImage');
    await expect.poll(() => avatars.count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => avatars.first().evaluate((img: HTMLImageElement) => img.naturalWidth), POLL).toBe(256);
  });
});

describe('the search bar on a phone', () => {
  it('starts compact, opens on focus, and finds bikes before the planter that wants a bike', async () => {
    const { page, errors } = await newPage(browser, { viewport: PHONE });
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search listings' }).first();
    const query = search.getByRole('searchbox', { name: 'What are you looking for?' });
    await query.waitFor();
    const compact = await search.boundingBox();
    for (const name of ['Near', 'Category', 'Distance'])
      await eventually(() => search.getByLabel(name, { exact: true }).isVisible()).toBe(false);
    await eventually(() => search.getByRole('button', { name: 'Search' }).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/marketplace-390-search-compact.png' });

    await query.click();
    for (const name of ['Near', 'Category', 'Distance'])
      await eventually(() => search.getByLabel(name, { exact: true }).isVisible()).toBe(true);
    expect((await search.boundingBox())!.height).toBeGreaterThan(compact!.height * 2);
    await page.screenshot({ path: '/tmp/marketplace-390-search-open.png' });
    await query.fill('bike');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/browse\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('bike');
    // The home page may still show while the results load: wait for the results' own count.
    await page
      .getByTestId('result-count')
      .getByText(/listings? found/)
      .waitFor();
    await page.getByTestId('listing-card').first().waitFor();
    const titles = await cardTitles(page);
    const planter = titles.indexOf('Hand-built cedar planter box');
    expect(planter).toBeGreaterThan(0);
    expect(titles[0]).toMatch(/bike/i);
    // Every listing with a bike in its title ranks above those that only mention one.
    const bikeTitles = titles.filter((title) => /bike/i.test(title));
    expect(titles.slice(0, bikeTitles.length)).toEqual(bikeTitles);
    expect(errors).toEqual([]);
  });

  it('shows every field at once on a desktop', async () => {
    const { page } = await newPage(browser);
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search listings' }).first();
    await search.getByRole('searchbox', { name: 'What are you looking for?' }).waitFor();
    for (const name of ['Near', 'Category', 'Distance'])
      await eventually(() => search.getByLabel(name, { exact: true }).isVisible()).toBe(true);
    await eventually(() => search.getByRole('button', { name: 'Filters' }).isVisible()).toBe(false);
  });
});

describe('the home page', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`never shows a listing in both Featured Exchanges and Browse by Category (${viewport.width} px)`, async () => {
      const { page, errors } = await newPage(browser, { viewport });
      await page.goto('/');
      const featured = page.getByRole('region', { name: 'Featured Exchanges' });
      const byCategory = page.getByRole('region', { name: 'Browse by Category' });
      await featured.getByTestId('listing-card').first().waitFor();
      await byCategory.getByTestId('listing-card').first().waitFor();
      const featuredTitles = await cardTitles(page, featured);
      expect(featuredTitles.length).toBeGreaterThan(0);
      for (const chip of ['All', 'Food', 'Technology']) {
        await byCategory.getByRole('button', { name: chip, exact: true }).click();
        await expect
          .poll(() => byCategory.getByRole('button', { name: chip, exact: true }).getAttribute('aria-pressed'), POLL)
          .toBe('true');
        await expect
          .poll(
            async () =>
              (await byCategory.locator('[aria-busy="true"]').count()) === 0 &&
              (await cardTitles(page, byCategory)).length > 0,
            POLL,
          )
          .toBe(true);
        const shown = await cardTitles(page, byCategory);
        expect(shown.filter((title) => featuredTitles.includes(title))).toEqual([]);
        if (chip === 'All') expect(shown).toHaveLength(6);
      }
      expect(errors).toEqual([]);
    });
  }

  it("marks a member's own featured listing and keeps it out of what they browse", async () => {
    const { page, errors } = await newPage(browser, { cookie: alice });
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Exchanges' });
    const tomatoes = featured.getByTestId('listing-card').filter({ hasText: 'Fresh heirloom tomatoes, weekly basket' });
    await tomatoes.waitFor();
    await eventually(() => tomatoes.getByTestId('own-listing-badge').innerText()).toBe('Your listing');
    await eventually(() => featured.getByTestId('own-listing-badge').count()).toBe(1);

    // Browse leaves her listings out, and the count says so: the visitor's count less her open ones.
    const visitorTotal = Number((await apiCall('/api/listings?limit=0')).headers.get('X-Total-Count'));
    const me = (await (await apiCall('/api/auth/current-user', { cookie: alice })).json()) as { id: number };
    const mine = (await (await apiCall(`/api/users/${me.id}/listings`)).json()) as { user: { username: string } }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((listing) => listing.user.username === 'alice')).toBe(true);
    await page.goto('/browse?q=tomatoes');
    await page.getByTestId('result-count').getByText(/found/).waitFor();
    await eventually(() => cardTitles(page)).not.toContain('Fresh heirloom tomatoes, weekly basket');
    await page.goto('/browse');
    await expect
      .poll(() => page.getByTestId('result-count').innerText(), POLL)
      .toBe(`${visitorTotal - mine.length} listings found`);
    expect(errors).toEqual([]);
  });
});

describe('counts and the admin link', () => {
  it('home, community and admin count the same members, listings and barters', async () => {
    const { page } = await newPage(browser, { cookie: admin });
    const value = async (locator: ReturnType<Page['locator']>) => {
      await expect.poll(async () => /\d/.test(await locator.innerText()), POLL).toBe(true);
      return (await locator.innerText()).replace(/\D/g, '');
    };
    await page.goto('/');
    const home = {
      users: await value(page.getByTestId('counter-users').locator('.home-counter-value')),
      listings: await value(page.getByTestId('counter-skills').locator('.home-counter-value')),
      barters: await value(page.getByTestId('counter-barters').locator('.home-counter-value')),
    };
    await page.goto('/community');
    const community = {
      users: await value(page.getByTestId('community-stat-members').locator('.community-stat-value')),
      listings: await value(page.getByTestId('community-stat-level').locator('.community-stat-value')),
      barters: await value(page.getByTestId('community-stat-exchanges').locator('.community-stat-value')),
    };
    await page.goto('/admin');
    // While loading, each figure is a skeleton over a placeholder "0": wait for the loaded state.
    await page.getByText(/^Updated .*Refreshes every 30 seconds\.$/).waitFor();
    const adminFigures = {
      users: await value(page.getByTestId('admin-stat-Total Users').locator('.admin-stat-value')),
      listings: await value(page.getByTestId('admin-stat-Open Listings').locator('.admin-stat-value')),
      barters: await value(page.getByTestId('admin-stat-Completed Barters').locator('.admin-stat-value')),
    };
    expect(community).toEqual(home);
    expect(adminFigures).toEqual(home);
  });

  it('admins find /admin in the header and the phone menu; members do not', async () => {
    const desktop = await newPage(browser, { cookie: admin });
    await desktop.page.goto('/');
    await desktop.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click();
    await desktop.page.waitForURL(/\/admin$/);
    await desktop.page.getByRole('tab', { name: 'Analytics' }).waitFor();

    const phone = await newPage(browser, { cookie: admin, viewport: PHONE });
    await phone.page.goto('/');
    await phone.page.getByTestId('mobile-menu-button').click();
    await phone.page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click();
    await phone.page.waitForURL(/\/admin$/);
    await phone.page.getByRole('tab', { name: 'Analytics' }).waitFor();

    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await newPage(browser, { cookie: alice, viewport });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (viewport === PHONE) {
        await page.getByTestId('mobile-menu-button').click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Profile' }).waitFor();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).waitFor();
      }
      await eventually(() => page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    }
  });
});

describe('screenshots at 390 px', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`home and browse in the ${theme} theme`, async () => {
      const { page, errors } = await newPage(browser, { viewport: PHONE });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const [name, path] of [
        ['home', '/'],
        ['browse', DEMO_ONLY],
      ] as const) {
        await page.goto(path);
        const cards = page.getByTestId('listing-card');
        await cards.first().waitFor();
        await expect
          .poll(
            () =>
              cards
                .first()
                .locator('img')
                .first()
                .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
            POLL,
          )
          .toBe(true);
        if (name === 'home') await page.getByRole('region', { name: 'Featured Exchanges' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/marketplace-390-${name}-${theme}.png` });
        await page.screenshot({ path: `/tmp/marketplace-390-${name}-${theme}-full.png`, fullPage: true });
        await eventually(() => overflowsHorizontally(page)).toBe(false);
      }
      expect(errors).toEqual([]);
    });
  }
});
