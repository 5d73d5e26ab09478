// Browse: titles that follow the search, server paging with the numbered pager, filters, empty
// and error states, and saving a search (members only).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createListingFor,
  createMember,
  eventually,
  launchBrowser,
  navigateInApp,
  newPage,
  overflowsHorizontally,
  PHONE,
  screenshot,
  uniqueName,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const resultCount = (page: Page) => page.getByTestId('result-count').innerText();
const cards = (page: Page) => page.getByRole('main').getByTestId('listing-card');
/** A word no other listing contains, so a search finds exactly this test's listings. */
const searchWord = () => uniqueName('zq').toLowerCase();

describe('browse', () => {
  it('pages through the full result, nine at a time', async () => {
    const member = await createMember();
    const word = searchWord();
    for (let i = 1; i <= 11; i++) await createListingFor(member, { title: `Paging ${word} item ${i}` });
    const { page, errors } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    await page.getByRole('heading', { level: 1, name: `Results for "${word}"` }).waitFor();
    await eventually(() => resultCount(page)).toBe('11 listings found');
    await eventually(() => cards(page).count()).toBe(9);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await eventually(() => pager.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await eventually(() => pager.getByRole('link', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');
    // Newest first: the last one created leads page 1.
    await eventually(() => cards(page).first().getByRole('heading').innerText()).toBe(`Paging ${word} item 11`);

    await pager.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await eventually(() => cards(page).count()).toBe(2);
    await eventually(() => pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await eventually(() => pager.getByRole('link', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    await eventually(() => cards(page).last().getByRole('heading').innerText()).toBe(`Paging ${word} item 1`);
    await eventually(() => resultCount(page)).toBe('11 listings found');

    await pager.getByRole('link', { name: 'Previous' }).click();
    await eventually(() => cards(page).count()).toBe(9);
    expect(errors).toEqual([]);
  });

  it('names the page after the category or the query', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?category=home');
    await page.getByRole('heading', { level: 1, name: 'Home & Garden Listings' }).waitFor();
    await eventually(() => page.title()).toBe('Home & Garden Listings | Barter Market');
    await cards(page).first().waitFor();
    await eventually(async () =>
      (await cards(page).allInnerTexts()).filter((text) => !text.includes('Home & Garden')),
    ).toEqual([]);

    await page.goto('/browse');
    await page.getByRole('heading', { level: 1, name: 'All Listings' }).waitFor();
    await eventually(() => page.title()).toBe('All Listings | Barter Market');
  });

  it('filters by text and category together, and says "1 listing found"', async () => {
    const member = await createMember();
    const word = searchWord();
    await createListingFor(member, { title: `Soldering lesson ${word}`, categoriesOffered: ['tech'] });
    await createListingFor(member, { title: `Tomato seedlings ${word}`, categoriesOffered: ['food'] });
    const { page } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    await eventually(() => resultCount(page)).toBe('2 listings found');

    // Refine with the search bar on the page.
    const search = page.getByRole('search', { name: 'Search listings' });
    await eventually(() => search.getByLabel('What are you looking for?').inputValue()).toBe(word);
    await search.getByLabel('Category').selectOption('tech');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { level: 1, name: `Results for "${word}" in Technology` }).waitFor();
    await eventually(() => resultCount(page)).toBe('1 listing found');
    await eventually(() => cards(page).first().getByRole('heading').innerText()).toBe(`Soldering lesson ${word}`);
  });

  it('finds every listing that matches the text when no distance is picked: far away and of unknown place too', async () => {
    const member = await createMember();
    const word = searchWord();
    await createListingFor(member, { title: `Nearby ${word} kettle`, location: 'Oakland, CA' });
    await createListingFor(member, { title: `Faraway ${word} kettle`, location: 'Boston, MA' });
    await createListingFor(member, { title: `Unplaced ${word} kettle`, location: 'Behind the old mill' });
    const { page, errors } = await newPage(browser);
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search listings' });
    // No place and no picked distance: the select claims no "Within 50 miles" that would not apply.
    await eventually(() => search.getByLabel('Distance').inputValue()).toBe('any');
    await search.getByLabel('What are you looking for?').fill(word);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/browse');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: word });
    await eventually(() => resultCount(page)).toBe('3 listings found');
    await eventually(async () => (await cards(page).getByRole('heading').allInnerTexts()).sort()).toEqual(
      [`Faraway ${word} kettle`, `Nearby ${word} kettle`, `Unplaced ${word} kettle`].sort(),
    );
    // No distance and no place: the cards do not say how far.
    await eventually(() => cards(page).getByTestId('listing-distance').count()).toBe(0);
    await eventually(() => page.getByRole('main').getByRole('search').getByLabel('Distance').inputValue()).toBe('any');
    expect(errors).toEqual([]);
  });

  it('opens a listing from its card', async () => {
    const member = await createMember();
    const word = searchWord();
    const listing = await createListingFor(member, { title: `Card link ${word}` });
    const { page } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    await cards(page)
      .getByRole('link', { name: `Card link ${word}` })
      .click();
    await page.waitForURL(`**/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: `Card link ${word}` }).waitFor();
  });

  it('shows the empty state and the error state', async () => {
    const { page } = await newPage(browser);
    await page.goto(`/browse?q=${searchWord()}`);
    await page.getByRole('heading', { name: 'No listings found' }).waitFor();
    await eventually(() => resultCount(page)).toBe('0 listings found');

    const failing = await newPage(browser);
    await failing.page.route('**/api/listings?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    // A full load of /browse carries its page in the HTML (decision 048): reached from another
    // page, Browse reads it itself.
    await failing.page.goto('/about');
    await failing.page.getByRole('heading', { level: 1 }).waitFor();
    await navigateInApp(failing.page, '/browse');
    await failing.page.getByText('Failed to load listings. Please try again later.').waitFor();
  });

  it('says "400+ listings found" for a count that is a lower bound, and links no page past its results', async () => {
    const member = await createMember();
    const word = searchWord();
    await createListingFor(member, { title: `Window ${word} lamp` });
    const { page, errors } = await newPage(browser);
    // The real reply, with the count the server gives a word matching more listings than a search
    // considers (decision 041): 400, marked as a lower bound.
    await page.route('**/api/listings?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-total-count': '400', 'x-total-count-exact': 'false' },
      });
    });
    await page.goto(`/browse?q=${word}`);
    await eventually(() => resultCount(page)).toBe('400+ listings found');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    // 400 results, 9 a page: page 45 is the last one linked.
    await eventually(() => pager.getByRole('link', { name: 'Page 45' }).count()).toBe(1);
    expect(await pager.getByRole('link', { name: 'Page 46' }).count()).toBe(0);
    await page
      .getByText('Only the first 1,000 results can be shown. Add a word, a category or a distance to see others.')
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('counts browsing exactly, and stops its pager at the first 1,000 results', async () => {
    const { page } = await newPage(browser);
    // As the server counts every public listing of a large instance (a counter row, exact).
    await page.route('**/api/listings?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-total-count': '100000', 'x-total-count-exact': 'true' },
      });
    });
    // Reached from another page, so Browse reads its page (a full load carries it: decision 048).
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await navigateInApp(page, '/browse');
    await eventually(() => resultCount(page)).toBe('100,000 listings found');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await eventually(() => pager.getByRole('link', { name: 'Page 112' }).count()).toBe(1);
    expect(await pager.getByRole('link', { name: 'Page 11112' }).count()).toBe(0);
  });

  it('explains a page past the first 1,000 results (the server refuses it) instead of failing', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?page=200');
    await page.getByRole('heading', { name: 'Only the first 1,000 results can be shown' }).waitFor();
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await page.waitForURL((url) => !url.search.includes('page='));
    await cards(page).first().waitFor();
  });

  it('fits a 390 px phone', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/browse');
    await cards(page).first().waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
  });
});

describe('saved searches from browse', () => {
  it('is offered to members only', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?q=bike');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await eventually(() => page.getByRole('button', { name: 'Save Search' }).count()).toBe(0);
    await eventually(() => page.getByRole('button', { name: 'Saved Searches' }).count()).toBe(0);
  });

  it('saves the search, then lists it in the Saved Searches dialog with a link that runs it', async () => {
    const member = await createMember();
    const word = searchWord();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto(`/browse?q=${word}&category=food`);
    await page.getByRole('button', { name: 'Save Search' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Search saved!' });
    await toast.waitFor();
    await eventually(() => toast.innerText()).toContain("You'll be notified when new matching items appear.");

    await page.goto('/browse');
    await page.getByRole('button', { name: 'Saved Searches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Saved Searches' });
    await dialog.getByText(`“${word}” in Food`).waitFor();
    await dialog.getByRole('link', { name: `Run search “${word}” in Food` }).click();
    await page.getByRole('heading', { level: 1, name: `Results for "${word}" in Food` }).waitFor();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
  });

  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])(
    'says "Saved" for a saved search, never saves it twice, and mutes or deletes it from the results (%s)',
    async (_, viewport) => {
      const member = await createMember();
      const word = searchWord();
      const { page, errors } = await newPage(browser, { cookie: member.cookie, ...(viewport ? { viewport } : {}) });
      await page.goto(`/browse?q=${word}&category=food`);
      await page.getByRole('button', { name: 'Save Search' }).click();
      const saved = page.getByRole('button', { name: 'Saved', exact: true });
      await saved.waitFor();
      // Focus follows to the button that replaced the one pressed.
      await eventually(() => saved.evaluate((el) => el === document.activeElement)).toBe(true);
      // The same search typed differently (case, "all" categories aside) is the same saved search.
      await page.goto(`/browse?q=${word.toUpperCase()}&category=food`);
      await saved.waitFor();
      await eventually(() => page.getByRole('button', { name: 'Save Search' }).count()).toBe(0);
      await screenshot(page, `saved-search-${viewport ? 390 : 1280}`);
      // Mute, by keyboard.
      await saved.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Mute alerts' }).waitFor();
      await page.keyboard.press('Enter');
      const muted = page.getByRole('button', { name: 'Saved, alerts muted' });
      await muted.waitFor();
      const list = async () =>
        (await apiCall(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie })).json() as Promise<any[]>;
      await eventually(async () => (await list()).map((s) => s.notificationsEnabled)).toEqual([false]);
      // Delete: the button is Save Search again, focused, and nothing is left saved.
      await muted.click();
      await page.getByRole('menuitem', { name: 'Delete saved search' }).click();
      const again = page.getByRole('button', { name: 'Save Search' });
      await again.waitFor();
      await eventually(() => again.evaluate((el) => el === document.activeElement)).toBe(true);
      await eventually(async () => (await list()).length).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it('explains an empty search and a refused save', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/browse');
    await page.getByRole('button', { name: 'Save Search' }).click();
    const invalid = page.getByTestId('toast').filter({ hasText: 'Invalid search' });
    await invalid.waitFor();
    await eventually(() => invalid.innerText()).toContain('Please provide at least a query or category');

    await page.route('**/api/stored-searches', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'You can save up to 20 searches' }),
      }),
    );
    await page.goto('/browse?q=lamp');
    await page.getByRole('button', { name: 'Save Search' }).click();
    const failed = page.getByTestId('toast').filter({ hasText: 'Failed to save search' });
    await failed.waitFor();
    await eventually(() => failed.innerText()).toContain('You can save up to 20 searches');
  });
});
