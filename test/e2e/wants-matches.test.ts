// Wants and matches in the browser (docs/api/wants-matches-circles.md), on a desktop and on a
// 390 px phone, tried as new users would: the empty pages say what to do; "I'd take this" on a
// listing page; the owner sees how many members would take it; once the owner wants something
// back, /matches shows "they want your X · you want their Y" and Message opens the conversation;
// /wants lists the want and removes it. The header (desktop) and the menu (phone) lead there.
// Screenshots in light and dark at both widths (in /tmp/wants-matches/).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  animationsDone,
  apiCall,
  axeViolations,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  uniqueName,
  setTheme,
} from '../support/browser';

const SHOTS = '/tmp/wants-matches';
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function shots(page: Page, name: string) {
  await animationsDone(page);
  await page.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage: true });
  await setTheme(page, 'dark');
  await animationsDone(page);
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  await setTheme(page, 'light');
}

/** Goes to a page through the header (desktop) or the menu (phone), as a member would. */
async function openFromNavigation(page: Page, phone: boolean, label: string) {
  if (phone) {
    await page.getByTestId('mobile-menu-button').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: label }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
  }
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`wants and matches on a ${name} (${viewport.width} px)`, () => {
    it(
      "empty pages → I'd take this → the owner's count → a match with Message → remove the want",
      { timeout: 180_000 },
      async () => {
        const phone = name === 'phone';
        const suffix = uniqueName('w');
        const [traderMember, ownerMember] = await Promise.all([
          createMember({ displayName: `Tess Trader ${suffix}` }),
          createMember({ displayName: `Omar Owner ${suffix}` }),
        ]);
        const tent = await createListingFor(ownerMember, {
          title: `Two-person tent ${suffix}`,
          whatUserWants: `Quokka figurine ${suffix}`,
        });
        const bike = await createListingFor(traderMember, {
          title: `Mountain bike ${suffix}`,
          whatUserWants: `Quokka figurine ${suffix}`,
          location: 'Berkeley, CA',
        });
        const trader = await newPage(browser, { viewport, cookie: traderMember.cookie });
        const owner = await newPage(browser, { viewport, cookie: ownerMember.cookie });

        // A newcomer's empty pages say what to do.
        await trader.page.goto('/');
        await openFromNavigation(trader.page, phone, 'Wants');
        await trader.page.getByTestId('wants-empty').getByRole('link', { name: 'Browse Listings' }).waitFor();
        await eventually(() => axeViolations(trader.page)).toEqual([]);
        await shots(trader.page, `wants-empty-${viewport.width}`);
        await openFromNavigation(trader.page, phone, 'Matches');
        await trader.page.getByTestId('matches-empty').getByText('A match is a swap both sides want').waitFor();
        await shots(trader.page, `matches-empty-${viewport.width}`);

        // "I'd take this" on the tent's page.
        await trader.page.goto(`/listing/${tent.id}`);
        const toggle = trader.page.getByRole('button', { name: "I'd take this" });
        await eventually(() => toggle.getAttribute('aria-pressed')).toBe('false');
        await toggle.click();
        await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');
        await trader.page.getByText('On your wants').waitFor();
        await eventually(() => overflowsHorizontally(trader.page)).toBe(false);
        await shots(trader.page, `listing-wanted-${viewport.width}`);
        // Stored: the want survives a reload.
        await trader.page.reload();
        await eventually(() =>
          trader.page.getByRole('button', { name: "I'd take this" }).getAttribute('aria-pressed'),
        ).toBe('true');

        // The owner sees the count on their own listing, and no toggle.
        await owner.page.goto(`/listing/${tent.id}`);
        await eventually(() => owner.page.getByTestId('want-count').innerText()).toBe('1 member would take this');
        await eventually(() => owner.page.getByRole('button', { name: "I'd take this" }).count()).toBe(0);

        // The owner wants the bike back: a two-way match for both.
        const back = await apiCall(`/api/wants/${bike.id}`, { method: 'PUT', cookie: ownerMember.cookie });
        if (back.status !== 200) throw new Error(`want: ${back.status}`);
        await trader.page.goto('/');
        await openFromNavigation(trader.page, phone, 'Matches');
        const card = trader.page.getByTestId('match-card');
        await eventually(() => card.getByTestId('match-summary').innerText()).toBe(
          `They want your Mountain bike ${suffix} · you want their Two-person tent ${suffix}`,
        );
        await card.getByText(`Omar Owner ${suffix}`).waitFor();
        await eventually(() => card.getByText('They said they would take it').count()).toBe(1);
        await eventually(() => card.getByText(/mi apart$/).count()).toBe(1);
        await eventually(() => axeViolations(trader.page)).toEqual([]);
        await eventually(() => overflowsHorizontally(trader.page)).toBe(false);
        await shots(trader.page, `matches-${viewport.width}`);

        // The bell has the match.
        await eventually(async () => {
          const body = (await (await apiCall('/api/notifications', { cookie: traderMember.cookie })).json()) as {
            notifications: { kind: string; link: string }[];
          };
          return body.notifications.filter((n) => n.kind === 'match').map((n) => n.link);
        }).toEqual(['/matches']);

        // Message opens the conversation about their listing, as Contact does.
        await card
          .getByRole('button', { name: `Message Omar Owner ${suffix} about “Two-person tent ${suffix}”` })
          .click();
        await trader.page.waitForURL((url) => url.pathname.startsWith('/messages'));
        await eventually(() => trader.page.getByText(`Two-person tent ${suffix}`).first().isVisible()).toBe(true);

        // /wants lists the tent; Remove takes it off, and the empty state comes back.
        await trader.page.goto('/wants');
        const row = trader.page.getByTestId('want-row');
        await row.getByRole('link', { name: `Two-person tent ${suffix}` }).waitFor();
        await trader.page.getByText('1 of 200 wants').waitFor();
        await eventually(() => axeViolations(trader.page)).toEqual([]);
        await shots(trader.page, `wants-${viewport.width}`);
        await row.getByRole('button', { name: `Remove “Two-person tent ${suffix}” from your wants` }).click();
        await trader.page.getByTestId('wants-empty').waitFor();
        await eventually(
          async () => (await (await apiCall('/api/wants', { cookie: traderMember.cookie })).json()) as unknown[],
        ).toEqual([]);
        await owner.page.reload();
        await eventually(() => owner.page.getByTestId('want-count').innerText()).toBe(
          'No one has said they would take this yet',
        );

        await trader.context.close();
        await owner.context.close();
      },
    );
  });
}
