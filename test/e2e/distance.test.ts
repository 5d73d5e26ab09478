// Distance search in the browser: browse with a distance and a place shows how far each card is,
// the search bar's Near field suggests places from the gazetteer, an unknown place is explained,
// and the listing form's Location field suggests places too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, createListingFor, createMember, launchBrowser, newPage, uniqueName } from '../support/browser';

const POLL = { timeout: 10_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const cards = (page: Page) => page.getByRole('main').getByTestId('listing-card');
const resultCount = (page: Page) => page.getByTestId('result-count').innerText();

describe('distance search', () => {
  it('browse with a distance and a place keeps nearby listings and says how far they are', async () => {
    const member = await createMember();
    const word = uniqueName('geo').toLowerCase();
    await createListingFor(member, { title: `Oakland ${word} bike`, location: 'Oakland, CA' });
    await createListingFor(member, { title: `Boston ${word} bike`, location: 'Boston, MA' });
    const { page, errors } = await newPage(browser);

    await page.goto(`/browse?q=${word}&distance=25&near=${encodeURIComponent('San Francisco, CA')}`);
    await expect.poll(() => resultCount(page), POLL).toBe('1 listing found');
    const card = cards(page).first();
    await expect(card.getByRole('heading').innerText()).resolves.toBe(`Oakland ${word} bike`);
    // Oakland's and San Francisco's centres are about 8 miles apart.
    await expect(card.getByTestId('listing-distance').innerText()).resolves.toBe('8 mi away');

    // Any distance: both, each with its distance from San Francisco.
    await page.goto(`/browse?q=${word}&distance=any&near=${encodeURIComponent('San Francisco, CA')}`);
    await expect.poll(() => resultCount(page), POLL).toBe('2 listings found');
    const distances = await cards(page).getByTestId('listing-distance').allInnerTexts();
    expect(distances.sort()).toEqual(['2,693 mi away', '8 mi away'].sort());
    expect(errors).toEqual([]);
  });

  it('the Near field suggests places; picking one and searching measures from it', async () => {
    const member = await createMember();
    const word = uniqueName('near').toLowerCase();
    await createListingFor(member, { title: `Berkeley ${word} lamp`, location: 'Berkeley, CA' });
    await createListingFor(member, { title: `San Leandro ${word} lamp`, location: 'San Leandro, CA' });
    const { page, errors } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    const search = page.getByRole('search', { name: 'Search listings' });
    const near = search.getByRole('combobox', { name: 'Near' });
    await near.fill('berkel');
    const options = page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');
    await expect.poll(() => options.first().innerText(), POLL).toBe('Berkeley, CA');
    await expect(near.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    // The list hangs below the search card, not clipped by it: its last option is what a click hits.
    const last = options.last();
    const box = (await last.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toBe(await last.innerText());

    await near.press('ArrowDown');
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await expect(near.getAttribute('aria-activedescendant')).resolves.toBe(await options.first().getAttribute('id'));
    await near.press('Enter');
    await expect(near.inputValue()).resolves.toBe('Berkeley, CA');
    await expect(near.getAttribute('aria-expanded')).resolves.toBe('false');

    await search.getByLabel('Distance').selectOption('5');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/near=Berkeley/);
    expect(new URL(page.url()).searchParams.get('distance')).toBe('5');
    // San Leandro is about 12 miles from Berkeley: outside 5 miles.
    await expect.poll(() => resultCount(page), POLL).toBe('1 listing found');
    await expect(cards(page).first().getByTestId('listing-distance').innerText()).resolves.toBe('Under 1 mi away');

    // The mouse picks a suggestion too.
    const again = page.getByRole('search', { name: 'Search listings' }).getByRole('combobox', { name: 'Near' });
    await again.fill('San Lea');
    await expect.poll(() => options.first().innerText(), POLL).toBe('San Leandro, CA');
    await options.first().click();
    await expect(again.inputValue()).resolves.toBe('San Leandro, CA');
    expect(errors).toEqual([]);
  });

  it('explains a place it cannot find', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?distance=25&near=Qqzzxx%20Heights');
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.innerText(), POLL).toContain('We could not find that place: “Qqzzxx Heights”');
  });

  it("the listing form's Location field suggests places", async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/browse');
    await page.getByRole('button', { name: /Create Listing|Post a Listing|New Listing/i }).first().click();
    const dialog = page.getByRole('dialog');
    const location = dialog.getByRole('combobox', { name: 'Location' });
    await location.fill('Emeryv');
    const option = dialog.getByRole('listbox', { name: 'Suggested places' }).getByRole('option', { name: 'Emeryville, CA' });
    await option.waitFor({ timeout: 10_000 });
    await option.click();
    await expect(location.inputValue()).resolves.toBe('Emeryville, CA');
  });
});
