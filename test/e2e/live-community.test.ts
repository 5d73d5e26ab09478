// The community feed pushed over a socket (decision 028): the home page's Live Activity Feed and
// the community page's tiles update without any request, and the requests a page makes are the
// ones the quota report counts (scripts/lib/pages.mjs), read from Chromium's network log.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createListingFor, createMember, eventually, launchBrowser, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The API paths and the WebSockets the page opens, in order. */
function networkLog(page: Page) {
  const reads: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) reads.push(path);
  });
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  return { reads, sockets };
}

const membersLine = (page: Page) =>
  page
    .getByRole('region', { name: 'Live Activity Feed' })
    .getByText(/members? (have|has) joined the community/)
    .locator('xpath=..');
const countIn = async (page: Page) => Number((await membersLine(page).innerText()).replace(/[^\d]/g, ''));

describe('the live community feed', () => {
  it('updates the home feed within 15 seconds of a change, over one socket and without a request', async () => {
    const { page, errors } = await newPage(browser);
    const { reads, sockets } = networkLog(page);
    await page.goto('/');
    await membersLine(page).waitFor();
    await page.waitForLoadState('networkidle');
    const before = await countIn(page);
    expect(sockets.filter((p) => p === '/api/analytics/ws')).toHaveLength(1);
    // The first frame brought the figures: the page did not read them.
    expect(reads.filter((p) => p.startsWith('/api/analytics/'))).toEqual([]);
    const readsBefore = reads.length;

    await createMember();
    await expect.poll(() => countIn(page), { timeout: 25_000, interval: 250 }).toBe(before + 1);
    await page.getByText(/updated \d/).waitFor();
    // Nothing was fetched for it, and the socket is still the one.
    expect(reads.slice(readsBefore).filter((p) => p.startsWith('/api/analytics/'))).toEqual([]);
    expect(sockets.filter((p) => p === '/api/analytics/ws')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('shows the community tiles from the socket, and keeps one socket per tab from home to community', async () => {
    const { page, errors } = await newPage(browser);
    const { reads, sockets } = networkLog(page);
    await page.goto('/');
    await membersLine(page).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Community' }).first().click();
    await page.waitForURL('**/community');
    const dashboard = (await (await apiCall('/api/analytics/dashboard')).json()) as { totalUsers: number };
    await eventually(() =>
      page.getByTestId('community-stat-members').locator('.community-stat-value').innerText(),
    ).toBe(dashboard.totalUsers.toLocaleString('en-US'));
    expect(reads.filter((p) => p.startsWith('/api/analytics/'))).toEqual([]);
    expect(sockets.filter((p) => p === '/api/analytics/ws')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('reads a seller once per visit: a second listing of the same seller takes the card from the cache', async () => {
    const seller = await createMember({ displayName: 'Cora Cached' });
    const first = await createListingFor(seller, { title: 'Hand-thrown mugs' });
    const second = await createListingFor(seller, { title: 'Pottery lessons' });
    const { page } = await newPage(browser);
    const { reads } = networkLog(page);
    await page.goto(`/listing/${first.id}`);
    await page.getByRole('link', { name: 'Cora Cached' }).first().click();
    await page.waitForURL(`**/profile/${seller.username}`);
    await page
      .getByRole('link', { name: /Pottery lessons/ })
      .first()
      .click();
    await page.waitForURL(`**/listing/${second.id}`);
    await page.getByRole('heading', { name: 'Pottery lessons' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The card reads the seller by username, as the profile page does: the first listing's page
    // carried it (decision 048), so the whole visit reads it not once.
    expect(reads.filter((p) => p === `/api/users/username/${seller.username}`)).toHaveLength(0);
    expect(reads.filter((p) => p === `/api/listings/${second.id}`)).toHaveLength(1);
  });
});
