// The admin tabs a page at a time (decision 026): Load more follows the server's cursor, the
// summaries count every row, and searches of three characters or more ask the server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createListingFor,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  signInAs,
  uniqueName,
} from '../support/browser';

let browser: Browser;
let adminCookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInAs('admin');
});
afterAll(() => browser?.close());

/** The real server, asked for pages of two rows instead of the screen's fifty; the URLs the screen asked for are kept. */
async function smallPages(page: Page, path: string, asked: string[]) {
  await page.route(`**${path}?*`, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    url.searchParams.set('limit', '2');
    await route.fulfill({ response: await route.fetch({ url: url.toString() }) });
  });
}

const bodyRows = (page: Page, region: string) => page.getByRole('region', { name: region }).locator('tbody tr');

describe('admin users tab', () => {
  it('loads more members on request, counts them all, and searches the server from three characters', async () => {
    const member = await createMember({ displayName: `Paging ${uniqueName('p')}` });
    await createMember();
    await createMember();
    const total = Number(
      (await apiCall('/api/admin/users?limit=1', { cookie: adminCookie })).headers.get('X-Total-Count'),
    );
    const asked: string[] = [];
    const { context, page, errors } = await newPage(browser, { cookie: adminCookie });
    await smallPages(page, '/api/admin/users', asked);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users' }).click();
    await eventually(() => bodyRows(page, 'Users').count()).toBe(2);
    await eventually(() => page.getByText(/^\d+ members, newest first$/).innerText()).toMatch(/^\d+ members/);
    expect(
      Number((await page.getByText(/^\d+ members, newest first$/).innerText()).split(' ')[0]),
    ).toBeGreaterThanOrEqual(total);
    await page.getByRole('button', { name: 'Load more members' }).click();
    await eventually(() => bodyRows(page, 'Users').count()).toBe(4);
    expect(asked.some((search) => new URLSearchParams(search).has('before'))).toBe(true);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username.slice(0, 2));
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
    await page.getByTestId(`admin-user-${member.username}`).waitFor();
    // The newest member is already loaded and shows at once; the server is asked all the same, never with fewer than three characters.
    const searches = () => asked.map((search) => new URLSearchParams(search).get('search')).filter(Boolean);
    await eventually(searches).toContain(member.username.toLowerCase());
    expect(searches().every((text) => text!.length >= 3)).toBe(true);
    expect(errors).toEqual([]);
    // A search request may still be in flight: let the page go without its answer.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

describe('admin listings tab', () => {
  it('loads more listings on request and finds one by its title on the server', async () => {
    const owner = await createMember();
    const title = `Paging lamp ${uniqueName('l')}`;
    await createListingFor(owner, { title });
    await createListingFor(owner, { title: `Paging chair ${uniqueName('c')}` });
    await createListingFor(owner, { title: `Paging table ${uniqueName('t')}` });
    const asked: string[] = [];
    const { context, page, errors } = await newPage(browser, { cookie: adminCookie });
    await smallPages(page, '/api/admin/listings', asked);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Listings' }).click();
    await eventually(() => bodyRows(page, 'Listings').count()).toBe(2);
    await page
      .getByText(/^\d+ listings?, \d+ featured\. Featured active listings show on the home page \(up to 6\)\.$/)
      .waitFor();
    await page.getByRole('button', { name: 'Load more listings' }).click();
    await eventually(() => bodyRows(page, 'Listings').count()).toBe(4);
    await page.getByRole('searchbox', { name: 'Search listings' }).fill(title);
    await eventually(() => page.getByRole('button', { name: `Featured: ${title}` }).count()).toBe(1);
    // Already loaded, it shows at once; the server is asked all the same.
    await eventually(() => asked.map((search) => new URLSearchParams(search).get('search'))).toContain(
      title.toLowerCase(),
    );
    await eventually(() => page.getByRole('button', { name: `Featured: ${title}` }).count()).toBe(1);
    expect(errors).toEqual([]);
    // A search request may still be in flight: let the page go without its answer.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
