// Trade circles in the browser (docs/api/wants-matches-circles.md, "Trade circles"), on the demo
// community's proposed circle (alice → carmen → grace-k): alice finds it from the header on a
// desktop, sees the ring diagram and the ordered list, accepts, and chats; carmen opens it on a
// 390 px phone and accepts; grace-k accepts through the API; both screens follow live and show each
// leg's pending barter with a link to its conversation. Screenshots in light and dark at both
// widths (SCREENSHOT_DIR). Tried as new users would.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  screenshot,
  signInAs,
  setTheme,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function shoot(page: Page, name: string) {
  // From the top, so the sticky header sits where a member sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await screenshot(page, `${name}-${theme}`);
  }
  await setTheme(page, 'light');
}

describe('trade circles', () => {
  it(
    'a member opens the proposed circle, sees the ring and the list, accepts; the others accept; each leg shows its barter',
    { timeout: 240_000 },
    async () => {
      const [aliceCookie, carmenCookie, graceCookie] = await Promise.all(
        ['alice', 'carmen', 'grace-k'].map((name) => signInAs(name)),
      );
      const alice = await newPage(browser, { viewport: DESKTOP, cookie: aliceCookie });

      // From the header to the list, then to the circle.
      await alice.page.goto('/');
      await alice.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Circles' }).click();
      await alice.page.waitForURL('**/trade-circles');
      await alice.page.getByRole('heading', { name: 'Trade circles', level: 1 }).waitFor();
      const card = alice.page.getByTestId('circle-card').first();
      await card.getByText('You give “Garden design consultation” and get “Logo and brand kit design”').waitFor();
      await shoot(alice.page, 'trade-circles-list-desktop');
      await card.click();
      await alice.page.waitForURL(/\/trade-circles\/\d+$/);
      const address = new URL(alice.page.url()).pathname;

      // The ring: three members, three legs; the same as an ordered list.
      await alice.page.getByRole('heading', { name: 'Trade circle of 3', level: 1 }).waitFor();
      await eventually(() => alice.page.getByTestId('ring-node').count()).toBe(3);
      expect(await alice.page.getByTestId('ring-leg').count()).toBe(3);
      expect(await alice.page.getByTestId('ring-diagram').getAttribute('aria-hidden')).toBe('true');
      const list = alice.page.getByRole('list').filter({ has: alice.page.getByTestId('circle-leg') });
      expect(await list.evaluate((el) => el.tagName)).toBe('OL');
      const legs = alice.page.getByTestId('circle-leg');
      expect(await legs.count()).toBe(3);
      expect((await legs.nth(0).innerText()).replace(/\s+/g, ' ')).toContain(
        'You give “Garden design consultation” to Carmen Liu',
      );
      expect((await legs.nth(1).innerText()).replace(/\s+/g, ' ')).toContain(
        'Carmen Liu gives “Handmade stoneware mugs, set of four” to Grace Kim',
      );
      expect((await legs.nth(2).innerText()).replace(/\s+/g, ' ')).toContain(
        'Grace Kim gives “Logo and brand kit design” to you',
      );
      expect(await legs.nth(1).innerText()).toContain('not decided yet');
      expect(await alice.page.getByTestId('circle-status').innerText()).toBe('Proposed');
      expect(await overflowsHorizontally(alice.page)).toBe(false);
      expect(await axeViolations(alice.page)).toEqual([]);
      await shoot(alice.page, 'trade-circle-desktop');

      // Accept.
      await alice.page.getByTestId('accept-circle').click();
      await alice.page.getByText('You accepted. Waiting for 2 more members.').waitFor();
      await alice.page.getByTestId('ring-node').first().getByText('✓ Accepted').waitFor();
      expect(await legs.nth(0).innerText()).toContain('You accepted');

      // The group chat, live on the other member's screen.
      const carmen = await newPage(browser, { viewport: PHONE, cookie: carmenCookie });
      await carmen.page.goto(address);
      await carmen.page.getByRole('heading', { name: 'Trade circle of 3', level: 1 }).waitFor();
      await eventually(() => carmen.page.getByTestId('ring-node').count()).toBe(3);
      await carmen.page.getByTestId('circle-leg').nth(0).getByText('Alice Moreno accepted').waitFor();
      const composer = alice.page.getByRole('textbox', { name: 'Type your message...' });
      await composer.fill('Shall we all meet at the Saturday market?');
      await composer.press('Enter');
      await carmen.page.getByTestId('circle-message').getByText('Shall we all meet at the Saturday market?').waitFor();
      expect(await carmen.page.getByTestId('circle-message').first().innerText()).toContain('Alice Moreno');
      expect(await overflowsHorizontally(carmen.page)).toBe(false);
      expect(await axeViolations(carmen.page)).toEqual([]);
      await shoot(carmen.page, 'trade-circle-phone');
      await carmen.page.goto('/trade-circles');
      await carmen.page
        .getByTestId('circle-card')
        .first()
        .getByText('You give “Handmade stoneware mugs, set of four” and get “Garden design consultation”')
        .waitFor();
      expect(await overflowsHorizontally(carmen.page)).toBe(false);
      await shoot(carmen.page, 'trade-circles-list-phone');
      await carmen.page.goBack();
      await carmen.page.getByRole('heading', { name: 'Trade circle of 3', level: 1 }).waitFor();

      // Carmen accepts on the phone; alice's screen follows live.
      await carmen.page.getByTestId('accept-circle').click();
      await carmen.page.getByText('You accepted. Waiting for 1 more member.').waitFor();
      await alice.page.getByTestId('circle-leg').nth(1).getByText('Carmen Liu accepted').waitFor();

      // Grace accepts through the API: agreed, one pending barter per leg.
      const id = Number(address.split('/').pop());
      const agreed = await apiCall(`/api/trade-circles/${id}/accept`, { method: 'POST', cookie: graceCookie });
      expect(agreed.status).toBe(200);
      const circle = (await agreed.json()) as { status: string; legs: { barterId: number | null }[] };
      expect(circle.status).toBe('agreed');
      expect(circle.legs.every((leg) => leg.barterId !== null)).toBe(true);
      for (const screen of [alice.page, carmen.page]) {
        await eventually(() => screen.getByTestId('circle-status').innerText()).toBe('Agreed');
        await eventually(() => screen.getByTestId('circle-leg').filter({ hasText: 'Barter pending' }).count()).toBe(3);
      }
      await carmen.page
        .getByText('Everyone accepted. Meet up, swap, then confirm each barter in its conversation.')
        .waitFor();
      // Carmen is a party to two legs: each links to its conversation, where the barter is confirmed.
      const links = carmen.page.getByTestId('leg-barter-link');
      expect(await links.count()).toBe(2);
      expect(await links.nth(0).innerText()).toBe('Complete this barter with Alice Moreno');
      await shoot(carmen.page, 'trade-circle-agreed-phone');
      await shoot(alice.page, 'trade-circle-agreed-desktop');

      // Receiving alice's garden consultation, carmen confirms that barter in its conversation.
      await links.nth(0).click();
      await carmen.page.waitForURL(/\/messages\/\d+-\d+-\d+$/);
      await carmen.page.getByTestId('barter-prompt').waitFor();
      expect(alice.errors).toEqual([]);
      expect(carmen.errors).toEqual([]);
      await alice.context.close();
      await carmen.context.close();
    },
  );
});
