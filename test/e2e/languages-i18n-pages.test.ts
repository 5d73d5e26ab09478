// The community page, the welcome screen, the newsletter and contact screens and every static page
// in German and French (decision 068): at 390 px each fits sideways, says its heading in the
// language, has <html lang> set and passes axe. The FAQ's distances read in kilometres, and the
// legal pages' date in the language.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  setSessionCookie,
  type TestMember,
} from '../support/browser';
import { readIn, words } from '../support/languages';

const english = words('en');

const SCREENS: { path: string; heading: string }[] = [
  { path: '/community', heading: 'community_title' },
  { path: '/welcome', heading: 'welcome_title' },
  { path: '/newsletter/unsubscribe?token=e2e-unused', heading: 'newsletter_unsubscribe_title' },
  { path: '/contact', heading: 'contact_title' },
  { path: '/help', heading: 'static_pages_help_title' },
  { path: '/faq', heading: 'static_pages_faq_title' },
  { path: '/about', heading: 'static_pages_about_title' },
  { path: '/safety', heading: 'static_pages_safety_title' },
  { path: '/safety-guidelines', heading: 'static_pages_guidelines_title' },
  { path: '/value-guide', heading: 'static_pages_value_title' },
  { path: '/community-standards', heading: 'static_pages_standards_title' },
  { path: '/terms', heading: 'static_pages_terms_title' },
  { path: '/privacy', heading: 'static_pages_privacy_title' },
  { path: '/cookies', heading: 'static_pages_cookies_title' },
];

let browser: Browser;
let member: TestMember;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
});
afterAll(() => browser?.close());

/** A phone page reading `language` (the footer's saved choice), signed in as the test member. */
async function phoneIn(language: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser, { viewport: PHONE });
  await readIn(context, language);
  await setSessionCookie(context, member.cookie);
  return { page, errors };
}

describe.each(['de', 'fr'])('the pages in %s', (language) => {
  const own = words(language);
  const heading = (key: string) => own[key]!.replace('{name}', member.displayName);

  it.each(SCREENS)(
    '$path fits 390 px, says its heading in the language and passes axe',
    async ({ path, heading: key }) => {
      expect(own[key], `${language}.json has ${key}`).toBeDefined();
      expect(own[key]).not.toBe(english[key]);
      const { page, errors } = await phoneIn(language);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading(key), exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await eventually(() => axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('gives the FAQ distances in kilometres and the legal date in the language', async () => {
    const { page } = await phoneIn(language);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: own.static_pages_faq_title }).waitFor();
    const or = language === 'de' ? 'oder' : 'ou';
    await eventually(() => page.locator('main').textContent()).toContain(`8, 16, 40 ${or} 80 km`);
    await page.goto('/terms');
    const month = language === 'de' ? 'November 2026' : 'novembre 2026';
    await eventually(() => page.locator('main').textContent()).toContain(
      own.static_pages_last_updated!.replace('{date}', month),
    );
  });
});
