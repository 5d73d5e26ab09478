// The conversation's way forward and the Messages count (issue 25 items 4, 6, 12 and item 13's
// conversation points; decision 061), at 1280 and 390 px:
// - the header offers "Make an offer" (the listing page's offer box, in a dialog) and "View listing";
// - the Messages link counts conversations with unread messages, live, apart from the bell;
// - offline: no connect is tried, one calm notice shows, a message sent meanwhile waits in the reply
//   box and goes when the network is back;
// - keyboard only: an offer made from the listing opens its conversation with focus on its
//   heading; conversation-list entries have short names.
// Screenshots in both themes (SCREENSHOT_DIR).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  screenshot,
  sendMessageByApi,
  inBothThemes,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Counts every WebSocket the page makes (all sockets: the bell, the chat, the community feed). */
async function countSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    (window as unknown as { __socketsMade: number }).__socketsMade = 0;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        (window as unknown as { __socketsMade: number }).__socketsMade += 1;
      }
    };
  });
}
const socketsMade = (page: Page) => page.evaluate(() => (window as unknown as { __socketsMade: number }).__socketsMade);

const isFocused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement === document.querySelector(s), selector);

/** Presses Tab until `matches` holds for the focused element (at most 60 presses). */
async function tabUntil(page: Page, matches: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, matches)) return;
  }
  throw new Error(`Tab never reached ${matches}`);
}

