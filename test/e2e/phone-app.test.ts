// Phones feel like an app (issue 25, item 5): a bottom tab bar for members with the unread count and
// Create always in reach, Make Offer and Message fixed on a listing, an open conversation taking
// the whole screen with its composer pinned, and no drag wording where there is no mouse. Each at
// 390 px (touch) and 1280 px, where the desktop keeps its header instead.
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
  settledRead,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const THEMES = ['light', 'dark'] as const;
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

/** Axe in both themes on the page as it stands (reloaded with the theme set), with screenshots. */
async function checkThemes(page: Page, name: string, ready: () => Promise<unknown>) {
  const failures: string[] = [];
  for (const appearance of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), appearance);
    await page.reload();
    await ready();
    await screenshot(page, `${name}-${appearance}`, { fullPage: false });
    const found = await settledRead(
      () => axeViolations(page, { strictContrast: true }),
      (violations) => violations.length === 0,
    );
    failures.push(...found.map((v) => `${name} [${appearance}] ${v}`));
  }
  return failures;
}

/** The rectangle of an element, to tell what the viewport shows. */
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height };
    });

describe('the phone tab bar', () => {
  it('gives a member Browse, Messages with its unread count, Create, Matches and Profile at 390 px', async () => {
    const [member, neighbour] = await Promise.all([createMember(), createMember({ displayName: 'Tab Neighbour' })]);
    const listing = await createListingFor(member, { title: 'Tab bar: folding ladder' });
    await sendMessageByApi(neighbour, member, listing.id, 'Tab bar: is the ladder still free?');
    const { page, errors } = await newPage(browser, { viewport: PHONE, touch: true, cookie: member.cookie });
    await page.goto('/messages');
    const tabs = tabBar(page);
    await tabs.waitFor();
    await eventually(() =>
      tabs.locator('.phone-tab-label').evaluateAll((items) => items.map((item) => item.textContent)),
    ).toEqual(['Browse', 'Messages', 'Create', 'Matches', 'Profile']);
    // The count shows on the icon and is read out with the name.
    await tabs.getByRole('link', { name: /^Messages\s*, 1 unread conversation$/ }).waitFor();
    expect(await tabs.locator('.phone-tab-badge').innerText()).toBe('1');
    await eventually(() => tabs.getByRole('link', { name: /^Messages/ }).getAttribute('aria-current')).toBe('page');
    // The bar is at the foot of the screen, and the page keeps room for it: the footer's last
    // link, scrolled to, ends above it.
    const bar = await box(page, '.phone-tab-bar');
    expect(bar.bottom).toBe(PHONE.height);
    await page.locator('.site-footer a').last().scrollIntoViewIfNeeded();
    const footerEnd = await box(page, '.site-footer');
    expect(footerEnd.bottom).toBeLessThanOrEqual(bar.top + 1);
    expect(await overflowsHorizontally(page)).toBe(false);

    // Reading the conversation clears the count.
    await page.getByTestId('conversation-item').filter({ hasText: 'Tab Neighbour' }).click();
    await page.getByTestId('message').filter({ hasText: 'Tab bar: is the ladder still free?' }).waitFor();
    await page.goBack();
    await eventually(() => tabs.getByRole('link', { name: 'Messages', exact: true }).count()).toBe(1);

    // Create opens the Create Listing dialog from any screen.
    await tabs.getByRole('link', { name: 'Browse' }).click();
    await page.waitForURL((url) => url.pathname === '/browse');
    await eventually(() => tabs.getByRole('link', { name: 'Browse' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Listing' });
    await dialog.getByLabel('Title').waitFor();
    await screenshot(page, 'phone-tab-bar-create-390', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The circles belong to the Matches tab.
    await tabs.getByRole('link', { name: 'Matches' }).click();
    await page.waitForURL((url) => url.pathname === '/matches');
    await page.goto('/trade-circles');
    await eventually(() => tabs.getByRole('link', { name: 'Matches' }).getAttribute('aria-current')).toBe('page');

    await page.goto('/');
    const failures = await checkThemes(page, 'phone-tab-bar-390', () => tabs.waitFor());
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is not there on a desktop (the header has the links) nor for visitors on a phone', async () => {
    const member = await createMember();
    const desktop = await newPage(browser, { viewport: DESKTOP, cookie: member.cookie });
    await desktop.page.goto('/');
    await desktop.page
      .locator('header')
      .getByRole('button', { name: /Notifications/ })
      .waitFor();
    // Rendered for members, hidden by the stylesheet above 767 px.
    await desktop.page.locator('.phone-tab-bar').waitFor({ state: 'attached' });
    expect(await desktop.page.locator('.phone-tab-bar').isVisible()).toBe(false);
    await screenshot(desktop.page, 'phone-tab-bar-absent-1280', { fullPage: false });

    const visitor = await newPage(browser, { viewport: PHONE, touch: true });
    await visitor.page.goto('/');
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    await visitor.page.waitForLoadState('networkidle');
    expect(await visitor.page.locator('.phone-tab-bar').count()).toBe(0);
    expect([...desktop.errors, ...visitor.errors]).toEqual([]);
  });
});

describe("a listing's action bar", () => {
  it('keeps Make Offer and Message at the foot of a phone screen; Make Offer goes to the offer form', async () => {
    const [owner, member] = await Promise.all([createMember({ displayName: 'Bar Owner' }), createMember()]);
    const listing = await createListingFor(owner, { title: 'Action bar: sourdough starter', acceptOffers: true });
    const { page, errors } = await newPage(browser, { viewport: PHONE, touch: true, cookie: member.cookie });
    await page.goto(`/listing/${listing.id}`);
    const bar = page.getByTestId('listing-action-bar');
    await bar.waitFor();
    const tabs = await box(page, '.phone-tab-bar');
    const actions = await box(page, '[data-testid="listing-action-bar"]');
    expect(actions.bottom).toBeLessThanOrEqual(tabs.top + 1);

    const failures = await checkThemes(page, 'listing-action-bar-390', () => bar.waitFor());
    expect(failures).toEqual([]);

    await bar.getByRole('link', { name: 'Make Offer' }).click();
    const form = page.getByRole('form', { name: 'Make an offer' });
    await eventually(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The focused field is in view, above both bars.
    const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom);
    expect(focused).toBeLessThanOrEqual(actions.top);
    await screenshot(page, 'listing-action-bar-offer-390', { fullPage: false });

    await bar.getByRole('button', { name: 'Message' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/messages/'));
    await page.getByRole('heading', { name: 'Bar Owner' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('is not shown on a desktop, nor to the owner or a visitor on a phone', async () => {
    const owner = await createMember();
    const listing = await createListingFor(owner, { title: 'Action bar: bread knife' });
    const member = await createMember();
    const desktop = await newPage(browser, { viewport: DESKTOP, cookie: member.cookie });
    await desktop.page.goto(`/listing/${listing.id}`);
    await desktop.page.getByRole('button', { name: 'Make Offer' }).waitFor();
    expect(await desktop.page.getByTestId('listing-action-bar').isVisible()).toBe(false);

    for (const viewer of [{ cookie: owner.cookie }, {}]) {
      const { page, errors } = await newPage(browser, { viewport: PHONE, touch: true, ...viewer });
      await page.goto(`/listing/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
      await page.getByRole('heading', { name: /This is Your Listing|Interested in this exchange\?/ }).waitFor();
      expect(await page.locator('.listing-action-bar').count()).toBe(0);
      expect(errors).toEqual([]);
    }
    expect(desktop.errors).toEqual([]);
  });
});

describe('an open conversation on a phone', () => {
  it('takes the whole screen below the header, with the composer pinned at the bottom', async () => {
    const [member, partner] = await Promise.all([createMember(), createMember({ displayName: 'Chat Partner' })]);
    const listing = await createListingFor(partner, { title: 'Full screen: garden shears' });
    for (let n = 1; n <= 12; n++) await sendMessageByApi(partner, member, listing.id, `Full screen message ${n}`);
    const { page, errors } = await newPage(browser, { viewport: PHONE, touch: true, cookie: member.cookie });
    await page.goto('/messages');
    await page.getByTestId('conversation-item').filter({ hasText: 'Chat Partner' }).click();
    await page.getByTestId('message').filter({ hasText: 'Full screen message 12' }).waitFor();
    const composer = page.getByRole('textbox', { name: 'Type your message...' });
    await composer.waitFor();
    // The page does not scroll: the thread scrolls inside it, the composer is at the bottom.
    await eventually(() => page.evaluate(() => document.documentElement.scrollHeight)).toBe(PHONE.height);
    const input = await box(page, '.message-composer');
    expect(input.bottom).toBeGreaterThan(PHONE.height - 24);
    expect(input.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await tabBar(page).isVisible()).toBe(false);
    // The page's heading is still there for screen readers.
    expect(await page.getByRole('heading', { level: 1, name: 'Messages' }).count()).toBe(1);

    const failures = await checkThemes(page, 'chat-full-screen-390', () =>
      page.getByTestId('message').filter({ hasText: 'Full screen message 12' }).waitFor(),
    );
    expect(failures).toEqual([]);

    // Back to the list: the tab bar and the footer come back.
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await tabBar(page).waitFor();
    // The footer comes after the first render (decision 068): wait for it, then it shows.
    await page.locator('.site-footer').waitFor();
    expect(await page.locator('.site-footer').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps the two-pane panel, the header and the footer on a desktop', async () => {
    const [member, partner] = await Promise.all([createMember(), createMember({ displayName: 'Desk Partner' })]);
    const listing = await createListingFor(partner, { title: 'Desktop chat: drill' });
    await sendMessageByApi(partner, member, listing.id, 'Desktop chat: hello');
    const { page, errors } = await newPage(browser, { viewport: DESKTOP, cookie: member.cookie });
    await page.goto('/messages');
    await page.getByTestId('conversation-item').filter({ hasText: 'Desk Partner' }).click();
    await page.getByTestId('message').filter({ hasText: 'Desktop chat: hello' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Messages' }).isVisible()).toBe(true);
    await page.locator('.site-footer').waitFor();
    expect(await page.locator('.site-footer').isVisible()).toBe(true);
    expect(await page.locator('.messages-panel').evaluate((el) => getComputedStyle(el).height)).toBe('600px');
    await screenshot(page, 'chat-1280', { fullPage: false });
    expect(errors).toEqual([]);
  });
});

describe('the photo drop zone', () => {
  for (const [name, viewport, touch] of [
    ['390, touch', PHONE, true],
    ['1280, mouse', DESKTOP, false],
  ] as const) {
    it(`speaks of dragging only where there is a mouse (${name})`, async () => {
      const member = await createMember();
      const { page, errors } = await newPage(browser, { viewport, touch, cookie: member.cookie });
      await page.goto('/browse');
      if (touch) await tabBar(page).getByRole('button', { name: 'Create' }).click();
      else await page.locator('header').getByRole('button', { name: 'Create Listing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Listing' });
      await dialog.locator('.photo-drop-zone').waitFor();
      const zone = dialog.locator('.photo-drop-zone');
      if (touch) {
        await eventually(() => zone.innerText()).toContain('Choose files');
        expect(await zone.innerText()).not.toContain('Drag');
      } else {
        await eventually(() => zone.innerText()).toContain('Drag them here or choose files');
      }
      await screenshot(page, `photo-drop-${touch ? 'touch-390' : 'mouse-1280'}`, { fullPage: false });
      expect(errors).toEqual([]);
    });
  }
});
