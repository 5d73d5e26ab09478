// Five languages (decision 068): each renders home, browse, a listing, sign-in and the Create
// Listing form at 390 px without sideways overflow and with axe clean in both themes; <html lang>
// names the language; distances are in kilometres for fr, de, es and pt and in miles for en-US;
// the footer's choice is remembered across reloads. Expected words come from messages/*.json.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, eventually, launchBrowser, newPage, PHONE, type TestMember } from '../support/browser';
import { checkScreen, words } from '../support/languages';

const BROWSERS = [
  { locale: 'en-US', language: 'en', units: 'mi' },
  { locale: 'es-ES', language: 'es', units: 'km' },
  { locale: 'fr-FR', language: 'fr', units: 'km' },
  { locale: 'de-DE', language: 'de', units: 'km' },
  { locale: 'pt-PT', language: 'pt', units: 'km' },
] as const;

let browser: Browser;
let member: TestMember;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
});
afterAll(() => browser?.close());

/** The app has replaced the Worker's first screen and the page's network is quiet. */
async function started(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('#root > .fs'));
  await page.locator('h1').first().waitFor();
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Axe in both themes and no overflow at 390 px: the problems found, labelled. */
describe('each language at 390 px', () => {
  for (const { locale, language, units } of BROWSERS) {
    it(`${locale}: home, browse, a listing, sign-in and Create Listing`, { timeout: 300_000 }, async () => {
      const t = words(language);
      const visitor = await newPage(browser, { viewport: PHONE, locale });
      const { page } = visitor;
      const problems: string[] = [];

      problems.push(
        ...(await checkScreen('languages', page, `${locale} home`, async () => {
          await page.goto('/');
          await started(page);
        })),
      );
      expect((await htmlLang(page)).split('-')[0]).toBe(language);
      expect(await page.locator('h1').first().innerText()).toBe(t.home_hero_title);

      problems.push(
        ...(await checkScreen('languages', page, `${locale} browse`, async () => {
          await page.goto(`/browse?near=${encodeURIComponent('Oakland, CA')}`);
          await started(page);
        })),
      );
      expect(await page.locator('h1').first().innerText()).toBe(t.search_all_listings);
      const distance = page.getByTestId('listing-distance').first();
      await distance.waitFor();
      expect(await distance.innerText()).toMatch(units === 'km' ? /\bkm\b/ : /\bmi\b/);

      problems.push(
        ...(await checkScreen('languages', page, `${locale} listing`, async () => {
          await page.goto('/listing/1');
          await started(page);
        })),
      );
      await eventually(() => page.getByRole('heading', { name: t.listings_wants_in_return }).count()).toBeGreaterThan(
        0,
      );

      problems.push(
        ...(await checkScreen('languages', page, `${locale} sign-in`, async () => {
          await page.goto('/login');
          await started(page);
        })),
      );
      expect(await page.getByRole('tab', { name: t.auth_sign_in }).count()).toBe(1);
      expect(await htmlLang(page)).toMatch(new RegExp(`^${language}\\b`));

      const signedIn = await newPage(browser, { viewport: PHONE, locale, cookie: member.cookie });
      problems.push(
        ...(await checkScreen('languages', signedIn.page, `${locale} create listing`, async () => {
          await signedIn.page.goto('/');
          await started(signedIn.page);
          await signedIn.page.locator('.phone-tab-create').click();
          await signedIn.page.getByRole('dialog').locator('input').first().waitFor();
        })),
      );

      expect(problems).toEqual([]);
      expect([...visitor.errors, ...signedIn.errors]).toEqual([]);
      await visitor.context.close();
      await signedIn.context.close();
    });
  }
});

