// Withdrawing a want a trade circle depends on (issue 25 item 1, decision 061), at 1280 and 390 px:
// "I'd take this" asks first, naming the circle and its other member; "Keep my want" changes
// nothing; after "Withdraw and call it off" the want shows withdrawn with Undo, and nothing is sent
// until the undo window closes; Undo keeps the circle. Left to run out, the circle is called off, and
// the other member's page says why in words ("… no longer wants “…”") with the next steps, with no
// "Deciding" left on its ring. Screenshots in both themes (SCREENSHOT_DIR).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  inBothThemes,
  type TestMember,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const want = (member: TestMember, listingId: number) =>
  apiCall(`/api/wants/${listingId}`, { method: 'PUT', cookie: member.cookie });
const circlesOf = async (member: TestMember) =>
  (await (await apiCall('/api/trade-circles', { cookie: member.cookie })).json()) as {
    id: number;
    status: string;
    endReason: string | null;
  }[];
const wantsOf = async (member: TestMember) =>
  ((await (await apiCall('/api/wants', { cookie: member.cookie })).json()) as { id: number }[]).map((l) => l.id);

describe('withdrawing a want a trade circle depends on', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`asks first, offers undo, and tells the other member why (${size})`, { timeout: 180_000 }, async () => {
      const ana = await createMember({ displayName: 'Ana Ring' });
      const ben = await createMember({ displayName: 'Ben Ring' });
      const lamp = await createListingFor(ana, { title: 'Brass reading lamp' });
      const kettle = await createListingFor(ben, { title: 'Copper kettle' });
      expect((await want(ben, lamp.id)).status).toBe(200);
      expect((await want(ana, kettle.id)).status).toBe(200);
      // The two wants form a direct swap, proposed at once.
      await eventually(async () => (await circlesOf(ana)).map((c) => c.status)).toEqual(['proposed']);
      const circleId = (await circlesOf(ana))[0]!.id;

      const b = await newPage(browser, { viewport, cookie: ben.cookie });
      await b.page.goto(`/listing/${lamp.id}`);
      const toggle = b.page.getByTestId('want-toggle');
      await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');

      // Un-ticking asks first, naming the circle and its other member.
      await toggle.click();
      const ask = b.page.getByTestId('withdraw-confirm');
      await ask.waitFor();
      expect((await ask.innerText()).replace(/\s+/g, ' ')).toContain(
        'You receive “Brass reading lamp” in a proposed Direct swap with Ana Ring. Withdrawing your want calls it off for everyone, and they are told why.',
      );
      const withdraw = b.page.getByRole('button', { name: 'Withdraw and call it off' });
      await eventually(() => withdraw.evaluate((el) => el === document.activeElement)).toBe(true);
      await ask.scrollIntoViewIfNeeded();
      await inBothThemes(b.page, `circle-withdraw-ask-${size}`);
      expect(await overflowsHorizontally(b.page)).toBe(false);

      // "Keep my want" changes nothing, and focus goes back to the toggle.
      await b.page.getByRole('button', { name: 'Keep my want' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      await eventually(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);

      // Withdraw, then Undo: nothing was sent, the circle stands.
      await toggle.click();
      await withdraw.click();
      const undo = b.page.getByRole('button', { name: 'Undo' });
      await undo.waitFor();
      await eventually(() => undo.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect((await b.page.getByTestId('withdraw-undo').innerText()).replace(/\s+/g, ' ')).toContain(
        'Want withdrawn. The direct swap with Ana Ring is called off in a few seconds unless you undo.',
      );
      await inBothThemes(b.page, `circle-withdraw-undo-${size}`);
      await undo.click();
      await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await wantsOf(ben)).toContain(lamp.id);
      expect((await circlesOf(ana)).map((c) => c.status)).toEqual(['proposed']);

      // Withdraw and let the undo window run out: the circle is called off, with the words.
      await toggle.click();
      await withdraw.click();
      await undo.waitFor();
      await eventually(async () => (await circlesOf(ana)).map((c) => c.status)).toEqual(['declined']);
      await b.page.getByTestId('withdraw-undo').waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await wantsOf(ben)).not.toContain(lamp.id);
      const why = 'Ben Ring no longer wants “Brass reading lamp”';
      expect((await circlesOf(ana))[0]!.endReason).toBe(why);
      const bell = (await (await apiCall('/api/notifications', { cookie: ana.cookie })).json()) as {
        notifications: { text: string }[];
      };
      expect(bell.notifications.map((n) => n.text)).toContain(`A trade circle was called off: ${why}`);

      // The other member's page: called off, why, what next; nobody is "Deciding" any more.
      const a = await newPage(browser, { viewport, cookie: ana.cookie });
      await a.page.goto(`/trade-circles/${circleId}`);
      const over = a.page.getByTestId('circle-over');
      await over.waitFor();
      expect((await over.innerText()).replace(/\s+/g, ' ')).toContain(
        `This circle was called off: ${why}. No barter was made.`,
      );
      expect(await a.page.getByTestId('circle-status').innerText()).toBe('Called off');
      expect(await a.page.getByRole('link', { name: 'See your matches' }).getAttribute('href')).toBe('/matches');
      expect(await a.page.getByRole('link', { name: 'Find another circle' }).getAttribute('href')).toBe('/browse');
      expect(await a.page.getByTestId('ring-diagram').innerHTML()).not.toContain('Deciding');
      expect(await a.page.getByTestId('ring-diagram').innerHTML()).toContain('Did not decide');
      await inBothThemes(a.page, `circle-called-off-${size}`);
      expect(await overflowsHorizontally(a.page)).toBe(false);
      // The list says why too.
      await a.page.goto('/trade-circles');
      await a.page.getByTestId('circle-card').getByText(why, { exact: false }).waitFor();

      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
      await a.context.close();
      await b.context.close();
    });
  }
});