describe('the conversation and the Messages count', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `the header offers an offer and the listing; offline is calm and loses nothing (${size})`,
      { timeout: 180_000 },
      async () => {
        const owner = await createMember({ displayName: 'Olga Owner' });
        const asker = await createMember({ displayName: 'Abe Asker' });
        const listing = await createListingFor(owner, { title: 'Cast iron skillet' });
        await sendMessageByApi(asker, owner, listing.id, 'Hello Olga, is the skillet still there?');
        await sendMessageByApi(owner, asker, listing.id, 'It is! What would you offer?');

        // No service worker (newPage's default), as in a browser without one: going offline, a
        // piece whose code the page has not loaded yet (the push card, wanted after the offer
        // below) cannot load, and the conversation must stay as it is, reply box included.
        const { page, context, errors } = await newPage(browser, { viewport, cookie: asker.cookie });
        await countSockets(page);
        await page.goto('/messages');
        // A short name for the entry: who, what about, how many unread.
        const entry = page.getByRole('button', {
          name: /^Olga Owner\s*,\s*about Cast iron skillet\s*,\s*1 unread$/,
        });
        await entry.click();
        const heading = page.getByRole('heading', { level: 2, name: 'Olga Owner' });
        await heading.waitFor();

        // The header: Make an offer (the asker does not own the listing) and View listing.
        const make = page.getByTestId('conversation-make-offer');
        const view = page.getByTestId('conversation-view-listing');
        await make.waitFor();
        expect(await view.getAttribute('href')).toBe(`/listing/${listing.id}`);
        expect(await overflowsHorizontally(page)).toBe(false);
        await inBothThemes(page, `conversation-header-${size}`);
        // The dialog in both themes (a modal dialog: the theme is switched while it is closed).
        const dialog = page.getByRole('dialog', { name: 'Make an offer' });
        for (const theme of ['dark', 'light'] as const) {
          const toggle = page.getByTestId('theme-toggle');
          const isLight = (await toggle.getAttribute('aria-label')) === 'Switch to dark theme';
          if ((theme === 'dark') === isLight) await toggle.click();
          await make.click();
          await dialog.waitFor();
          await dialog.getByRole('radio', { name: 'Fresh bread' }).click();
          await eventually(() => axeViolations(page)).toEqual([]);
          await screenshot(page, `conversation-offer-dialog-${size}-${theme}`, { fullPage: false });
          if (theme === 'dark') {
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'detached' });
          }
        }
        await dialog.getByRole('button', { name: 'Make Offer' }).click();
        await dialog.waitFor({ state: 'detached' });
        // The offer shows in this conversation, and focus is back on the button that opened the dialog.
        await page.getByTestId('message-event').filter({ hasText: 'offer' }).first().waitFor();
        await eventually(() => make.evaluate((el) => el === document.activeElement)).toBe(true);

        // Offline: one calm notice, no connect tried, a message typed meanwhile waits and goes later.
        await page.getByTestId('conversation-item').first().waitFor({ state: 'attached' });
        await context.setOffline(true);
        const notice = page.getByTestId('offline-notice');
        await notice.waitFor();
        const made = await socketsMade(page);
        const box = page.getByRole('textbox', { name: 'Type your message...' });
        const text = `Written offline ${Date.now()}`;
        await box.fill(text);
        await box.press('Enter');
        const waiting = page.getByTestId('send-waiting');
        await waiting.waitFor();
        expect(await box.inputValue()).toBe(text);
        await inBothThemes(page, `conversation-offline-${size}`);
        // Past the first retries' waits of the old backoff (0.25–4 s): still no connect was tried.
        await page.waitForTimeout(5000);
        expect(await socketsMade(page)).toBe(made);
        expect(await notice.count()).toBe(1);
        expect(await page.getByText('Reconnecting…').count()).toBe(0);
        await context.setOffline(false);
        await page.getByTestId('message').filter({ hasText: text }).waitFor();
        await waiting.waitFor({ state: 'detached' });
        await notice.waitFor({ state: 'detached' });
        expect(await box.inputValue()).toBe('');
        await eventually(() => page.getByTestId('message').filter({ hasText: text }).count()).toBe(1);

        // View listing goes to the listing the conversation is about.
        await view.click();
        await page.waitForURL(`**/listing/${listing.id}`);
        await page.getByRole('heading', { level: 1, name: 'Cast iron skillet' }).waitFor();
        expect(errors).toEqual([]);
        await context.close();
      },
    );

    it(
      `keyboard only: an offer opens its conversation with focus on its heading (${size})`,
      { timeout: 120_000 },
      async () => {
        const owner = await createMember({ displayName: 'Kira Keys' });
        const asker = await createMember({ displayName: 'Tab Walker' });
        const listing = await createListingFor(owner, { title: 'Wool blanket' });
        const { page, context, errors } = await newPage(browser, { viewport, cookie: asker.cookie });
        await page.goto(`/listing/${listing.id}`);
        await page.getByRole('heading', { level: 1, name: 'Wool blanket' }).waitFor();
        await tabUntil(page, '[role="radio"]');
        await page.keyboard.press('Space');
        await tabUntil(page, 'button[type="submit"]');
        await page.keyboard.press('Enter');
        await page.waitForURL('**/messages/**');
        const heading = page.locator('.conversation-header h2');
        await heading.waitFor();
        expect(await heading.innerText()).toBe('Kira Keys');
        await eventually(() => isFocused(page, '.conversation-header h2')).toBe(true);
        await screenshot(page, `conversation-focus-from-offer-${size}`, { fullPage: false });
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  }

  it(
    'the Messages link counts conversations with unread messages, live, apart from the bell',
    { timeout: 120_000 },
    async () => {
      const owner = await createMember({ displayName: 'Una Unread' });
      const asker = await createMember({ displayName: 'Cal Counter' });
      const listing = await createListingFor(owner, { title: 'Folding bicycle' });
      const { page, context, errors } = await newPage(browser, { viewport: DESKTOP, cookie: owner.cookie });
      await page.goto('/browse');
      const messages = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
      await messages.waitFor();
      const badge = page.getByTestId('unread-messages-badge');
      expect(await badge.count()).toBe(0);
      // A message arrives: the count shows without a reload (the bell's socket carries it).
      await sendMessageByApi(asker, owner, listing.id, 'Would you swap the bicycle?');
      await badge.waitFor();
      expect(await badge.innerText()).toContain('1');
      await eventually(() => messages.evaluate((el) => el.textContent)).toBe('Messages1, 1 unread conversation');
      await inBothThemes(page, 'messages-count-desktop');
      // Reading the conversation clears it.
      await messages.click();
      await page.getByRole('button', { name: /^Cal Counter\s*,\s*about Folding bicycle\s*,\s*1 unread$/ }).click();
      await page.getByRole('heading', { level: 2, name: 'Cal Counter' }).waitFor();
      await badge.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
