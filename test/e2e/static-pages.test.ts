// Static pages: each has its own heading and title, fits a phone, and says what the product
// requires; the help FAQ search; the contact form.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  eventually,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  toastText,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PAGES: { path: string; heading: string; title: string; mentions?: string[] }[] = [
  {
    path: '/about',
    heading: 'About Barter Market',
    title: 'About Us',
    mentions: ['come from GeoNames, used under the Creative Commons Attribution 4.0 licence'],
  },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service', mentions: ['at least 13 years old'] },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    title: 'Privacy Policy',
    mentions: ['not intended for children under 13'],
  },
  {
    path: '/cookies',
    heading: 'Cookie Policy',
    title: 'Cookie Policy',
    mentions: ['Until you close the browser (the session)', '30 days', '1 year', 'Up to 2 years', 'kd', 'd1b'],
  },
  { path: '/contact', heading: 'Contact Us', title: 'Contact Us' },
  { path: '/help', heading: 'Help Center', title: 'Help Center' },
  { path: '/safety', heading: 'Safety Tips', title: 'Safety Tips', mentions: ['Meet in public'] },
  {
    path: '/community-standards',
    heading: 'Community Standards',
    title: 'Community Standards',
    mentions: [
      'within 24 to 48 hours',
      'Minor',
      'Warning',
      'Moderate',
      'Temporary suspension',
      'Serious',
      'Permanent suspension',
    ],
  },
  {
    path: '/safety-guidelines',
    heading: 'Safety Guidelines',
    title: 'Safety Guidelines',
    mentions: ['Before you meet'],
  },
  {
    path: '/value-guide',
    heading: 'Value Guide',
    title: 'Valuing Goods and Skills',
    mentions: ['Valuing goods', 'Valuing skills and time'],
  },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'FAQ' },
];

describe('static pages', () => {
  it.each(PAGES)(
    '$path has its heading, title and content, and fits a phone',
    async ({ path, heading, title, mentions = [] }) => {
      const { page, errors } = await newPage(browser, { viewport: PHONE });
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
      await eventually(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await eventually(() => page.title()).toBe(`${title} | Barter Market`);
      for (const mention of mentions) await eventually(() => page.locator('main').innerText()).toContain(mention);
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      expect(errors).toEqual([]);
    },
  );

  it('pairs each enforcement tier with its consequence', async () => {
    const { page } = await newPage(browser);
    await page.goto('/community-standards');
    const rows = page.getByRole('region', { name: 'Enforcement tiers' }).getByRole('row');
    await rows.nth(1).waitFor();
    await eventually(() =>
      rows.evaluateAll((trs) => trs.slice(1).map((tr) => [tr.children[0]!.textContent, tr.children[1]!.textContent])),
    ).toEqual([
      ['Minor', 'Warning'],
      ['Moderate', 'Temporary suspension'],
      ['Serious', 'Permanent suspension'],
    ]);
  });

  it.each(['/privacy', '/cookies', '/help'])('%s passes axe in light and dark', async (path) => {
    const { page } = await newPage(browser);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);
    await page.getByTestId('theme-toggle').click();
    await eventually(() => axeViolations(page)).toEqual([]);
  });
});

describe('help FAQ', () => {
  it('has the four sections and filters questions as you type', async () => {
    const { page } = await newPage(browser);
    await page.goto('/help');
    const sections = page.getByTestId('faq-section');
    await sections.first().waitFor();
    await eventually(() => sections.getByRole('heading').allInnerTexts()).toEqual([
      'Getting Started',
      'Making Exchanges',
      'Safety & Trust',
      'Account & Profile',
    ]);
    const all = await page.getByTestId('faq-item').count();

    await page.getByLabel('Search questions').fill('password');
    await eventually(() => page.getByTestId('faq-item').count()).toBeLessThan(all);
    await eventually(() => page.locator('[data-testid="faq-item"] summary').allInnerTexts()).toContain(
      'I forgot my password. What do I do?',
    );
    // Matching answers are open, so they can be read at once.
    await page.getByText('The link works once and expires after 1 hour.').waitFor();

    await page.getByLabel('Search questions').fill('zzzz-nothing');
    await page.getByText('No questions match “zzzz-nothing”.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await eventually(() => page.getByTestId('faq-item').count()).toBe(all);
  });

  it('opens an answer with the keyboard', async () => {
    const { page } = await newPage(browser);
    await page.goto('/help');
    const first = page.locator('[data-testid="faq-item"] summary').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId('faq-item').first().getAttribute('open')).toBe('');
  });

  it('/faq shows the same questions as /help', async () => {
    const { page } = await newPage(browser);
    await page.goto('/help');
    await page.getByTestId('faq-item').first().waitFor();
    const help = await page.locator('[data-testid="faq-item"] summary').allInnerTexts();
    await page.goto('/faq');
    await page.getByTestId('faq-item').first().waitFor();
    await eventually(() => page.locator('[data-testid="faq-item"] summary').allInnerTexts()).toEqual(help);
  });
});

describe('contact form', () => {
  it('shows the contact rules, then replaces the form with a thank-you alert', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await eventually(() => form.getByTestId('field-error').allInnerTexts()).toEqual([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]);
    await form.getByLabel('Name').fill('Casey Contact');
    await form.getByLabel('Email').fill('casey@example.com');
    await form.getByLabel('Subject').fill('Hosting a swap meet');
    await form.getByLabel('Message').fill('I would like to host a seed swap at our library next month.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await eventually(() => toastText(page)).toMatch(/Message sent!.*within 24 hours/);
    await page.locator('main').getByRole('status').filter({ hasText: 'Thank you for your message!' }).waitFor();
    await eventually(() => page.getByRole('form', { name: 'Contact us' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the failure toast when sending fails', async () => {
    const { page } = await newPage(browser);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Casey Contact');
    await form.getByLabel('Email').fill('casey@example.com');
    await form.getByLabel('Subject').fill('Hosting a swap meet');
    await form.getByLabel('Message').fill('I would like to host a seed swap at our library next month.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await eventually(() => toastText(page)).toContain(
      'Failed to send message. Please try again or contact us directly.',
    );
    await eventually(() => page.getByRole('form', { name: 'Contact us' }).count()).toBe(1);
  });
});
