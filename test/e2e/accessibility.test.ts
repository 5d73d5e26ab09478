// Every route, as visitor, member and admin: no serious or critical axe violation (light and
// dark themes) and nothing overflowing sideways on a 390 px phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, createMember, launchBrowser, newPage, overflowsHorizontally, PHONE, signInAs } from '../support/browser';

const PUBLIC_ROUTES = [
  '/', '/browse', '/browse?category=home', '/browse?q=bike', '/listing/1', '/community', '/profile/alice', '/auth', '/login', '/signup',
  '/verify-email', '/verify-email?token=not-a-real-token', '/forgot-password', '/reset-password?token=abc', '/about', '/terms', '/privacy',
  '/contact', '/help', '/safety', '/community-standards', '/cookies', '/safety-guidelines', '/value-guide', '/faq', '/messages', '/profile',
  '/admin', '/dev/outbox', '/no-such-page',
];
const MEMBER_ROUTES = ['/', '/browse', '/listing/1', '/messages', '/profile', '/profile/alice', '/community', '/admin', '/welcome'];
const ADMIN_ROUTES = ['/admin'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until the route has rendered its content (network quiet, no loading skeleton left). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
}

async function sweep(routes: string[], cookie?: string) {
  const failures: string[] = [];
  const desktop = await newPage(browser, { cookie });
  const phone = await newPage(browser, { cookie, viewport: PHONE });
  for (const route of routes) {
    for (const appearance of ['light', 'dark'] as const) {
      await desktop.page.addInitScript((value) => localStorage.setItem('theme', value), appearance);
      await desktop.page.goto(route);
      await settle(desktop.page);
      for (const violation of await axeViolations(desktop.page)) failures.push(`${route} [${appearance}] ${violation}`);
    }
    await phone.page.goto(route);
    await settle(phone.page);
    if (await overflowsHorizontally(phone.page)) failures.push(`${route} overflows horizontally at 390 px`);
  }
  failures.push(...desktop.errors.map((e) => `page error: ${e}`), ...phone.errors.map((e) => `page error: ${e}`));
  await desktop.context.close();
  await phone.context.close();
  return failures;
}

describe('accessibility and phone layout on every route', () => {
  it('as a visitor', { timeout: 300_000 }, async () => {
    expect(await sweep(PUBLIC_ROUTES)).toEqual([]);
  });

  it('as a member', { timeout: 300_000 }, async () => {
    const member = await createMember();
    expect(await sweep(MEMBER_ROUTES, member.cookie)).toEqual([]);
  });

  it('as an admin', { timeout: 120_000 }, async () => {
    expect(await sweep(ADMIN_ROUTES, await signInAs('admin'))).toEqual([]);
  });
});
