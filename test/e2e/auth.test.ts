// Sign-in and registration screen, email verification, and the password reset flow.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  createMember,
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

/** The token in the newest email to the address whose link goes to `path`. */
async function tokenFromOutbox(email: string, path: string): Promise<string> {
  const mails = (await (await apiCall(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  for (const mail of mails) {
    const match = new RegExp(`${path}\\?token=([^\\s"&]+)`).exec(mail.text);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`no ${path} email for ${email}`);
}

const fieldErrors = (page: Page, form: string) =>
  page.getByRole('form', { name: form }).getByTestId('field-error').allInnerTexts();

describe('auth screen tabs', () => {
  it.each([
    ['/auth', 'Sign In'],
    ['/login', 'Sign In'],
    ['/signup', 'Register'],
  ])('%s opens the %s tab', async (path, tab) => {
    const { page, errors } = await newPage(browser);
    await page.goto(path);
    const selected = page.getByRole('tab', { selected: true });
    await selected.waitFor();
    await eventually(() => selected.innerText()).toBe(tab);
    await eventually(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await eventually(() => page.title()).toBe(`${tab} | Barter Market`);
    expect(errors).toEqual([]);
  });

  it('switches tabs with the keyboard, and links Forgot password? to /forgot-password', async () => {
    const { page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Sign In' }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });

  it('sends signed-in members home from /auth, /login and /signup', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    for (const path of ['/auth', '/login', '/signup']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('has no serious accessibility problems and fits a phone', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await eventually(() => axeViolations(page)).toEqual([]);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);
  });
});

describe('sign in', () => {
  it('shows both required-field messages', async () => {
    const { page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await eventually(() => fieldErrors(page, 'Sign in')).toEqual(['Username is required', 'Password is required']);
    await page.getByLabel('Username').fill('someone');
    await eventually(() => fieldErrors(page, 'Sign in')).toEqual(['Password is required']);
    await eventually(() => page.getByLabel('Username').getAttribute('aria-invalid')).toBeNull();
    await eventually(() => page.getByLabel(/^Password/).getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])(
    'refuses a wrong password at the form, tied to both fields, and with the Login failed toast (%s)',
    async (_, viewport) => {
      const member = await createMember();
      const { page } = await newPage(browser, viewport ? { viewport } : {});
      await page.goto('/login');
      await page.getByLabel('Username').fill(member.username);
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await eventually(() => toastText(page)).toContain('Login failed Invalid username or password');
      const alert = page.getByRole('form', { name: 'Sign in' }).getByTestId('form-error');
      await eventually(() => alert.innerText()).toBe('Invalid username or password');
      expect(await alert.getAttribute('role')).toBe('alert');
      const alertId = await alert.getAttribute('id');
      // Which of the two is wrong is not told: both fields are marked and described by the message.
      for (const field of [page.getByLabel('Username'), page.getByLabel(/^Password/)]) {
        await eventually(() => field.getAttribute('aria-invalid')).toBe('true');
        expect((await field.getAttribute('aria-describedby'))!.split(' ')).toContain(alertId);
      }
      expect(await alert.isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/login');
      // Signing in again clears it.
      await page.getByLabel(/^Password/).fill(member.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
    },
  );

  it('signs in with the welcome toast and goes home signed in', async () => {
    const member = await createMember({ displayName: 'Sign In Tester' });
    const { page, errors } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await eventually(() => page.getByLabel(/^Password/).getAttribute('type')).toBe('text');
    // Server relief (decision 015): the typed password never leaves the browser at sign-in.
    const loginBody = page
      .waitForRequest((request) => request.url().endsWith('/api/auth/login'))
      .then((request) => request.postData() ?? '');
    await page.getByLabel(/^Password/).press('Enter');
    const sent = JSON.parse(await loginBody) as { username: string; password: string };
    expect(sent.username).toBe(member.username);
    expect(sent.password).toMatch(/^argon2id:[A-Za-z0-9_-]{43}$/);
    await eventually(() => toastText(page)).toContain('Logged in successfully Welcome back, Sign In Tester!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('header').getByRole('link', { name: 'Sign In Tester' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('register', () => {
  it('shows the register rules under their fields', async () => {
    const { page } = await newPage(browser);
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('button', { name: 'Create Account' }).click();
    await eventually(() => fieldErrors(page, 'Register')).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 8 characters',
      'Please enter a valid email address',
      'Display name must be at least 2 characters',
    ]);
    await form.getByLabel('Username').fill('bad name!');
    await form.getByLabel(/^Password/).fill('short');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Full Name').fill('A');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await eventually(() => fieldErrors(page, 'Register')).toEqual([
      'Username may only contain letters, numbers, _, . and -',
      'Password must be at least 8 characters',
      'Please enter a valid email address',
      'Display name must be at least 2 characters',
    ]);
    // Sign-up asks only the required fields; the rest are on the profile (docs/front-end.md).
    for (const label of ['Nickname', 'Public Location', 'Address', 'Bio', 'Avatar URL'])
      await eventually(() => form.getByLabel(label).count()).toBe(0);
    // "Full Name" is the form's label, and its message says "Display name": the hint ties them.
    await form.getByText('Your display name: how other members see you.').waitFor();
    await form.getByLabel('Username').fill('ab');
    expect((await fieldErrors(page, 'Register'))[0]).toBe('Username must be at least 3 characters');
    // The sign-up form's helper texts, and the terms notice.
    await form.getByText('Your username cannot be changed later.').waitFor();
    await form.getByText('Use letters and numbers, at least 8 characters.').waitFor();
    await eventually(() => form.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    await eventually(() => form.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('reports a taken username with the Registration failed toast', async () => {
    const member = await createMember();
    const { page } = await newPage(browser);
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(member.username);
    await form.getByLabel(/^Password/).fill('password123');
    await form.getByLabel('Email').fill(`${uniqueName('taken')}@example.com`);
    await form.getByLabel('Full Name').fill('Someone Else');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await eventually(() => toastText(page)).toContain('Registration failed Username already taken');
    await eventually(() => fieldErrors(page, 'Register')).toEqual(['Username already taken']);
  });

  it('creates the account with the welcome toast and lands on the what-next screen signed in', async () => {
    const username = uniqueName('ui');
    const { page, errors } = await newPage(browser);
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel(/^Password/).fill('letters4and5numbers');
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Full Name').fill('Rita Registers');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await eventually(() => toastText(page)).toContain(
      'Registration successful Welcome to Barter Market, Rita Registers!',
    );
    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Rita Registers!' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Rita Registers' }).waitFor();
    // New accounts are unverified until the emailed link is used.
    await page.getByText('Please verify your email address').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('verify email', () => {
  it('verifies with the emailed link, refreshes the member and goes home after 3 seconds', async () => {
    const member = await createMember({ verified: false });
    const token = await tokenFromOutbox(member.email, '/verify-email');
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/');
    await page.getByText('Please verify your email address').waitFor();
    await page.goto(`/verify-email?token=${encodeURIComponent(token)}`);
    await eventually(() => toastText(page)).toContain('Email Verified!');
    await page.getByRole('heading', { name: 'Email Verified!', level: 1 }).waitFor();
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await eventually(() => page.getByText('Please verify your email address').count()).toBe(0);
    const me = (await (await apiCall('/api/auth/current-user', { cookie: member.cookie })).json()) as {
      emailVerified: boolean;
    };
    expect(me.emailVerified).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the server message and the Verification Failed toast for a bad token', async () => {
    const { page } = await newPage(browser);
    await page.goto('/verify-email?token=not-a-real-token');
    await eventually(() => toastText(page)).toContain(
      'Verification Failed Verification failed. The token may be invalid or expired.',
    );
    await page.getByRole('heading', { name: 'Verification Failed', level: 1 }).waitFor();
    await page
      .locator('main')
      .getByRole('alert')
      .filter({ hasText: 'Verification failed. The token may be invalid or expired.' })
      .waitFor();
  });

  it('says Invalid Link when the URL has no token', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/verify-email');
    await page.getByRole('heading', { name: 'Invalid Link', level: 1 }).waitFor();
    await page.getByText('No verification token found in URL.').waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await eventually(() => axeViolations(page)).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link, sets the new password once, and signs in with it', async () => {
    const member = await createMember();
    const { page, errors } = await newPage(browser);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await eventually(() => page.title()).toBe('Forgot Password | Barter Market');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await eventually(() => fieldErrors(page, 'Request a password reset link')).toEqual([
      'Please enter a valid email address',
    ]);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that email, we have sent a link to reset the password.').waitFor();

    const token = await tokenFromOutbox(member.email, '/reset-password');
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    const form = 'Choose a new password';
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm new password/).fill('different');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await eventually(() => fieldErrors(page, form)).toEqual([
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]);
    await page.getByLabel(/^New password/).fill('brand-new-pass-42');
    await page.getByLabel(/^Confirm new password/).fill('brand-new-pass-42');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been reset. Please sign in.').waitFor();
    await eventually(() =>
      page.locator('main').getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href'),
    ).toBe('/login');

    const newLogin = await apiCall('/api/auth/login', {
      body: { username: member.username, password: 'brand-new-pass-42' },
    });
    expect(newLogin.status).toBe(200);
    const oldLogin = await apiCall('/api/auth/login', {
      body: { username: member.username, password: member.password },
    });
    expect(oldLogin.status).toBe(401);

    // The link works once: opened again, it says so before anything is typed.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByTestId('reset-link-invalid').waitFor();
    await eventually(() => page.getByLabel(/^New password/).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('explains a reset link without a token', async () => {
    const { page } = await newPage(browser);
    await page.goto('/reset-password');
    await page.getByText('This reset link is incomplete.', { exact: false }).waitFor();
    await eventually(() => page.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])(
    'says a spent or unknown reset link is no good as the page opens, with a button for a new one (%s)',
    async (_, viewport) => {
      const { page, errors } = await newPage(browser, viewport ? { viewport } : {});
      await page.goto('/reset-password?token=not-a-real-token-at-all');
      const invalid = page.getByTestId('reset-link-invalid');
      await invalid.waitFor();
      await eventually(() => invalid.innerText()).toContain('This reset link has expired or has already been used.');
      await eventually(() => page.getByLabel(/^New password/).count()).toBe(0);
      await page.getByRole('link', { name: 'Request a new reset link' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      expect(errors).toEqual([]);
    },
  );
});
