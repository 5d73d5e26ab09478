// The first screen in the HTML (decision 055) as a phone shows it: with scripts off, the listing's
// title and the home page's content are there; with scripts on, the SPA takes the page over.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  baseUrl,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  PHONE,
  uniqueName,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('first screen', () => {
  it("shows a listing's title and the home page's content on a phone with scripts off", async () => {
    const member = await createMember();
    const title = uniqueName('First screen lamp');
    const listing = await createListingFor(member, { title });
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto(`/listing/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(title);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      'Trade what you have for what you need',
    );
    expect(await page.getByRole('search', { name: 'Search listings' }).isVisible()).toBe(true);
    await context.close();
  });

  it('meets WCAG 2.2 AA before the scripts run: home, browse, a listing and a profile, both themes, phone and desktop', async () => {
    const member = await createMember();
    const listing = await createListingFor(member, { title: uniqueName('First screen axe lamp') });
    for (const appearance of ['light', 'dark']) {
      for (const viewport of [PHONE, DESKTOP]) {
        const context = await browser.newContext({ viewport, baseURL: baseUrl() });
        await context.addCookies([{ name: 'theme', value: appearance, url: baseUrl() }]);
        // The app's scripts never arrive: the page stays as its HTML drew it.
        await context.route('**/assets/*.js', (route) => route.abort());
        const page = await context.newPage();
        for (const path of ['/', '/browse', `/listing/${listing.id}`, `/profile/${member.username}`]) {
          await page.goto(path);
          expect(await page.locator(`#root > .fs[data-appearance="${appearance}"]`).count(), path).toBe(1);
          expect(
            await axeViolations(page, { strictContrast: true }),
            `${path} ${appearance} ${viewport.width}`,
          ).toEqual([]);
        }
        await context.close();
      }
    }
  });

  it('hands the page to the SPA, which replaces the first screen', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/');
    await eventually(() => page.locator('#root .fs').count()).toBe(0);
    await eventually(() => page.getByRole('button', { name: /How It Works/ }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
