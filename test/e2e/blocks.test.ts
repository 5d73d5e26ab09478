// Blocks in the browser (docs/front-end.md, "Reports, blocks and moderation"), on a desktop and on
// a 390 px phone: a member blocks another from their profile (a confirmation says what a block
// does), the other's listings leave browse, their conversation shows a notice instead of the reply
// box, /settings/blocked lists them, and Unblock gives everything back. The blocked member's open
// tab loses its reply box at once (the room closes the live chat), and a tab that cannot know gets
// the contract's message when it tries to send. Screenshots in /tmp/blocks/.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  axeViolations,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  sendMessageByApi,
  toastWith,
  uniqueName,
} from '../support/browser';

const SHOTS = '/tmp/blocks';
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function currentTheme(page: Page): Promise<'light' | 'dark'> {
  return (await page.getByTestId('theme-toggle').getAttribute('aria-label')) === 'Switch to dark theme'
    ? 'light'
    : 'dark';
}

/**
 * Full-page pictures and axe in both themes, back to the page's theme after. With a dialog open the
 * header's theme toggle is out of reach: that state is checked in the page's own theme (the phone
 * runs start dark, the desktop runs light, so each dialog is seen in both across the two).
 */
async function shots(page: Page, name: string) {
  const start = await currentTheme(page);
  const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
  const themes = dialogOpen ? [start] : ([start, start === 'light' ? 'dark' : 'light'] as const);
  for (const appearance of themes) {
    if ((await currentTheme(page)) !== appearance) await page.getByTestId('theme-toggle').click();
    await eventually(() => currentTheme(page)).toBe(appearance);
    await animationsDone(page);
    await eventually(() => axeViolations(page), `axe on ${name} (${appearance})`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${appearance}.png`, fullPage: true });
  }
  if ((await currentTheme(page)) !== start) await page.getByTestId('theme-toggle').click();
}

/** A page for the run: light on the desktop, dark on the phone. */
async function openPage(viewport: { width: number; height: number }, cookie?: string) {
  const opened = await newPage(browser, { viewport, cookie });
  const appearance = viewport.width < 600 ? 'dark' : 'light';
  await opened.page.addInitScript((value) => localStorage.setItem('theme', value), appearance);
  return opened;
}

const cards = (page: Page) => page.getByRole('main').getByTestId('listing-card');

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`blocks on a ${name} (${viewport.width} px)`, () => {
    it(
      'block from a profile → listings leave browse → the conversation says so → unblock from Blocked members',
      { timeout: 180_000 },
      async () => {
        const word = uniqueName('zebrawood');
        const [me, them] = await Promise.all([
          createMember({ displayName: `Mia Member ${word}` }),
          createMember({ displayName: `Ben Blocked ${word}` }),
        ]);
        await createListingFor(them, { title: `Zebrawood stool ${word}` });
        const mine = await createListingFor(me, { title: `Maple shelf ${word}` });
        await sendMessageByApi(them, me, mine.id, 'Is the shelf still free?');
        const conversation = `/messages/${mine.id}-${Math.min(me.id, them.id)}-${Math.max(me.id, them.id)}`;
        const { page, errors } = await openPage(viewport, me.cookie);
        // The blocked member's tab, opened before the block (a stale tab).
        const stale = await openPage(viewport, them.cookie);
        await stale.page.goto(conversation);
        await stale.page.getByRole('textbox', { name: 'Type your message...' }).waitFor();

        await page.goto(`/browse?q=${word}`);
        await eventually(() => cards(page).count()).toBe(1);

        // Block from their profile: the ⋯ menu, then a confirmation that says what it does.
        await page.goto(`/profile/${them.username}`);
        await page.getByRole('button', { name: `More actions for ${them.displayName}` }).click();
        await page.getByRole('menuitem', { name: `Block ${them.displayName}` }).click();
        const dialog = page.getByTestId('block-dialog');
        await dialog
          .getByText('Neither of you will be able to message the other or see each other’s listings')
          .waitFor();
        await dialog.getByText(`${them.displayName} is not told.`).waitFor();
        await shots(page, `block-dialog-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Block', exact: true }).click();
        await toastWith(page, `${them.displayName} is blocked`);
        await page.getByTestId('blocked-notice').getByText(`You have blocked ${them.displayName}.`).waitFor();
        await page.getByRole('button', { name: `Unblock ${them.displayName}` }).waitFor();
        await eventually(() => overflowsHorizontally(page)).toBe(false);
        await shots(page, `profile-blocked-${viewport.width}`);

        // Their listings leave browse.
        await page.goto(`/browse?q=${word}`);
        await page.getByTestId('result-count').getByText('0 listings found').waitFor();
        await eventually(() => cards(page).count()).toBe(0);

        // The conversation shows the notice instead of the reply box.
        await page.goto(conversation);
        const notice = page.getByTestId('blocked-composer');
        await notice.getByText(`You blocked ${them.displayName}.`).waitFor();
        await eventually(() => page.getByRole('textbox', { name: 'Type your message...' }).count()).toBe(0);
        await shots(page, `conversation-blocked-${viewport.width}`);

        // Their tab open before the block: the room closed the live chat (4003), so the reply box
        // gave way to the contract's message at once, naming nobody.
        await stale.page.getByTestId('blocked-composer').getByText('You cannot message this member').waitFor();
        await eventually(() => stale.page.getByText('You blocked').count()).toBe(0);
        // A tab that cannot know (opened now, its live chat refused): sending is refused with the same message.
        const later = await openPage(viewport, them.cookie);
        await later.page.goto(conversation);
        await later.page.getByRole('textbox', { name: 'Type your message...' }).fill('Hello? Are you there?');
        await later.page.getByRole('button', { name: 'Send message' }).click();
        await later.page.getByTestId('blocked-composer').getByText('You cannot message this member').waitFor();
        await eventually(() => later.page.getByRole('textbox', { name: 'Type your message...' }).count()).toBe(0);

        // Blocked members lists them; Unblock there gives everything back.
        await page.goto('/profile');
        await page.getByRole('link', { name: 'Blocked members' }).click();
        await page.getByRole('heading', { level: 1, name: 'Blocked members' }).waitFor();
        const row = page.getByTestId('blocked-member').filter({ hasText: them.displayName });
        await row.waitFor();
        await eventually(() => overflowsHorizontally(page)).toBe(false);
        await shots(page, `blocked-members-${viewport.width}`);
        await row.getByRole('button', { name: `Unblock ${them.displayName}` }).click();
        await toastWith(page, `${them.displayName} is unblocked`);
        await page.getByTestId('blocked-empty').waitFor();

        await page.goto(`/browse?q=${word}`);
        await eventually(() => cards(page).count()).toBe(1);
        await page.goto(conversation);
        await page.getByRole('textbox', { name: 'Type your message...' }).waitFor();
        expect([...errors, ...stale.errors, ...later.errors]).toEqual([]);
      },
    );
  });
}
