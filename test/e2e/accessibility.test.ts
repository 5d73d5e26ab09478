// Every route, as visitor, member and admin: no serious or critical axe violation (light and
// dark themes) and nothing overflowing sideways on a 390 px phone. Then the screens a member works
// in, in the states routes alone do not reach (an open conversation, profiles with listings and
// reviews, the Create Listing form showing its errors), in both themes at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  screenshot,
  sendMessageByApi,
  settledRead,
  signInAs,
  type TestMember,
} from '../support/browser';

const PUBLIC_ROUTES = [
  '/',
  '/browse',
  '/browse?category=home',
  '/browse?q=bike',
  '/listing/1',
  '/community',
  '/profile/alice',
  '/auth',
  '/login',
  '/signup',
  '/verify-email',
  '/verify-email?token=not-a-real-token',
  '/forgot-password',
  '/reset-password?token=abc',
  '/about',
  '/terms',
  '/privacy',
  '/contact',
  '/help',
  '/safety',
  '/community-standards',
  '/cookies',
  '/safety-guidelines',
  '/value-guide',
  '/faq',
  '/messages',
  '/profile',
  '/admin',
  '/dev/outbox',
  '/no-such-page',
  '/wants',
  '/matches',
  '/settings/blocked',
  '/settings/notifications',
  '/settings/reports',
  '/admin/reports',
  '/admin/audit',
];
const MEMBER_ROUTES = [
  '/',
  '/browse',
  '/listing/1',
  '/messages',
  '/profile',
  '/profile/alice',
  '/community',
  '/admin',
  '/welcome',
  '/wants',
  '/matches',
  '/settings/blocked',
  '/settings/notifications',
  '/settings/reports',
  '/admin/reports',
];
const ADMIN_ROUTES = ['/admin', '/admin/reports', '/admin/audit'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until the route has rendered its content (network quiet, no loading skeleton left). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
}

async function sweep(routes: string[], cookie?: string) {
  const failures: string[] = [];
  const desktop = await newPage(browser, { cookie });
  const phone = await newPage(browser, { cookie, viewport: PHONE });
  for (const route of routes) {
    for (const appearance of ['light', 'dark'] as const) {
      await desktop.page.addInitScript((value) => localStorage.setItem('theme', value), appearance);
      await desktop.page.goto(route);
      await settle(desktop.page);
      const violations = await settledRead(
        () => axeViolations(desktop.page),
        (found) => found.length === 0,
      );
      for (const violation of violations) failures.push(`${route} [${appearance}] ${violation}`);
    }
    await phone.page.goto(route);
    await settle(phone.page);
    if (
      await settledRead(
        () => overflowsHorizontally(phone.page),
        (overflows) => !overflows,
      )
    )
      failures.push(`${route} overflows horizontally at 390 px`);
  }
  failures.push(...desktop.errors.map((e) => `page error: ${e}`), ...phone.errors.map((e) => `page error: ${e}`));
  await desktop.context.close();
  await phone.context.close();
  return failures;
}

describe('accessibility and phone layout on every route', () => {
  it('as a visitor', { timeout: 300_000 }, async () => {
    expect(await sweep(PUBLIC_ROUTES)).toEqual([]);
  });

  it('as a member', { timeout: 300_000 }, async () => {
    const member = await createMember();
    expect(await sweep(MEMBER_ROUTES, member.cookie)).toEqual([]);
  });

  it('as an admin', { timeout: 180_000 }, async () => {
    expect(await sweep(ADMIN_ROUTES, await signInAs('admin'))).toEqual([]);
  });
});