describe('the footer remembers the choice', () => {
  it('a French browser chooses German and miles; both stay after reloads', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await newPage(browser, { viewport: PHONE, locale: 'fr-FR' });
    await page.goto('/');
    await started(page);
    expect(await htmlLang(page)).toBe('fr-FR');
    expect(await page.locator('h1').first().innerText()).toBe(words('fr').home_hero_title);

    const language = page.getByTestId('language-select');
    await language.scrollIntoViewIfNeeded();
    await Promise.all([page.waitForEvent('load'), language.selectOption('de')]);
    await started(page);
    expect(await htmlLang(page)).toBe('de');
    expect(await page.locator('h1').first().innerText()).toBe(words('de').home_hero_title);
    await page.reload();
    await started(page);
    expect(await htmlLang(page)).toBe('de');
    expect(await page.getByTestId('language-select').inputValue()).toBe('de');

    // Kilometres for German by default; miles once chosen, on the next pages too.
    await page.goto(`/browse?near=${encodeURIComponent('Oakland, CA')}`);
    await started(page);
    await page.getByTestId('listing-distance').first().waitFor();
    expect(await page.getByTestId('listing-distance').first().innerText()).toMatch(/\bkm\b/);
    const units = page.getByTestId('units-select');
    await units.scrollIntoViewIfNeeded();
    await Promise.all([page.waitForEvent('load'), units.selectOption('mi')]);
    await started(page);
    await page.getByTestId('listing-distance').first().waitFor();
    expect(await page.getByTestId('listing-distance').first().innerText()).toMatch(/\bmi\b/);
    await page.reload();
    await started(page);
    expect(await page.evaluate(() => document.documentElement.dataset.units)).toBe('mi');
    expect(await htmlLang(page)).toBe('de');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the account's language (decision 070)", () => {
  it(
    "saves a signed-in member's footer choice on the account; a browser with none signs in to it",
    { timeout: 120_000 },
    async () => {
      const chooser = await createMember();
      const first = await newPage(browser, { viewport: PHONE, locale: 'en-US', cookie: chooser.cookie });
      await first.page.goto('/');
      await started(first.page);
      const language = first.page.getByTestId('language-select');
      await language.scrollIntoViewIfNeeded();
      await Promise.all([first.page.waitForEvent('load'), language.selectOption('pt')]);
      await started(first.page);
      expect(await htmlLang(first.page)).toBe('pt');
      expect(first.errors).toEqual([]);
      await first.context.close();

      // Another browser, English and with no lang cookie: signing in brings the account's Portuguese.
      const en = words('en');
      const pt = words('pt');
      const second = await newPage(browser, { viewport: PHONE, locale: 'en-US' });
      await second.page.goto('/login');
      await started(second.page);
      expect(await htmlLang(second.page)).toBe('en-US');
      const form = second.page.getByRole('form', { name: en.auth_sign_in_form });
      await form.getByLabel(en.auth_username!).fill(chooser.username);
      await form.getByLabel(new RegExp(`^${en.auth_password}`)).fill(chooser.password);
      await Promise.all([
        second.page.waitForEvent('load'),
        form.getByRole('button', { name: en.auth_sign_in }).click(),
      ]);
      await started(second.page);
      expect(await htmlLang(second.page)).toBe('pt');
      expect(await second.page.locator('h1').first().innerText()).toBe(pt.home_hero_title);
      expect(second.errors).toEqual([]);
      await second.context.close();
    },
  );
});

describe('messages from the shared schemas and the API', () => {
  it('shows a form field message and a refused sign-in in French', { timeout: 60_000 }, async () => {
    const fr = words('fr');
    const { page, context, errors } = await newPage(browser, { viewport: PHONE, locale: 'fr-FR' });
    await page.goto('/login');
    await started(page);
    const form = page.getByRole('form', { name: fr.auth_sign_in_form });
    await form.getByRole('button', { name: fr.auth_sign_in }).click();
    await eventually(() => form.getByTestId('field-error').first().innerText()).toBe(fr.error_username_required);
    // The API answers in English with a code; the form says it in French.
    await form.getByLabel(fr.auth_username!).fill('nobody-by-this-name');
    await form.getByLabel(new RegExp(`^${fr.auth_password}`)).fill('not-the-password-1');
    await form.getByRole('button', { name: fr.auth_sign_in }).click();
    await eventually(() => form.getByTestId('form-error').innerText()).toBe(fr.error_invalid_login);
    expect(errors).toEqual([]);
    await context.close();
  });
});
