// The admin dashboard: who may see it, live analytics, Make Admin and the featured toggle.
import type { Browser } from 'playwright-core';
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
  signInAs,
  toastText,
  uniqueName,
} from '../support/browser';

let browser: Browser;
let adminCookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInAs('admin');
});
afterAll(() => browser?.close());

const adminPage = async (viewport?: { width: number; height: number }) => {
  const opened = await newPage(browser, { cookie: adminCookie, viewport });
  await opened.page.goto('/admin');
  await opened.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return opened;
};

describe('access', () => {
  it('tells visitors to log in', async () => {
    const { page } = await newPage(browser);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor();
    await page.getByText('Please log in to access the admin dashboard.').waitFor();
    await eventually(() => page.getByRole('tab').count()).toBe(0);
    await eventually(() => page.title()).toBe('Admin Dashboard | Barter Market');
  });

  it('tells members they need admin privileges', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required', level: 1 }).waitFor();
    await page
      .getByText(
        'You need admin privileges to access this dashboard. Contact an administrator if you believe this is an error.',
      )
      .waitFor();
    await eventually(() => page.getByRole('tab').count()).toBe(0);
  });

  it('shows admins the four tabs', async () => {
    const { page, errors } = await adminPage();
    await eventually(() => page.getByRole('tab').allInnerTexts()).toEqual([
      'Analytics',
      'Users',
      'Listings',
      'Settings',
    ]);
    expect(errors).toEqual([]);
  });
});

