// The member and staff screens in German and French on a phone (decision 068, "Translated
// folders": profile, moderation, admin, dev): the saved language (the `lang` cookie) paints them,
// nothing overflows sideways at 390 px, and axe finds nothing serious.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  signInAs,
  type TestMember,
} from '../support/browser';
import { readIn, words } from '../support/languages';

interface Screen {
  path: string;
  who: 'member' | 'admin' | 'visitor';
  /** A heading or tab the screen shows, by its message key: in German or French it is not the English. */
  shows: { role: 'heading' | 'tab'; key: string };
}

const SCREENS: Screen[] = [
  { path: '/profile', who: 'member', shows: { role: 'heading', key: 'profile_completed_barters' } },
  { path: '/profile/alice', who: 'member', shows: { role: 'tab', key: 'profile_tab_reviews' } },
  { path: '/settings/reports', who: 'member', shows: { role: 'heading', key: 'moderation_your_reports' } },
  { path: '/admin', who: 'admin', shows: { role: 'heading', key: 'admin_dashboard' } },
  { path: '/admin/reports', who: 'admin', shows: { role: 'heading', key: 'admin_queue' } },
  { path: '/admin/audit', who: 'admin', shows: { role: 'heading', key: 'admin_audit_log' } },
  { path: '/dev/outbox', who: 'visitor', shows: { role: 'heading', key: 'dev_outbox' } },
];

let browser: Browser;
let member: TestMember;
let adminCookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
  adminCookie = await signInAs('admin');
});
afterAll(() => browser?.close());

describe.each(['de', 'fr'] as const)('in %s at 390 px', (language) => {
  it.each(SCREENS.map((screen) => [screen.path, screen] as const))('%s', async (_path, screen) => {
    const cookie = screen.who === 'admin' ? adminCookie : screen.who === 'member' ? member.cookie : undefined;
    const { context, page, errors } = await newPage(browser, { viewport: PHONE, cookie });
    await readIn(context, language);
    await page.goto(screen.path);
    const { role, key } = screen.shows;
    const name = words(language)[key]!;
    expect(name).not.toBe(words('en')[key]);
    await page.getByRole('main').getByRole(role, { name, exact: true }).first().waitFor();
    await eventually(async () => (await page.locator('html').getAttribute('lang'))?.split('-')[0]).toBe(language);
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await eventually(() => axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
