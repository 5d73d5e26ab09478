// The app's frame as members and visitors see it: header, mobile menu, theme, 404, banner.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
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

describe('header and footer', () => {
  it('shows Sign In and Sign Up to visitors, and the member tools once signed in', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/');
    const header = page.locator('header');
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    await header.getByRole('link', { name: 'Sign Up' }).waitFor();
    for (const name of ['Browse', 'Messages', 'Community'])
      await eventually(() => header.getByRole('link', { name, exact: true }).isVisible()).toBe(true);

    const member = await createMember({ displayName: 'Header Tester' });
    const signedIn = await newPage(browser, { cookie: member.cookie });
    await signedIn.page.goto('/');
    const bar = signedIn.page.locator('header');
    await bar.getByRole('button', { name: 'Create Listing' }).waitFor();
    await eventually(() => bar.getByRole('link', { name: 'Header Tester' }).getAttribute('href')).toBe('/profile');
    await eventually(() => bar.getByRole('button', { name: /Notifications/ }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('links the footer categories to browse with their slug', async () => {
    const { page } = await newPage(browser);
    await page.goto('/');
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link').first().waitFor();
    await eventually(() =>
      categories.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['home', 'tech', 'education', 'creative', 'food'].map((slug) => `/browse?category=${slug}`));
  });
});

describe('mobile menu', () => {
  it('opens with every header link, the profile link and Sign out, which signs out', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { viewport: PHONE, cookie: member.cookie });
    await page.goto('/');
    // The header shows the notifications bell once the signed-in member has loaded.
    await page
      .locator('header')
      .getByRole('button', { name: /Notifications/ })
      .waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Browse', 'Messages', 'Community']) await menu.getByRole('link', { name }).waitFor();
    await menu.getByRole('link', { name: /Profile/ }).waitFor();
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await eventually(() => toastText(page)).toContain('Logged out successfully');
    await page.getByTestId('mobile-menu-button').click();
    await eventually(() =>
      page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).isVisible(),
    ).toBe(true);
  });
});

describe('theme', () => {
  it('starts light, switches to dark, and remembers it under the key theme', async () => {
    const { page } = await newPage(browser);
    await page.goto('/');
    const theme = () =>
      page.evaluate(() => (document.querySelector('.radix-themes')?.classList.contains('dark') ? 'dark' : 'light'));
    await eventually(() => theme()).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await eventually(() => theme()).toBe('dark');
    await eventually(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await eventually(() => theme()).toBe('dark');
  });
});

describe('page not found', () => {
  it('shows the Page Not Found card for an unknown path', async () => {
    const { page } = await newPage(browser);
    await page.goto('/no/such/place');
    await eventually(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    await eventually(() => page.title()).toContain('Page Not Found');
  });
});

describe('verify-email banner', () => {
  it('shows for unverified members with Resend, and goes away when dismissed', async () => {
    const member = await createMember({ verified: false });
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/');
    await page.getByText('Please verify your email address').waitFor();
    await page.getByRole('button', { name: 'Resend' }).click();
    await eventually(() => toastText(page)).toContain('Email Sent');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await eventually(() => page.getByText('Please verify your email address').count()).toBe(0);
  });
});

describe('page titles', () => {
  it('gives every route its own title', async () => {
    const expected: Record<string, string> = {
      '/browse': 'All Listings',
      '/browse?category=food': 'Food',
      '/browse?q=bike': 'bike',
      '/listing/5': 'Full bike tune-up and safety check',
      '/messages': 'Messages',
      '/community': 'Community',
      '/profile/alice': 'Alice Moreno',
      '/auth': 'Sign In',
      '/login': 'Sign In',
      '/signup': 'Register',
      '/verify-email': 'Verify Email',
      '/forgot-password': 'Forgot',
      '/reset-password': 'Reset',
      '/admin': 'Admin',
      '/about': 'About',
      '/terms': 'Terms',
      '/privacy': 'Privacy',
      '/contact': 'Contact',
      '/help': 'Help',
      '/safety': 'Safety',
      '/community-standards': 'Community Standards',
      '/cookies': 'Cookie',
      '/safety-guidelines': 'Safety',
      '/value-guide': 'Valu',
      '/faq': 'FAQ',
      '/no/such/page': 'Page Not Found',
      '/wants': 'Wants',
      '/matches': 'Matches',
    };
    const { page } = await newPage(browser);
    for (const [route, fragment] of Object.entries(expected)) {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      // The document starts with the site's name alone; the route's title follows once it renders.
      await eventually(async () => (await page.title()).toLowerCase(), `title of ${route}`).toContain(
        fragment.toLowerCase(),
      );
      await eventually(() => page.title(), `title of ${route}`).toContain('Barter Market');
    }
  });
});
