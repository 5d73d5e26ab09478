// The header's notifications bell: the unread count, the panel, opening an entry, mark all read,
// and the count refreshing without a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  createListingFor,
  createMember,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  sendMessageByApi,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const bell = (page: Page) => page.locator('header').getByRole('button', { name: /^Notifications/ });

describe('notifications bell', () => {
  it('shows the unread count, lists one entry per conversation, and opens the conversation', async () => {
    const owner = await createMember({ displayName: 'Nora Notified' });
    const asker = await createMember({ displayName: 'Abe Asker' });
    const listing = await createListingFor(owner, { title: 'Sewing machine, barely used' });
    await sendMessageByApi(asker, owner, listing.id, 'Hello! Is the sewing machine still available?');
    await sendMessageByApi(asker, owner, listing.id, 'I could trade a week of dinners.');

    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await page.goto('/');
    await bell(page)
      .and(page.getByRole('button', { name: 'Notifications: 1 unread' }))
      .waitFor();
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', {
      name: /New message from Abe Asker about "Sewing machine, barely used" \(2 new\)/,
    });
    await entry.waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);

    await entry.click();
    // The entry links to the conversation's own address (docs/api/offers.md, "Addresses").
    await page.waitForURL((url) => /^\/messages\/\d+-\d+-\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 2, name: 'Abe Asker' }).waitFor();
    await page
      .getByRole('log', { name: 'Messages with Abe Asker' })
      .getByText('I could trade a week of dinners.')
      .waitFor();
    await page.getByRole('button', { name: 'Notifications: nothing new' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('refreshes the count when the member comes back to the tab, and marks all as read', async () => {
    const owner = await createMember();
    const asker = await createMember({ displayName: 'Bea Busy' });
    const first = await createListingFor(owner, { title: 'Folding ladder' });
    const second = await createListingFor(owner, { title: 'Bread maker' });

    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await page.goto('/');
    await page.getByRole('button', { name: 'Notifications: nothing new' }).waitFor();

    await sendMessageByApi(asker, owner, first.id, 'Could I borrow the ladder this weekend?');
    await sendMessageByApi(asker, owner, second.id, 'I would love the bread maker.');
    // Coming back to the tab asks for news once (no reload); a background tab asks for nothing.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.getByRole('button', { name: 'Notifications: 2 unread' }).waitFor();

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await eventually(() => panel.getByRole('listitem').count()).toBe(2);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications: nothing new' }).waitFor();
    const stored = (await (await apiCall('/api/notifications', { cookie: owner.cookie })).json()) as {
      unreadCount: number;
    };
    expect(stored.unreadCount).toBe(0);
    expect(errors).toEqual([]);
  });

  it('updates the count as soon as news is written, pushed over the bell socket, and reads the list only for the open panel', async () => {
    const owner = await createMember();
    const asker = await createMember({ displayName: 'Pia Pushed' });
    const listing = await createListingFor(owner, { title: 'Camping stove' });
    const other = await createListingFor(owner, { title: 'Hiking poles' });

    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    const bellReads: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/notifications' && request.method() === 'GET')
        bellReads.push(Date.now());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Notifications: nothing new' }).waitFor();
    // The header's bell socket is open (the server has it before the browser sees it open), and
    // its first frame was the unread count: the page did not read the bell over HTTP at all.
    await page.locator('header .notifications-button[data-live]').waitFor();
    expect(bellReads).toEqual([]);

    const sentAt = Date.now();
    await sendMessageByApi(asker, owner, listing.id, 'Is the camping stove still around?');
    // No visibility change, no reload, and far sooner than any poll (60 s, or 10 min with the socket).
    await page.getByRole('button', { name: 'Notifications: 1 unread' }).waitFor({ timeout: 15_000 });
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    // The frame carried the count: no read of the bell followed the news.
    await page.waitForTimeout(500);
    expect(bellReads).toEqual([]);

    // A second message on the same subject bumps the same entry; opening the panel reads the list once.
    await sendMessageByApi(asker, owner, listing.id, 'I could trade a lantern.');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /\(2 new\)/ }).waitFor({ timeout: 15_000 });
    expect(bellReads).toHaveLength(1);

    // News while the panel is open: the frame's count differs from the list's, so the list is read again.
    await sendMessageByApi(asker, owner, other.id, 'And the hiking poles?');
    await panel.getByRole('link', { name: /Hiking poles/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Notifications: 2 unread' }).waitFor();
    expect(bellReads).toHaveLength(2);

    // Marking read: the panel updates at once, and the pushed count (the list's own) reads nothing.
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications: nothing new' }).waitFor();
    await page.waitForTimeout(500);
    expect(bellReads).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('news found by the bell refreshes the conversation list on the messages screen', async () => {
    const owner = await createMember();
    const first = await createMember({ displayName: 'Cy First' });
    const second = await createMember({ displayName: 'Di Second' });
    const listing = await createListingFor(owner, { title: 'Box of seed packets' });
    await sendMessageByApi(first, owner, listing.id, 'Could I have a few tomato seeds?');

    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await page.goto('/messages');
    const items = page.getByTestId('conversation-item');
    await items.filter({ hasText: 'Cy First' }).waitFor();
    // The bell's socket is open and its first frame counted Cy's message: news from now on is pushed
    // (decision 050: the first frame of a connection refreshes nothing, the list came with the page).
    await page.locator('header .notifications-button[data-live]').waitFor();
    await page.getByRole('button', { name: 'Notifications: 1 unread' }).waitFor();
    await sendMessageByApi(second, owner, listing.id, 'And I would love some basil seeds.');
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await items.filter({ hasText: 'Di Second' }).waitFor();
    await eventually(() => items.count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('fits a phone screen and says when there is nothing yet', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { viewport: PHONE, cookie: member.cookie });
    await page.goto('/');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText("You're all caught up").waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    // Inside the screen: from x = 0 to the phone's width.
    await eventually(async () => {
      const box = await panel.boundingBox();
      return box && [box.x >= 0, box.x + box.width <= PHONE.width];
    }).toEqual([true, true]);
  });
});