/** A completed barter between the two about the listing, and a review from each side. */
async function completedBarterWithReviews(owner: TestMember, other: TestMember, listingId: number) {
  const made = await apiCall('/api/barters', {
    cookie: other.cookie,
    body: { listingId, initiatorId: other.id, recipientId: owner.id, status: 'pending' },
  });
  if (made.status !== 201) throw new Error(`barter: ${made.status} ${await made.text()}`);
  const barterId = ((await made.json()) as { id: number }).id;
  const done = await apiCall(`/api/barters/${barterId}/complete`, { method: 'PATCH', cookie: owner.cookie });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${await done.text()}`);
  for (const [from, to, comment] of [
    [other, owner, 'Friendly, on time and the skillet was as described.'],
    [owner, other, 'Brought fresh eggs as promised. Would trade again.'],
  ] as const) {
    const review = await apiCall('/api/reviews', {
      cookie: from.cookie,
      body: { reviewerId: from.id, userId: to.id, listingId, barterId, rating: 4, comment },
    });
    if (review.status !== 201) throw new Error(`review: ${review.status} ${await review.text()}`);
  }
}

describe('colour contrast where members work, in both themes at 1280 and 390 px', () => {
  let owner: TestMember;
  let member: TestMember;
  let neighbour: TestMember;
  beforeAll(async () => {
    owner = await createMember({ displayName: 'Olive Owner' });
    member = await createMember({ displayName: 'Arthur Asker' });
    neighbour = await createMember({ displayName: 'Nina Neighbour' });
    const listing = await createListingFor(owner, { title: 'Cast iron skillet, well seasoned' });
    const eggs = await createListingFor(member, { title: 'Box of fresh eggs every week', location: 'Berkeley, CA' });
    // Listings in every status on the member's own profile (each status has its badge).
    for (const status of ['pending', 'paused', 'completed']) {
      const extra = await createListingFor(member, { title: `Garden tools, ${status}` });
      const changed = await apiCall(`/api/listings/${extra.id}`, {
        method: 'PUT',
        cookie: member.cookie,
        body: { userId: member.id, status },
      });
      if (changed.status !== 200) throw new Error(`status: ${changed.status} ${await changed.text()}`);
    }
    // Unread: two messages the member has not opened (two digits would read the same).
    for (const text of ['Are the eggs free-range?', 'I could swap jam for a dozen.'])
      await sendMessageByApi(neighbour, member, eggs.id, text);
    await sendMessageByApi(member, owner, listing.id, 'Hi Olive, is the skillet still available?');
    await sendMessageByApi(owner, member, listing.id, 'Yes! Would you trade eggs for it?');
    await completedBarterWithReviews(owner, member, listing.id);
  });

  const viewports = [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const;

  for (const appearance of ['light', 'dark'] as const) {
    for (const [width, viewport] of viewports) {
      it(`${appearance} theme, ${width} px`, { timeout: 180_000 }, async () => {
        const { context, page, errors } = await newPage(browser, { cookie: member.cookie, viewport });
        await page.addInitScript((value) => localStorage.setItem('theme', value), appearance);
        const failures: string[] = [];
        const check = async (screen: string, fullPage = true) => {
          await animationsDone(page);
          await screenshot(page, `${screen}-${appearance}-${width}`, { fullPage });
          const violations = await settledRead(
            () => axeViolations(page, { strictContrast: true }),
            (found) => found.length === 0,
          );
          for (const violation of violations) failures.push(`${screen} ${violation}`);
        };

        // Messages, with the conversation open and another one unread (its count badge showing).
        await page.goto('/messages');
        await page
          .getByTestId('conversation-item')
          .filter({ hasText: neighbour.displayName })
          .getByTestId('unread-badge')
          .waitFor();
        await page.getByTestId('conversation-item').filter({ hasText: owner.displayName }).click();
        await page.getByRole('heading', { level: 2, name: owner.displayName }).waitFor();
        await eventually(() => page.getByTestId('message').count()).toBe(2);
        await check('messages');

        // Own profile: Listings tab, then Reviews.
        await page.goto('/profile');
        await page.getByRole('heading', { level: 1, name: member.displayName }).waitFor();
        await page.getByRole('main').getByTestId('listing-card').first().waitFor();
        await check('profile-own');
        await page.getByRole('tab', { name: 'Reviews' }).click();
        await page.getByText('Brought fresh eggs as promised.').waitFor();
        await check('profile-own-reviews');

        // Another member's profile, with the Message button.
        await page.goto(`/profile/${owner.username}`);
        await page.getByRole('heading', { level: 1, name: owner.displayName }).waitFor();
        await page.getByRole('main').getByTestId('listing-card').first().waitFor();
        await check('profile-other');

        // The Create Listing form with every field touched and left empty: every error showing, and
        // the disabled Create button's reason.
        await page.goto('/');
        if (viewport === PHONE) {
          await page.getByTestId('mobile-menu-button').click();
          await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Create Listing' }).click();
        } else {
          await page.locator('header').getByRole('button', { name: 'Create Listing' }).click();
        }
        const dialog = page.getByRole('dialog', { name: 'Create Listing' });
        await dialog.getByRole('checkbox', { name: 'Technology' }).click();
        for (const field of [
          dialog.getByLabel('Title'),
          dialog.getByLabel('Description'),
          dialog.getByLabel('What do you want in return?'),
          dialog.getByRole('combobox', { name: 'Location' }),
        ]) {
          await field.focus();
          await field.blur();
        }
        await eventually(() => dialog.getByTestId('field-error').count()).toBe(4);
        await dialog.getByTestId('submit-reason').waitFor();
        await check('create-listing-errors', false);
        // Unticking the last category shows the category message and disables the button.
        await dialog.getByRole('checkbox', { name: 'Technology' }).click();
        await dialog.getByText('Please select at least one category').waitFor();
        await check('create-listing-no-category', false);

        await context.close();
        expect([...failures, ...errors.map((e) => `page error: ${e}`)]).toEqual([]);
      });
    }
  }
});
