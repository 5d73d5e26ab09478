// A saved search's email digest frequency (decision 063, "Digest frequency"), chosen by keyboard
// from Browse's Saved menu and from the profile's saved-search list, at 1280 and 390 px, in both themes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  apiCall,
  axeViolations,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  screenshot,
  settledRead,
  uniqueName,
  type TestMember,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const frequencies = async (member: TestMember) =>
  ((await (await apiCall(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie })).json()) as any[]).map(
    (s) => s.frequency as string,
  );
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Arrow keys (down) until the focused entry says `text`: the way a keyboard reaches it. Waits first
 * for focus to be inside the open menu or list, then presses one key per look at where focus is
 * until it is there: on a busy machine the trigger keeps focus for a few frames after Enter, and a
 * key can land while Radix is still settling the menu without moving focus, so a fixed count of
 * presses is flaky. */
async function arrowTo(page: Page, text: string, key = 'ArrowDown') {
  await eventually(() =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"], [role="listbox"]'))),
  ).toBe(true);
  await eventually(async () => {
    const now = await focusedText(page);
    if (now !== text) await page.keyboard.press(key);
    return now;
  }).toBe(text);
}

describe('saved-search digest frequency', () => {
  it.each([
    ['light', '1280', undefined],
    ['light', '390', PHONE],
    ['dark', '1280', undefined],
    ['dark', '390', PHONE],
  ])(
    'is daily when saved, and chosen by keyboard on Browse and on the profile (%s, %s px)',
    async (theme, px, viewport) => {
      const width = `${theme}-${px}`;
      const member = await createMember();
      const word = uniqueName('zq').toLowerCase();
      const { page, errors } = await newPage(browser, { cookie: member.cookie, ...(viewport ? { viewport } : {}) });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(`/browse?q=${word}`);
      const save = page.getByRole('button', { name: 'Save Search' });
      await save.focus();
      await page.keyboard.press('Enter');
      const saved = page.getByRole('button', { name: 'Saved', exact: true });
      await saved.waitFor();
      await eventually(() => frequencies(member)).toEqual(['daily']);

      // Browse: the Saved menu's "Email digest" choices, Daily checked; Weekly chosen by keyboard.
      await eventually(() => saved.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const daily = page.getByRole('menuitemradio', { name: 'Daily' });
      await daily.waitFor();
      await eventually(() => daily.getAttribute('aria-checked')).toBe('true');
      await eventually(() => page.getByRole('menuitemradio').allInnerTexts()).toEqual([
        'As it happens',
        'Daily',
        'Weekly',
      ]);
      await animationsDone(page);
      await screenshot(page, `digest-menu-${width}`);
      // The open menu is modal: the page behind it is aria-hidden while focus stays in the menu, which
      // axe reports as focusable content hidden (aria-hidden-focus); everything else must pass.
      expect(
        (await axeViolations(page, { strictContrast: true })).filter((v) => !v.startsWith('aria-hidden-focus')),
      ).toEqual([]);
      await arrowTo(page, 'Weekly');
      await page.keyboard.press('Enter');
      await eventually(() => frequencies(member)).toEqual(['weekly']);
      await page.getByTestId('toast').filter({ hasText: 'Emails for this search at most once a week' }).waitFor();
      // Focus is back on the Saved button, and the menu shows the stored choice.
      await eventually(() => saved.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('menuitemradio', { name: 'Weekly' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await page.keyboard.press('Escape');

      // The profile's list: the "Email digest" select says Weekly; As it happens chosen by keyboard.
      await page.goto('/profile');
      const tab = page.getByRole('tab', { name: 'Saved' });
      await tab.focus();
      await page.keyboard.press('Enter');
      const item = page.getByTestId('saved-search');
      const select = item.getByRole('combobox', { name: `Email digest for “${word}” in all categories` });
      await eventually(() => select.innerText()).toBe('Weekly');
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `digest-list-${width}`);
      await select.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      await arrowTo(page, 'As it happens', 'ArrowUp');
      await page.keyboard.press('Enter');
      await eventually(() => frequencies(member)).toEqual(['immediate']);
      await eventually(() => select.innerText()).toBe('As it happens');
      await eventually(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
      const violations = await settledRead(
        () => axeViolations(page, { strictContrast: true }),
        (found) => found.length === 0,
      );
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
