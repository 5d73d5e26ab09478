// The trading screens in German and French (decision 068): messages with a conversation holding an
// accepted offer (the offer card and the barter prompt), wants, matches, trade circles, blocked
// members, the notifications panel and the saved searches dialog, each at 390 px with the `lang`
// cookie set: no sideways overflow, a translated heading or label visible, and axe clean in both
// themes. Expected words come from messages/*.json.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createListingFor,
  createMember,
  launchBrowser,
  newPage,
  PHONE,
  type TestMember,
} from '../support/browser';
import { checkScreen, readIn, words } from '../support/languages';

let browser: Browser;
let trader: TestMember;
let owner: TestMember;
let conversation: string;
beforeAll(async () => {
  browser = await launchBrowser();
  [trader, owner] = await Promise.all([createMember(), createMember()]);
  const listing = await createListingFor(owner, { title: 'Cast-iron skillet' });
  // The trader offers, the owner accepts: the conversation shows the offer card and the barter prompt.
  const made = await apiCall('/api/offers', {
    cookie: trader.cookie,
    body: { listingId: listing.id, text: 'Fresh bread' },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const offer = (await made.json()) as { id: number; conversation: string };
  conversation = offer.conversation;
  const accepted = await apiCall(`/api/offers/${offer.id}/accept`, { cookie: owner.cookie, body: {} });
  expect(accepted.status).toBe(200);
  expect((await apiCall(`/api/wants/${listing.id}`, { method: 'PUT', cookie: trader.cookie })).status).toBeLessThan(
    300,
  );
}, 120_000);
afterAll(() => browser?.close());

/** A member's phone in a language: the session and `lang` cookies, as the footer's select leaves it. */
async function phoneIn(language: string, member: TestMember) {
  const opened = await newPage(browser, { viewport: PHONE, cookie: member.cookie });
  await readIn(opened.context, language);
  return opened;
}

/** The app has replaced the Worker's first screen and the page's network is quiet. */
async function started(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('#root > .fs'));
}

/** Axe in both themes and no overflow at 390 px after `open`, which also waits for the screen's words. */
describe('the trading screens at 390 px', () => {
  for (const language of ['de', 'fr'] as const) {
    it(
      `${language}: messages, offer and barter, wants, matches, circles, blocked, bell, saved searches`,
      {
        timeout: 300_000,
      },
      async () => {
        const t = words(language);
        const { page, errors } = await phoneIn(language, trader);
        const problems: string[] = [];
        const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} messages`, async () => {
            await page.goto('/messages');
            await started(page);
            await heading(t.messages_title!);
            await page.getByRole('tab', { name: t.messages_tab_unread }).waitFor();
          })),
        );
        expect(await page.evaluate(() => document.documentElement.lang.split('-')[0])).toBe(language);

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} conversation`, async () => {
            await page.goto(`/messages/${conversation}`);
            await started(page);
            await page.getByTestId('offer-status').getByText(t.offers_status_accepted!, { exact: true }).waitFor();
            await page.getByRole('button', { name: t.barters_confirm }).waitFor();
            await page.getByRole('heading', { name: t.offers_your_offer, exact: true }).waitFor();
          })),
        );

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} wants`, async () => {
            await page.goto('/wants');
            await started(page);
            await heading(t.wants_title!);
            await page
              .getByRole('button', { name: t.wants_remove_label!.replace('{title}', 'Cast-iron skillet') })
              .waitFor();
          })),
        );

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} matches`, async () => {
            await page.goto('/matches');
            await started(page);
            await heading(t.wants_matches_title!);
            await page.getByRole('heading', { name: t.wants_no_matches }).waitFor();
          })),
        );

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} trade circles`, async () => {
            await page.goto('/trade-circles');
            await started(page);
            await heading(t.trade_circles_title!);
            await page.getByRole('heading', { name: t.trade_circles_none_title }).waitFor();
          })),
        );

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} blocked`, async () => {
            await page.goto('/settings/blocked');
            await started(page);
            await heading(t.blocks_title!);
            await page.getByText(t.blocks_none!).waitFor();
          })),
        );

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} notifications`, async () => {
            await page.goto('/messages');
            await started(page);
            // The owner's acceptance is news for the trader: the bell says how much, in the language.
            await page.getByRole('button', { name: new RegExp(`^${t.notifications_title}`) }).click();
            await page.getByRole('dialog', { name: t.notifications_title }).waitFor();
            await page.getByRole('button', { name: t.notifications_mark_all_read }).waitFor();
          })),
        );

        problems.push(
          ...(await checkScreen('languages-i18n-trading', page, `${language} saved searches`, async () => {
            await page.goto('/browse');
            await started(page);
            await page.getByRole('button', { name: t.saved_searches_title }).click();
            await page.getByRole('dialog', { name: t.saved_searches_title }).waitFor();
            await page.getByText(t.saved_searches_none_dialog!).waitFor();
          })),
        );

        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      },
    );
  }
});
