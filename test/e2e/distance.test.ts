// Distance search in the browser: browse with a distance and a place shows how far each card is,
// the search bar's Near field suggests places from the gazetteer, an unknown place is explained,
// and the listing form's Location field suggests places too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  createListingFor,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  uniqueName,
} from '../support/browser';

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
    await eventually(() => resultCount(page)).toBe('1 listing found');
    const card = cards(page).first();
    await eventually(() => card.getByRole('heading').innerText()).toBe(`Oakland ${word} bike`);
    // Oakland's and San Francisco's centres are about 8 miles apart.
    await eventually(() => card.getByTestId('listing-distance').innerText()).toBe('8 mi away');

    // Any distance: both, each with its distance from San Francisco.
    await page.goto(`/browse?q=${word}&distance=any&near=${encodeURIComponent('San Francisco, CA')}`);
    await eventually(() => resultCount(page)).toBe('2 listings found');
    await eventually(async () => (await cards(page).getByTestId('listing-distance').allInnerTexts()).sort()).toEqual(
      ['2,693 mi away', '8 mi away'].sort(),
    );
    expect(errors).toEqual([]);
  });

  it('a picked distance keeps listings in range first, then those of unknown place as "distance unknown"; far ones go', async () => {
    const member = await createMember();
    const word = uniqueName('pick').toLowerCase();
    // Created last, so newest: it still comes after the listing in range.
    await createListingFor(member, { title: `Oakland ${word} ladder`, location: 'Oakland, CA' });
    await createListingFor(member, { title: `Boston ${word} ladder`, location: 'Boston, MA' });
    await createListingFor(member, { title: `Unplaced ${word} ladder`, location: 'Behind the old mill' });
    const { page, errors } = await newPage(browser);
    await page.goto(`/browse?q=${word}`);
    await eventually(() => resultCount(page)).toBe('3 listings found');

    // Picked in the search bar; with Near empty the server measures from its default place (Oakland, CA).
    const search = page.getByRole('search', { name: 'Search listings' });
    await search.getByLabel('Distance').selectOption('5');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/distance=5/);
    await eventually(() => resultCount(page)).toBe('2 listings found');
    await eventually(() => cards(page).getByRole('heading').allInnerTexts()).toEqual([
      `Oakland ${word} ladder`,
      `Unplaced ${word} ladder`,
    ]);
    await eventually(() => cards(page).getByTestId('listing-distance').allInnerTexts()).toEqual([
      'Under 1 mi away',
      'distance unknown',
    ]);
    await eventually(() => page.getByRole('main').getByRole('search').getByLabel('Distance').inputValue()).toBe('5');
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
    await eventually(() => options.first().innerText()).toBe('Berkeley, CA');
    await eventually(() => near.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => axeViolations(page)).toEqual([]);
    // The list hangs below the search card, not clipped by it: its last option is what a click hits.
    const last = options.last();
    const hitAtCentre = async () => {
      const box = await last.boundingBox();
      return (
        box &&
        page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        )
      );
    };
    await eventually(hitAtCentre).toBe(await last.innerText());

    await near.press('ArrowDown');
    await eventually(() => options.first().getAttribute('aria-selected')).toBe('true');
    await eventually(() => near.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await near.press('Enter');
    await eventually(() => near.inputValue()).toBe('Berkeley, CA');
    await eventually(() => near.getAttribute('aria-expanded')).toBe('false');

    await search.getByLabel('Distance').selectOption('5');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/near=Berkeley/);
    expect(new URL(page.url()).searchParams.get('distance')).toBe('5');
    // San Leandro is about 12 miles from Berkeley: outside 5 miles.
    await eventually(() => resultCount(page)).toBe('1 listing found');
    await eventually(() => cards(page).first().getByTestId('listing-distance').innerText()).toBe('Under 1 mi away');

    // The mouse picks a suggestion too.
    const again = page.getByRole('search', { name: 'Search listings' }).getByRole('combobox', { name: 'Near' });
    await again.fill('San Lea');
    await eventually(() => options.first().innerText()).toBe('San Leandro, CA');
    await options.first().click();
    await eventually(() => again.inputValue()).toBe('San Leandro, CA');
    expect(errors).toEqual([]);
  });

  it('explains a place it cannot find', async () => {
    const { page } = await newPage(browser);
    await page.goto('/browse?distance=25&near=Qqzzxx%20Heights');
    const alert = page.getByRole('main').getByRole('alert');
    await eventually(() => alert.innerText()).toContain('We could not find that place: “Qqzzxx Heights”');
  });

  it("the listing form's Location field suggests places", async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/browse');
    await page
      .getByRole('button', { name: /Create Listing|Post a Listing|New Listing/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const location = dialog.getByRole('combobox', { name: 'Location' });
    await location.fill('Emeryv');
    const option = dialog
      .getByRole('listbox', { name: 'Suggested places' })
      .getByRole('option', { name: 'Emeryville, CA' });
    await option.waitFor({ timeout: 10_000 });
    await option.click();
    await eventually(() => location.inputValue()).toBe('Emeryville, CA');
  });
});