describe('email notice', () => {
  it('says locally that email stays in the dev outbox, with the waiting count, and links there', async () => {
    // A new unverified member queues a verification email, so the outbox is not empty.
    await createMember({ verified: false });
    const status = (await (await apiCall('/api/admin/email-status', { cookie: adminCookie })).json()) as {
      configured: boolean;
      development: boolean;
      pendingCount: number;
    };
    expect(status).toMatchObject({ configured: false, development: true });
    const { page, errors } = await adminPage();
    const notice = page.getByTestId('email-status-notice');
    await notice.waitFor();
    const text = await notice.innerText();
    expect(text).toMatch(
      /^Email is not delivered in local development: emails stay in the dev outbox\. [\d,]+ emails? (is|are) waiting there\.$/,
    );
    // The figure is read when the page loads; other tests may queue more mail meanwhile.
    expect(Number(/([\d,]+) email/.exec(text)![1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(status.pendingCount);
    await eventually(() => axeViolations(page)).toEqual([]);
    await notice.getByRole('link', { name: 'dev outbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dev Outbox' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("renders a production instance's states: not delivering (an alert), today's cap reached, and nothing when mail flows", async () => {
    const production = { provider: 'resend', development: false, sentToday: 3, dailyLimit: 100, lastError: null };
    const states: [object, string | null][] = [
      [
        {
          ...production,
          configured: false,
          problem: 'EMAIL_PROVIDER is "resend" but the RESEND_API_KEY secret is not set',
          pendingCount: 12,
        },
        'Email is not being delivered: EMAIL_PROVIDER is "resend" but the RESEND_API_KEY secret is not set. 12 emails are waiting in the outbox.',
      ],
      [
        { ...production, configured: true, problem: null, sentToday: 100, pendingCount: 1 },
        "Today's email limit is reached (100 of 100 sent). 1 email is waiting in the outbox.",
      ],
      [{ ...production, configured: true, problem: null, pendingCount: 4 }, null],
    ];
    for (const [status, expected] of states) {
      const { page, errors } = await newPage(browser, { cookie: adminCookie });
      // The instance under test is local; the production answers are served to the page instead.
      await page.route('**/api/admin/email-status', (route) => route.fulfill({ json: status }));
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/email-status'));
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
      await answered;
      const notice = page.getByTestId('email-status-notice');
      if (expected === null) {
        await page.getByRole('tab', { name: 'Analytics' }).waitFor();
        await eventually(() => notice.count()).toBe(0);
      } else {
        await notice.waitFor();
        await eventually(() => notice.innerText()).toContain(expected);
        await eventually(() => axeViolations(page)).toEqual([]);
      }
      if (status === states[0]![0])
        await eventually(() =>
          page.getByRole('alert').filter({ hasText: 'Email is not being delivered' }).count(),
        ).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('is not shown to members', async () => {
    const member = await createMember();
    expect((await apiCall('/api/admin/email-status', { cookie: member.cookie })).status).toBe(403);
    expect((await apiCall('/api/admin/email-status')).status).toBe(401);
  });
});

describe('analytics', () => {
  it('shows the dashboard figures and refreshes them on Refresh', async () => {
    const { page } = await adminPage();
    const totalUsers = page.getByTestId('admin-stat-Total Users').locator('.admin-stat-value');
    // While loading, each figure is a skeleton over a placeholder "0": wait for the loaded state.
    await page.getByText(/^Updated .*Refreshes every 30 seconds\.$/).waitFor();
    const dashboard = (await (await apiCall('/api/analytics/dashboard')).json()) as {
      totalUsers: number;
      totalSkills: number;
      completedBarters: number;
      totalSavings: number;
    };
    await eventually(() => totalUsers.innerText()).toBe(dashboard.totalUsers.toLocaleString('en-US'));
    await eventually(() => page.getByTestId('admin-stat-Open Listings').locator('.admin-stat-value').innerText()).toBe(
      dashboard.totalSkills.toLocaleString('en-US'),
    );
    await eventually(() =>
      page.getByTestId('admin-stat-Completed Barters').locator('.admin-stat-value').innerText(),
    ).toBe(dashboard.completedBarters.toLocaleString('en-US'));
    await eventually(() =>
      page.getByTestId('admin-stat-Estimated Savings').locator('.admin-stat-value').innerText(),
    ).toBe(`$${dashboard.totalSavings.toLocaleString('en-US')}`);

    await createMember();
    const refetched = page.waitForResponse((r) => r.url().endsWith('/api/analytics/dashboard') && r.status() === 200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refetched;
    await eventually(async () => Number((await totalUsers.innerText()).replace(/,/g, ''))).toBeGreaterThan(
      dashboard.totalUsers,
    );
  });
});

describe('users', () => {
  it('makes a member an admin after confirming, with the toast', async () => {
    const member = await createMember({ displayName: `Promote ${uniqueName('p')}` });
    const { page, errors } = await adminPage();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
    const row = page.getByTestId(`admin-user-${member.username}`);
    await row.getByText('Member', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Make Admin: ${member.displayName}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Make ${member.displayName} an admin?`).waitFor();
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await eventually(() => toastText(page)).toContain('User granted admin privileges');
    await row.getByText('Admin', { exact: true }).waitFor();
    await eventually(() => row.getByRole('button', { name: /Make Admin/ }).count()).toBe(0);
    const me = (await (await apiCall('/api/auth/current-user', { cookie: member.cookie })).json()) as {
      isAdmin: boolean;
    };
    expect(me.isAdmin).toBe(true);
    expect(errors).toEqual([]);
  });

  it('cancelling the confirmation changes nothing', async () => {
    const member = await createMember();
    const { page } = await adminPage();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
    await page.getByRole('button', { name: `Make Admin: ${member.displayName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    const me = (await (await apiCall('/api/auth/current-user', { cookie: member.cookie })).json()) as {
      isAdmin: boolean;
    };
    expect(me.isAdmin).toBe(false);
  });

  it('keeps the table inside the page on a phone', async () => {
    const { page } = await adminPage(PHONE);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('region', { name: 'Users' }).getByRole('row').nth(1).waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    const region = page.getByRole('region', { name: 'Users' });
    await eventually(() => region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await eventually(() => axeViolations(page)).toEqual([]);
  });
});

describe('listings', () => {
  it('features and unfeatures a listing with the toasts', async () => {
    const owner = await createMember();
    const title = `Featured test ${uniqueName('l')}`;
    const listing = await createListingFor(owner, { title });
    const { page, errors } = await adminPage();
    await page.getByRole('tab', { name: 'Listings' }).click();
    await page.getByRole('searchbox', { name: 'Search listings' }).fill(title);
    const toggle = page.getByRole('button', { name: `Featured: ${title}` });
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('false');

    await toggle.click();
    await eventually(() => toastText(page)).toContain('Listing featured successfully');
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const featured = (await (await apiCall(`/api/listings/${listing.id}`)).json()) as { isFeatured: boolean };
    expect(featured.isFeatured).toBe(true);

    await toggle.click();
    await page.getByTestId('toast').filter({ hasText: 'Listing unfeatured successfully' }).waitFor();
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('false');
    const unfeatured = (await (await apiCall(`/api/listings/${listing.id}`)).json()) as { isFeatured: boolean };
    expect(unfeatured.isFeatured).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows a failure toast when the change is refused', async () => {
    const { page } = await adminPage();
    await page.getByRole('tab', { name: 'Listings' }).click();
    const first = page.getByRole('button', { name: /^Featured: / }).first();
    await first.waitFor();
    await page.route('**/api/admin/listings/*/featured', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    await first.click();
    await eventually(() => toastText(page)).toContain('Failed to update listing status');
  });
});

describe('settings', () => {
  it('shows three coming-soon cards with disabled buttons', async () => {
    const { page } = await adminPage();
    await page.getByRole('tab', { name: 'Settings' }).click();
    for (const title of ['Community Guidelines', 'Email Templates', 'Analytics Settings']) {
      await page.getByRole('heading', { name: title, level: 3 }).waitFor();
    }
    await eventually(() => page.getByRole('tabpanel').getByText('Coming soon', { exact: true }).count()).toBe(3);
    for (const action of ['Edit Guidelines', 'Manage Templates', 'Configure Analytics']) {
      await eventually(() => page.getByRole('button', { name: action }).isDisabled()).toBe(true);
    }
  });
});
