// The numbered pager marks one page as the current one: on page 2, neither "Page 1" nor
// "Previous" (both lead to the first page, whose search is part of every page's) says "current".
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingFor, createMember, eventually, launchBrowser, newPage, uniqueName } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('pager', () => {
  it('marks only the page shown as current', async () => {
    const member = await createMember();
    const word = uniqueName('zp').toLowerCase();
    for (let i = 1; i <= 19; i++) await createListingFor(member, { title: `Pager ${word} item ${i}` });
    const { page, errors } = await newPage(browser);
    await page.goto(`/browse?q=${word}&page=2`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await eventually(() => pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const current = await pager.locator('[aria-current]').evaluateAll((links) => links.map((a) => a.textContent));
    expect(current).toEqual(['2']);
    expect(errors).toEqual([]);
  });
});
