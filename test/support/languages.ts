// What the language tests share: a language's words as the message files hold them (the expected
// texts come from there, never copied into a test), and a browser context reading a language as
// the footer's saved choice does (the `lang` cookie).
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { LANGUAGE_COOKIE } from '@/shared/locale';
import { axeViolations, baseUrl, overflowsHorizontally, screenshot, settledRead } from './browser';

export type Words = Record<string, string>;

/** messages/{language}.json: key → text, `{name}` for an input. */
export const words = (language: string): Words =>
  JSON.parse(readFileSync(new URL(`../../messages/${language}.json`, import.meta.url), 'utf8')) as Words;

/** The context's pages read `language`, as after choosing it in the footer. */
export const readIn = (context: BrowserContext, language: string) =>
  context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseUrl(), sameSite: 'Lax' }]);

/**
 * A screen in both themes, opened by `open` each time: axe's findings and a sideways overflow at
 * the page's width, as lines naming the screen and the theme (empty when all is well), with a
 * screenshot of each (`${shots}-<label>-<theme>`, kept when SCREENSHOT_DIR is set).
 */
export async function checkScreen(shots: string, page: Page, label: string, open: () => Promise<void>) {
  const problems: string[] = [];
  for (const appearance of ['light', 'dark'] as const) {
    // Init scripts run in the order added: the latest theme wins on each load.
    await page.addInitScript((value) => localStorage.setItem('theme', value), appearance);
    await open();
    const violations = await settledRead(
      () => axeViolations(page),
      (found) => found.length === 0,
    );
    problems.push(...violations.map((violation) => `${label} [${appearance}] ${violation}`));
    if (
      await settledRead(
        () => overflowsHorizontally(page),
        (overflows) => !overflows,
      )
    )
      problems.push(`${label} [${appearance}] overflows horizontally at 390 px`);
    await screenshot(page, `${shots}-${label.replace(/\W+/g, '-')}-${appearance}`);
  }
  return problems;
}
