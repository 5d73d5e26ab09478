// The community page: live figures, stories, events, resources, and the newsletter opt-in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  toastText,
  uniqueName,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const getJson = async <T>(path: string) => (await (await apiCall(path)).json()) as T;

function expectedLevel(a: { users: number; listings: number; barters: number }) {
  const total = a.users + a.listings + a.barters;
  return total === 0 ? 'Launching' : total < 10 ? 'Growing' : total < 50 ? 'Active' : 'Thriving';
}

describe('community stats', () => {
  it('shows live figures, the activity level and the growth labels', async () => {
    const dashboard = await getJson<{ totalUsers: number; completedBarters: number; totalSavings: number }>(
      '/api/analytics/dashboard',
    );
    const activity = await getJson<{ users: number; listings: number; barters: number }>('/api/analytics/activity');
    const { page, errors } = await newPage(browser);
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Our Community', level: 1 }).waitFor();
    await eventually(() => page.title()).toBe('Community | Barter Market');

    const tile = (id: string) => page.getByTestId(`community-stat-${id}`);
    await eventually(() => tile('members').locator('.community-stat-value').innerText()).toBe(
      dashboard.totalUsers.toLocaleString('en-US'),
    );
    await eventually(() => tile('level').locator('.community-stat-value').innerText()).toBe(
      activity.listings.toLocaleString('en-US'),
    );
    await eventually(() => tile('members').innerText()).toContain(dashboard.totalUsers.toLocaleString('en-US'));
    await eventually(() => tile('members').innerText()).toContain('Active Members');
    await eventually(() => tile('members').innerText()).toContain(activity.users > 0 ? 'Growing' : 'Starting');
    await eventually(() => tile('exchanges').innerText()).toContain(dashboard.completedBarters.toLocaleString('en-US'));
    await eventually(() => tile('exchanges').innerText()).toContain('Successful Exchanges');
    await eventually(() => tile('exchanges').innerText()).toContain(activity.barters > 0 ? 'Proven' : 'Launching');
    await eventually(() => tile('savings').innerText()).toContain(`$${dashboard.totalSavings.toLocaleString('en-US')}`);
    await eventually(() => tile('savings').innerText()).toContain('Money Saved');
    await eventually(() => tile('level').getByTestId('stat-label').innerText()).toBe(
      `Community ${expectedLevel(activity)}`,
    );
    await eventually(() => tile('level').innerText()).toContain(activity.listings > 0 ? 'Active' : 'Getting Started');
    expect(errors).toEqual([]);
  });

  it('says Community Starting while there is no data', async () => {
    const { page } = await newPage(browser);
    await page.route('**/api/analytics/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    // No feed socket either (decision 028): the figures come from nowhere.
    await page.routeWebSocket('**/api/analytics/ws', (ws) => ws.close());
    await page.goto('/community');
    await eventually(() => page.getByTestId('community-stat-level').getByTestId('stat-label').innerText()).toBe(
      'Community Starting',
    );
  });
});

describe('community tabs', () => {
  it('shows approved success stories and upcoming events', async () => {
    const stories = await getJson<{ title: string }[]>('/api/testimonials');
    const events = await getJson<{ title: string }[]>('/api/events');
    const { page } = await newPage(browser);
    await page.goto('/community');
    await page.getByRole('tab', { name: 'Resources' }).waitFor();
    await eventually(() => page.getByRole('tab').allInnerTexts()).toEqual(['Success Stories', 'Events', 'Resources']);
    for (const story of stories) await page.getByRole('heading', { name: story.title }).waitFor();
    await page.getByRole('tab', { name: 'Events' }).click();
    for (const event of events) await page.getByRole('heading', { name: event.title }).waitFor();
    await eventually(() => page.getByRole('link', { name: 'Contact Us to Host' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('shows the empty states with their links', async () => {
    const { page } = await newPage(browser);
    await page.route('**/api/testimonials', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.route('**/api/events', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/community');
    await page.getByText('No success stories yet').waitFor();
    await eventually(() =>
      page.getByRole('tabpanel').getByRole('link', { name: 'Browse Listings' }).getAttribute('href'),
    ).toBe('/browse');
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByText('No upcoming events').waitFor();
    await eventually(() =>
      page.getByRole('tabpanel').getByRole('link', { name: 'Contact Us to Host' }).getAttribute('href'),
    ).toBe('/contact');
  });

  it('links the four resources and shows the forum panel', async () => {
    const { page } = await newPage(browser);
    await page.goto('/community');
    await page.getByRole('tab', { name: 'Resources' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Community Forum' }).waitFor();
    await eventually(() =>
      panel
        .getByRole('list', { name: 'Guides' })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['/safety-guidelines', '/value-guide', '/community-standards', '/faq']);
    await panel.getByRole('link', { name: 'Read the FAQ' }).click();
    await page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 }).waitFor();
  });

  it('fits a phone and passes axe in light and dark', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/community');
    await eventually(() =>
      page.getByTestId('community-stat-members').locator('.community-stat-value').innerText(),
    ).toMatch(/^\d/);
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await eventually(() => axeViolations(page)).toEqual([]);
    await page.getByTestId('theme-toggle').click();
    await page.getByRole('tab', { name: 'Events' }).click();
    await eventually(() => axeViolations(page)).toEqual([]);
  });
});

describe('newsletter', () => {
  it('subscribes, confirms by the emailed link once, and unsubscribes', async () => {
    const email = `${uniqueName('news')}@example.com`;
    const { page, errors } = await newPage(browser);
    await page.goto('/community');
    const form = page.getByRole('form', { name: 'Subscribe to the newsletter' });
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('Please enter a valid email address').waitFor();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await eventually(() => toastText(page)).toContain('Please check your inbox to confirm your subscription.');
    await page
      .locator('main')
      .getByRole('status')
      .filter({ hasText: 'Please check your inbox to confirm your subscription.' })
      .waitFor();

    const mails = await getJson<{ text: string; subject: string }[]>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(mails[0]!.subject).toContain('newsletter');
    const confirmToken = decodeURIComponent(/\/newsletter\/confirm\?token=([^\s"&]+)/.exec(mails[0]!.text)![1]!);
    const unsubscribeToken = decodeURIComponent(
      /\/newsletter\/unsubscribe\?token=([^\s"&]+)/.exec(mails[0]!.text)![1]!,
    );

    await page.goto(`/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
    await page.getByRole('heading', { name: 'Subscription confirmed', level: 1 }).waitFor();
    await page.goto(`/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
    await page.getByRole('heading', { name: 'Confirmation failed', level: 1 }).waitFor();
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();

    await page.goto(`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You have been unsubscribed', level: 1 }).waitFor();

    await page.goto('/newsletter/unsubscribe?token=bogus');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('This unsubscribe link is invalid.').waitFor();
    await page.goto('/newsletter/confirm');
    await page.getByRole('heading', { name: 'Invalid Link', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });
});
