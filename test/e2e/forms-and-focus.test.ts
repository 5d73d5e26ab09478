// Issue 25, items 9 and 13 (its general points), at 1280 and 390 px, by keyboard: focus moves to the
// new page's heading on navigation, "Skip to results" on browse, the Create Listing dialog gives
// focus back to what opened it (the menu button on a phone), its waiting submit stays reachable and
// says what is missing; place suggestions put the community's town first and the distance select
// claims no "Within 50 miles" without a place.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  PHONE,
  screenshot,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WIDTHS = [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const;

/** The focused element's tag, text and test id, read in the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.innerText ?? '').trim(),
      id: el?.id ?? '',
      invalid: el?.getAttribute('aria-invalid') ?? null,
      label: el?.getAttribute('aria-label') ?? null,
    };
  });

/** Presses Tab until `matches` says the focused element is the one wanted (at most `limit` times). */
async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (matches(await focused(page))) return;
  }
  throw new Error(`not reached by Tab: ${JSON.stringify(await focused(page))}`);
}

describe.each(WIDTHS)('focus where the work is, by keyboard, at %s px', (width, viewport) => {
  it('moves focus to the new page heading on every route change', async () => {
    const { page, errors } = await newPage(browser, { viewport });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A footer link (there on both widths), pressed with Enter.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Community', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/community');
    await eventually(() => focused(page)).toMatchObject({ tag: 'h1' });
    // And on to another page from inside the new one: the heading again, never <body>.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/help');
    await eventually(async () => (await focused(page)).tag).toBe('h1');
    expect((await focused(page)).text).toBe(await page.getByRole('heading', { level: 1 }).innerText());
    // Back also lands on the heading.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/community');
    await eventually(async () => (await focused(page)).tag).toBe('h1');
    expect(errors).toEqual([]);
  });

  it('offers "Skip to results" on browse, past the search form', async () => {
    const { page, errors } = await newPage(browser, { viewport });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Food' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/browse');
    await eventually(async () => (await focused(page)).tag).toBe('h1');
    // The next Tab is the skip link, shown while focused.
    await page.keyboard.press('Tab');
    await eventually(async () => (await focused(page)).text).toBe('Skip to results');
    const skip = page.getByRole('link', { name: 'Skip to results' });
    const box = (await skip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    await screenshot(page, `skip-to-results-${width}`, { fullPage: false });
    await page.keyboard.press('Enter');
    await eventually(async () => (await focused(page)).id).toBe('browse-results');
    // Tab goes on into the results, not back to the form.
    await page.keyboard.press('Tab');
    const inResults = await page.evaluate(() =>
      document.getElementById('browse-results')!.contains(document.activeElement),
    );
    expect(inResults).toBe(true);
    expect(errors).toEqual([]);
  });

  it('gives focus back to what opened Create Listing, and keeps its submit reachable with what is missing', async () => {
    const member = await createMember();
    const { page, errors } = await newPage(browser, { viewport, cookie: member.cookie });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const phone = viewport.width < 600;
    const opener = phone
      ? page.getByRole('button', { name: 'Open menu' })
      : page.getByRole('banner').getByRole('button', { name: 'Create Listing' });
    await opener.focus();
    await page.keyboard.press('Enter');
    if (phone) {
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name: 'Create Listing' }).waitFor();
      await menu.getByRole('button', { name: 'Create Listing' }).focus();
      await page.keyboard.press('Enter');
    }
    const dialog = page.getByRole('dialog', { name: 'Create Listing' });
    await dialog.getByLabel('Title').waitFor();
    // The empty form's submit is reachable by Tab, says why it waits, and pressed shows what is missing.
    const submit = dialog.getByRole('button', { name: 'Create Listing' });
    await tabTo(page, (f) => f.tag === 'button' && f.text === 'Create Listing');
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    const reason = dialog.getByTestId('submit-reason');
    expect(await submit.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    await page.keyboard.press('Enter');
    await eventually(() => dialog.getByTestId('field-error').count()).toBeGreaterThan(2);
    await eventually(async () => (await focused(page)).invalid).toBe('true');
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('id') ?? '')).toBe(
      (await dialog.getByLabel('Title').getAttribute('id'))!,
    );
    await screenshot(page, `create-listing-missing-${width}`);
    expect(await axeViolations(page)).toEqual([]);
    // Escape closes it; focus is back on the button that opened it (on a phone, the menu's).
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe.each(WIDTHS)('places near the community first, at %s px', (width, viewport) => {
  it('suggests Albany, CA first for the Oakland community, and claims a distance only with a place', async () => {
    const { page, errors } = await newPage(browser, { viewport });
    await page.goto('/browse');
    const search = page.getByRole('main').getByRole('search', { name: 'Search listings' });
    const query = search.getByLabel('What are you looking for?');
    await query.focus();
    const near = search.getByRole('combobox', { name: 'Near' });
    const distance = search.getByLabel('Distance');
    await eventually(() => distance.inputValue()).toBe('any');
    await near.fill('Albany');
    const options = search.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');
    await eventually(() => options.first().innerText()).toBe('Albany, CA');
    await eventually(async () => (await options.allInnerTexts()).slice(1)).toContain('Albany, NY');
    await screenshot(page, `albany-${width}`, { fullPage: false });
    await near.press('ArrowDown');
    await near.press('Enter');
    await eventually(() => near.inputValue()).toBe('Albany, CA');
    // A place is in effect: the spec's default of 50 miles shows, and is what the search sends.
    await eventually(() => distance.inputValue()).toBe('50');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('near') === 'Albany, CA');
    expect(new URL(page.url()).searchParams.get('distance')).toBe('50');
    expect(errors).toEqual([]);
  });
});
