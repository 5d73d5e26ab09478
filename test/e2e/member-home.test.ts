// A home that is the member's own (issue 25 item 8, decision 065): a signed-in member lands on
// their unread conversations, open offers, matches and circles and their listings' activity, with
// the marketplace below, at 1280 and 390 px in both themes; a guest's home loads none of it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  baseUrl,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  navigateInApp,
  newPage,
  overflowsHorizontally,
  PHONE,
  screenshot,
  setSessionCookie,
  settledRead,
  type TestMember,
} from '../support/browser';

let browser: Browser;
let owner: TestMember;
let offerer: TestMember;
let listingId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, offerer] = await Promise.all([
    createMember({ displayName: 'Olive Owner' }),
    createMember({ displayName: 'Otto Offerer' }),
  ]);
  listingId = (await createListingFor(owner, { title: 'Home: cast-iron pan', acceptOffers: true })).id;
  const given = (await createListingFor(offerer, { title: 'Home: bread knife' })).id;
  const made = await apiCall('/api/offers', {
    cookie: offerer.cookie,
    body: { listingId, givenListingIds: [given], message: 'Would you swap the pan?' },
  });
  if (made.status !== 201) throw new Error(`offer: ${made.status} ${await made.text()}`);
  const wanted = await apiCall(`/api/wants/${listingId}`, { method: 'PUT', cookie: offerer.cookie });
  if (wanted.status !== 200) throw new Error(`want: ${wanted.status}`);
  // The owner wants the knife back: a two-way match the owner's home names.
  const wantedBack = await apiCall(`/api/wants/${given}`, { method: 'PUT', cookie: owner.cookie });
  if (wantedBack.status !== 200) throw new Error(`want back: ${wantedBack.status}`);
});
afterAll(() => browser?.close());

const section = (page: Page) => page.getByRole('region', { name: 'Your activity' });

async function showsOwnersHome(page: Page, { scripts = true } = {}) {
  const mine = section(page);
  await mine.getByRole('heading', { level: 2, name: 'Your activity' }).waitFor();
  await eventually(() => mine.getByText('1 offer to answer').isVisible()).toBe(true);
  await eventually(() =>
    mine.getByRole('link', { name: `Otto Offerer · Home: cast-iron pan` }).getAttribute('href'),
  ).toMatch(new RegExp(`^/messages/${listingId}-`));
  await eventually(() =>
    mine.getByRole('link', { name: 'Home: cast-iron pan', exact: true }).getAttribute('href'),
  ).toBe(`/listing/${listingId}`);
  await eventually(() => mine.getByText('1 open offer · 1 want').isVisible()).toBe(true);
  if (scripts) {
    // The matches are read by the app after the section shows (decision 065).
    await eventually(() => mine.getByText('1 two-way match', { exact: true }).isVisible()).toBe(true);
    await eventually(() =>
      mine.getByRole('link', { name: 'Otto Offerer: Home: bread knife' }).getAttribute('href'),
    ).toMatch(/^\/listing\/\d+$/);
  } else {
    // Without scripts nothing reads them, and the section does not say it is finding them.
    expect(await mine.getByText('Finding your matches…').isVisible()).toBe(false);
  }
  await eventually(() => mine.getByRole('link', { name: 'See your matches' }).getAttribute('href')).toBe('/matches');
  await eventually(() => mine.getByRole('link', { name: 'Your trade circles' }).getAttribute('href')).toBe(
    '/trade-circles',
  );
}

describe("a member's own home", () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`puts the member's section above the marketplace at ${label} px, in both themes, with axe clean`, async () => {
      const { page, errors } = await newPage(browser, { viewport, cookie: owner.cookie });
      await page.goto('/');
      for (const appearance of ['light', 'dark'] as const) {
        await page.evaluate((value) => localStorage.setItem('theme', value), appearance);
        await page.reload();
        await showsOwnersHome(page);
        // The marketplace is below: the hero's heading comes after the section.
        const hero = page.getByRole('heading', { level: 1, name: 'Trade what you have for what you need' });
        await hero.waitFor();
        const [sectionTop, heroTop] = await Promise.all([
          section(page).evaluate((el) => el.getBoundingClientRect().top),
          hero.evaluate((el) => el.getBoundingClientRect().top),
        ]);
        expect(sectionTop).toBeLessThan(heroTop);
        expect(await overflowsHorizontally(page)).toBe(false);
        await screenshot(page, `member-home-${label}-${appearance}`, { fullPage: false });
        const found = await settledRead(
          () => axeViolations(page, { strictContrast: true }),
          (violations) => violations.length === 0,
        );
        expect(found).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }

  it('is reached by keyboard: Tab walks into the section and Enter opens the listing', async () => {
    const { page } = await newPage(browser, { viewport: PHONE, cookie: owner.cookie });
    await page.goto('/');
    await showsOwnersHome(page);
    // The listing's link, not the conversation's: opening the conversation would read it.
    const target = section(page).getByRole('link', { name: 'Home: cast-iron pan', exact: true });
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await target.evaluate((el) => document.activeElement === el);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).pathname).toBe(`/listing/${listingId}`);
  });

  it('shows with scripts off, from the HTML alone (no guest content first)', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, baseURL: baseUrl() });
    await setSessionCookie(context, owner.cookie);
    const page = await context.newPage();
    await page.goto('/');
    await showsOwnersHome(page, { scripts: false });
    await screenshot(page, 'member-home-first-screen-390', { fullPage: false });
    await context.close();
  });

  it('reads GET /api/home when the member comes back to home inside the app', async () => {
    const { page } = await newPage(browser, { viewport: DESKTOP, cookie: owner.cookie });
    await page.goto('/browse');
    await page.getByRole('heading', { level: 1, name: 'All Listings' }).waitFor();
    const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/home');
    await navigateInApp(page, '/');
    expect((await read).status()).toBe(200);
    await showsOwnersHome(page);
  });

  it("leaves a guest's home as it was: no section, no member code, no /api/home", async () => {
    const { page } = await newPage(browser, { viewport: DESKTOP });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Trade what you have for what you need' }).waitFor();
    await page.getByRole('region', { name: 'Featured Exchanges' }).getByTestId('listing-card').first().waitFor();
    expect(await section(page).count()).toBe(0);
    expect(requested.filter((path) => path === '/api/home' || path.includes('member-home'))).toEqual([]);
  });
});
