// A visitor's full load of every public page sends no request that answers an error: the member
// comes with the page since decision 048, so no session call answers 401, and nothing else a page
// loads (API reads, scripts, styles, images, fonts) answers 4xx or 5xx (decision 058, issue 24).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, newPage } from '../support/browser';

const PAGES = [
  '/',
  '/browse',
  '/community',
  '/about',
  '/help',
  '/faq',
  '/safety',
  '/safety-guidelines',
  '/community-standards',
  '/value-guide',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/login',
  '/signup',
  '/forgot-password',
  '/profile/alice',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function failedRequests(path: string) {
  const { page, context, errors } = await newPage(browser);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${new URL(request.url()).pathname}`));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...failed, ...errors.map((error) => `page error: ${error}`)];
}

describe('a visitor loading the public pages', () => {
  it('sends no request that answers an error', async () => {
    const [listing] = (await (await apiCall('/api/listings?limit=1')).json()) as { id: number }[];
    expect(listing?.id, 'a demo listing').toBeTypeOf('number');
    const found: string[] = [];
    for (const path of [...PAGES, `/listing/${listing!.id}`])
      found.push(...(await failedRequests(path)).map((line) => `${path}: ${line}`));
    expect(found).toEqual([]);
  });
});
