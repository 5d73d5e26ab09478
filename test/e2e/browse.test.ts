// Browse: titles that follow the search, server paging with the numbered pager, filters, empty
// and error states, and saving a search (members only).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingFor, createMember, eventually, launchBrowser, newPage, overflowsHorizontally, PHONE, uniqueName } from '../support/browser';

/** Chromium and the server share the machine's cores: a read may take more than poll's default second. */
const POLL = { timeout: 10_000 };

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
    await expect.poll(() => resultCount(page), POLL).toBe('11 listings found');
    await expect.poll(() => cards(page).count(), POLL).toBe(9);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(pager.getByRole('link', { name: 'Previous' }).getAttribute('aria-disabled')).resolves.toBe('true');
    // Newest first: the last one created leads page 1.
    await expect(cards(page).first().getByRole('heading').innerText()).resolves.toBe(`Paging ${word} item 11`);

    await pager.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => cards(page).count(), POLL).toBe(2);
    await expect(pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(pager.getByRole('link', { name: 'Next' }).getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(cards(page).last().getByRole('heading').innerText()).resolves.toBe(`Paging ${word} item 1`);
    expect(await resultCount(page)).toBe('11 listings found');

    await pager.getByRole('link', { name: 'Previous' }).click();
    await expect.poll(() => cards(page).count(), POLL).toBe(9);
    expect(errors).toEqual([]);
  });

  it('names the page after the category or the query', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?category=home');
    await page.getByRole('heading', { level: 1, name: 'Home & Garden Listings' }).waitFor();
    await expect.poll(() => page.title(), POLL).toBe('Home & Garden Listings | Barter Market');
    await cards(page).first().waitFor();
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Home & Garden');

    await page.goto('/browse');
    await page.getByRole('heading', { level: 1, name: 'All Listings' }).waitFor();
    await expect.poll(() => page.title(), POLL).toBe('All Listings | Barter Market');
  });

  it('filters by text and category together, and says "1 listing found"', async () => {
    const member = await createMember();
    const word = searchWord();
    await createListingFor(member, { title: `Soldering lesson ${word}`, categoriesOffered: ['tech'] });
    await createListingFor(member, { title: `Tomato seedlings ${word}`, categoriesOffered: ['food'] });
    const { page } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    await expect.poll(() => resultCount(page), POLL).toBe('2 listings found');

    // Refine with the search bar on the page.
    const search = page.getByRole('search', { name: 'Search listings' });
    await expect(search.getByLabel('What are you looking for?').inputValue()).resolves.toBe(word);
    await search.getByLabel('Category').selectOption('tech');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { level: 1, name: `Results for "${word}" in Technology` }).waitFor();
    await expect.poll(() => resultCount(page), POLL).toBe('1 listing found');
    await expect(cards(page).first().getByRole('heading').innerText()).resolves.toBe(`Soldering lesson ${word}`);
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
    // The select shows the spec's default, 50 miles; showing it is not picking it.
    await eventually(() => search.getByLabel('Distance').inputValue()).toBe('50');
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
    await eventually(() => page.getByRole('main').getByRole('search').getByLabel('Distance').inputValue()).toBe('50');
    expect(errors).toEqual([]);
  });

  it('opens a listing from its card', async () => {
    const member = await createMember();
    const word = searchWord();
    const listing = await createListingFor(member, { title: `Card link ${word}` });
    const { page } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    await cards(page).getByRole('link', { name: `Card link ${word}` }).click();
    await page.waitForURL(`**/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: `Card link ${word}` }).waitFor();
  });

  it('shows the empty state and the error state', async () => {
    const { page } = await newPage(browser);
    await page.goto(`/browse?q=${searchWord()}`);
    await page.getByRole('heading', { name: 'No listings found' }).waitFor();
    expect(await resultCount(page)).toBe('0 listings found');

    const failing = await newPage(browser);
    await failing.page.route('**/api/listings?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await failing.page.goto('/browse');
    await failing.page.getByText('Failed to load listings. Please try again later.').waitFor();
  });

  it('fits a 390 px phone', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/browse');
    await cards(page).first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
  });
});

describe('saved searches from browse', () => {
  it('is offered to members only', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?q=bike');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByRole('button', { name: 'Save Search' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Saved Searches' }).count()).resolves.toBe(0);
  });

  it('saves the search, then lists it in the Saved Searches dialog with a link that runs it', async () => {
    const member = await createMember();
    const word = searchWord();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto(`/browse?q=${word}&category=food`);
    await page.getByRole('button', { name: 'Save Search' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Search saved!' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain("You'll be notified when new matching items appear.");

    await page.goto('/browse');
    await page.getByRole('button', { name: 'Saved Searches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Saved Searches' });
    await dialog.getByText(`“${word}” in Food`).waitFor();
    await dialog.getByRole('link', { name: `Run search “${word}” in Food` }).click();
    await page.getByRole('heading', { level: 1, name: `Results for "${word}" in Food` }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('explains an empty search and a refused save', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/browse');
    await page.getByRole('button', { name: 'Save Search' }).click();
    const invalid = page.getByTestId('toast').filter({ hasText: 'Invalid search' });
    await invalid.waitFor();
    expect(await invalid.innerText()).toContain('Please provide at least a query or category');

    await page.route('**/api/stored-searches', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'You can save up to 20 searches' }) }),
    );
    await page.goto('/browse?q=lamp');
    await page.getByRole('button', { name: 'Save Search' }).click();
    const failed = page.getByTestId('toast').filter({ hasText: 'Failed to save search' });
    await failed.waitFor();
    expect(await failed.innerText()).toContain('You can save up to 20 searches');
  });
});
