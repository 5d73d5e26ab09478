// The screens translated last (decision 068, "Where it stands"): the listing page below its top,
// the Create Listing dialog, the member's home section and /settings/notifications, in German and
// French on a phone. The saved language (the `lang` cookie) paints them; a heading or label shows
// in that language (never the English), nothing overflows sideways at 390 px, and axe finds
// nothing in either theme. Expected words come from messages/*.json.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@/shared/locale';
import {
  apiCall,
  axeViolations,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  screenshot,
  type TestMember,
} from '../support/browser';
import { readIn, words } from '../support/languages';

let browser: Browser;
let member: TestMember;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
});
afterAll(() => browser?.close());

/** A member's phone page reading `language` (the footer's saved choice). */
async function memberPage(language: string) {
  const opened = await newPage(browser, { viewport: PHONE, cookie: member.cookie });
  await readIn(opened.context, language);
  return opened;
}

/** The app has replaced the Worker's first screen. */
const started = (page: Page) => page.waitForFunction(() => !document.querySelector('#root > .fs'));

/** A message in `language`. */
function word(language: string, key: string): string {
  const text = words(language)[key];
  expect(text, key).toBeDefined();
  return text!;
}

/** A message in `language` that is not the English one (so finding it proves the translation). */
function translated(language: string, key: string): string {
  const text = word(language, key);
  expect(text, key).not.toBe(words('en')[key]);
  return text;
}

async function checkScreen(page: Page, name: string) {
  await eventually(async () => (await page.locator('html').getAttribute('lang'))?.split('-')[0]).toBe(
    name.split(' ')[0],
  );
  await eventually(() => overflowsHorizontally(page)).toBe(false);
  await eventually(() => axeViolations(page)).toEqual([]);
  await screenshot(page, `languages-rest-${name.replace(/\W+/g, '-')}-light`);
  // Then dark, with the header's toggle (a dispatched click: an open dialog's overlay would take a
  // pointer click); its label is in the page's language, so the theme's root says which it is.
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await page.locator('.radix-themes.dark').first().waitFor({ state: 'attached' });
  await eventually(() => axeViolations(page)).toEqual([]);
  await screenshot(page, `languages-rest-${name.replace(/\W+/g, '-')}-dark`);
}

describe.each(['de', 'fr'] as const)('in %s at 390 px', (language) => {
  it('the listing page below its top: tabs, the offer box, safety tips, similar listings', async () => {
    const { context, page, errors } = await memberPage(language);
    await page.goto('/listing/1');
    await started(page);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: word(language, 'listings_tab_details'), exact: true }).waitFor();
    await main.getByRole('tab', { name: translated(language, 'listings_tab_terms'), exact: true }).waitFor();
    await main.getByRole('heading', { name: translated(language, 'listings_safety_tips'), exact: true }).waitFor();
    await main.getByRole('heading', { name: translated(language, 'listings_similar'), exact: true }).waitFor();
    await main.getByRole('form', { name: translated(language, 'listings_make_an_offer') }).waitFor();
    // The travel distance in the member's unit (kilometres for German and French).
    const travel = translated(language, 'listings_travel_up_to').split('{distance}')[0]!;
    expect(await main.getByText(travel).first().innerText()).toMatch(/kilom/i);
    await checkScreen(page, `${language} listing`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Create Listing dialog: its title, fields, photos and distances', async () => {
    const { context, page, errors } = await memberPage(language);
    await page.goto('/');
    await started(page);
    await page.locator('.phone-tab-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(translated(language, 'listings_field_wants')).waitFor();
    await dialog.getByText(translated(language, 'listings_create_lead')).waitFor();
    await dialog.getByText(translated(language, 'listings_photos_add'), { exact: true }).waitFor();
    await dialog.getByRole('button', { name: translated(language, 'common_cancel'), exact: true }).waitFor();
    // The reason the button waits, in the language's words and list.
    expect(await dialog.getByTestId('submit-reason').innerText()).toContain(
      translated(language, 'listings_missing_title'),
    );
    await checkScreen(page, `${language} create listing`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the member home section, in the app and in the Worker’s first screen', async () => {
    // Before the scripts run: the Worker writes the section in the same words.
    const html = await (await apiCall('/', { cookie: `${member.cookie}; ${LANGUAGE_COOKIE}=${language}` })).text();
    expect(html).toContain(translated(language, 'home_member_heading'));
    expect(html).toContain(translated(language, 'home_member_no_unread'));

    const { context, page, errors } = await memberPage(language);
    await page.goto('/');
    await started(page);
    const section = page.locator('section.member-home');
    await section.getByRole('heading', { name: translated(language, 'home_member_heading'), exact: true }).waitFor();
    await section.getByRole('heading', { name: translated(language, 'home_member_unread'), exact: true }).waitFor();
    await section.getByText(translated(language, 'home_member_no_matches')).waitFor();
    await checkScreen(page, `${language} member home`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/settings/notifications', async () => {
    const { context, page, errors } = await memberPage(language);
    await page.goto('/settings/notifications');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: word(language, 'push_title'), exact: true }).waitFor();
    await main.getByRole('heading', { name: translated(language, 'push_this_device'), exact: true }).waitFor();
    await main.getByLabel(translated(language, 'push_kind_message'), { exact: true }).waitFor();
    await checkScreen(page, `${language} notification settings`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
