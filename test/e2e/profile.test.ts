// Profiles: the member's own (tabs, Edit Profile, saved searches, password, sign out, delete),
// someone else's (Message, no Saved tab), and unknown usernames for members and visitors.
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
  toastText,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts();

describe('own profile', () => {
  it('shows the profile, its tabs, Skills & Interests from listings, and the Create Listing empty state', async () => {
    const member = await createMember({ displayName: 'Priya Profile' });
    await createListingFor(member, { title: 'Homemade plum jam, six jars', categoriesOffered: ['food', 'goods'] });
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Priya Profile' }).waitFor();
    await eventually(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const since = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());
    await page.getByText(`Member since ${since}`).waitFor();
    await eventually(() => page.getByTestId('completed-barters').innerText()).toBe('0');
    await eventually(() => page.getByRole('list', { name: 'Skills & Interests' }).innerText()).toMatch(
      /Food[\s\S]*Goods/,
    );
    await page.getByRole('img', { name: 'Rated 0 out of 5' }).waitFor();
    for (const name of ['Edit Profile', 'Change Password', 'Sign Out', 'Delete account'])
      await page.getByRole('button', { name }).waitFor();
    await eventually(() => tabNames(page)).toEqual(['Listings', 'Reviews', 'Saved']);
    await eventually(() => page.getByRole('button', { name: 'Message' }).count()).toBe(0);

    await page.getByTestId('listing-card').filter({ hasText: 'Homemade plum jam, six jars' }).waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByText('No reviews yet').waitFor();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Create Listing' }).click();
    await page.getByRole('dialog', { name: 'Create Listing' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('edits the profile with the spec’s validation messages and success toast', async () => {
    const member = await createMember({ displayName: 'Eddie Editor' });
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await eventually(() => dialog.getByLabel('Full Name').inputValue()).toBe('Eddie Editor');
    await eventually(() => dialog.getByLabel('Email').inputValue()).toBe(member.email);
    for (const label of ['Nickname', 'Address', 'Public Location', 'Bio']) await dialog.getByLabel(label).waitFor();
    // The profile image is uploaded, not pasted (first-steps.test.ts uploads one).
    await dialog.getByLabel('Upload profile image').waitFor();
    await eventually(() => dialog.getByLabel('Profile Image URL').count()).toBe(0);
    await dialog.getByText('Visible only to you.').waitFor();

    await dialog.getByLabel('Full Name').fill('E');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Display name must be at least 2 characters').waitFor();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Public Location').fill('l'.repeat(101));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // Each message names its field as labelled.
    await dialog.getByText('Public location must be at most 100 characters').waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Full Name').fill('Edwina Editor');
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Nickname').fill('Eddie');
    await dialog.getByLabel('Address').fill('12 Orchard Lane');
    await dialog.getByLabel('Public Location').fill('Oakland, CA');
    await dialog.getByLabel('Bio').fill('I fix bikes and bake bread.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => toastText(page)).toBe('Profile updated Your profile has been updated successfully.');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Edwina Editor' }).waitFor();
    await page.getByText('I fix bikes and bake bread.').waitFor();
    await page.getByText('12 Orchard Lane').waitFor();
    await page.getByText('“Eddie”').waitFor();
    // The header shows the new name too (the current user was refreshed).
    await page.locator('header').getByText('Edwina Editor').waitFor();

    // Cancel leaves everything as it was.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByLabel('Bio').fill('Changed my mind');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('I fix bikes and bake bread.').waitFor();

    // Another member's email is refused by the server, and its message is shown.
    await page.getByRole('button', { name: 'Close notification' }).click();
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    const other = await createMember();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByLabel('Email').fill(other.email);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => toastText(page)).toBe('Error updating profile Email already registered');
  });

  it('lists saved searches with a notifications switch, a run link and delete', async () => {
    const member = await createMember();
    const saved = await apiCall('/api/stored-searches', {
      cookie: member.cookie,
      body: { userId: member.id, query: 'ladder', category: 'home' },
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Saved' }).click();
    const item = page.getByTestId('saved-search');
    await item.getByText('“ladder” in Home & Garden').waitFor();
    await eventually(() => item.getByRole('link', { name: /Run search/ }).getAttribute('href')).toBe(
      '/browse?q=ladder&category=home',
    );

    const toggle = item.getByRole('switch', { name: /Notifications/ });
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('false');
    const stored = async () =>
      (await (await apiCall(`/api/users/${member.id}/stored-searches`, { cookie: member.cookie })).json()) as {
        id: number;
        notificationsEnabled: boolean;
      }[];
    await eventually(stored).toEqual([expect.objectContaining({ id, notificationsEnabled: false })]);
    await eventually(() => toggle.isEnabled()).toBe(true);
    await eventually(() => axeViolations(page)).toEqual([]);

    await item.getByRole('button', { name: /Delete saved search/ }).click();
    await eventually(() => toastText(page)).toContain('Search removed');
    await page.getByText('No saved searches yet').waitFor();
    await eventually(() =>
      page.getByRole('tabpanel').getByRole('link', { name: 'Browse Listings' }).getAttribute('href'),
    ).toBe('/browse');
  });

  it('changes the password, and signs out to the home page', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill('wrong-password');
    await dialog.getByLabel('New Password').fill('short');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await dialog.getByLabel('New Password').fill('a-new-password-42');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    await dialog.getByLabel('Current Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await eventually(() => toastText(page)).toContain('Password changed');

    // Still signed in on this device.
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(() => toastText(page)).toContain('Logged out successfully');
    await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
  });

  it('deletes the account after asking', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect((await apiCall(`/api/users/${member.id}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(() => toastText(page)).toContain('Account deleted');
    await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
    await expect((await apiCall(`/api/users/${member.id}`)).status).toBe(404);
  });

  it('asks visitors to sign in', async () => {
    const { page } = await newPage(browser);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Please sign in' }).waitFor();
    // Signing in comes back here.
    await eventually(() => page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?redirect=%2Fprofile',
    );
  });
});

describe("someone else's profile", () => {
  it('offers Message (which opens the conversation) and only the Listings and Reviews tabs', async () => {
    const owner = await createMember({ displayName: 'Olga Other' });
    const viewer = await createMember();
    const listing = await createListingFor(owner, { title: 'Knitted winter scarves' });
    const { page, errors } = await newPage(browser, { cookie: viewer.cookie });
    await page.goto(`/profile/${owner.username}`);
    await page.getByRole('heading', { level: 1, name: 'Olga Other' }).waitFor();
    await eventually(() => tabNames(page)).toEqual(['Listings', 'Reviews']);
    for (const name of ['Edit Profile', 'Sign Out', 'Delete account'])
      await eventually(() => page.getByRole('button', { name }).count()).toBe(0);
    await page.getByTestId('listing-card').filter({ hasText: listing.title }).waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Message' }).click();
    // The initiate link becomes the conversation's own address (docs/decisions/016).
    await page.waitForURL((url) => /^\/messages\/\d+-\d+-\d+$/.test(url.pathname) && url.search === '');
    await page.getByRole('heading', { level: 2, name: 'Olga Other' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: listing.title }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows reviews with reviewer, rating, date, comment and the listing, to visitors too', async () => {
    const owner = await createMember({ displayName: 'Rita Reviewed' });
    const buyer = await createMember({ displayName: 'Ron Reviewer' });
    const listing = await createListingFor(owner, { title: 'Guitar lessons for beginners' });
    await apiCall('/api/messages', {
      cookie: buyer.cookie,
      body: { senderId: buyer.id, receiverId: owner.id, listingId: listing.id, content: 'Lessons for bread?' },
    });
    const barter = (await (
      await apiCall('/api/barters', {
        cookie: buyer.cookie,
        body: { listingId: listing.id, initiatorId: buyer.id, recipientId: owner.id, status: 'pending' },
      })
    ).json()) as { id: number };
    await apiCall(`/api/barters/${barter.id}/complete`, { method: 'PATCH', cookie: owner.cookie, body: {} });
    const review = await apiCall('/api/reviews', {
      cookie: buyer.cookie,
      body: {
        reviewerId: buyer.id,
        userId: owner.id,
        listingId: listing.id,
        barterId: barter.id,
        rating: 4,
        comment: 'Patient teacher, I can play three chords now.',
      },
    });
    expect(review.status).toBe(201);

    const { page } = await newPage(browser);
    await page.goto(`/profile/${owner.username}`);
    await page.getByRole('heading', { level: 1, name: 'Rita Reviewed' }).waitFor();
    await eventually(() => page.getByTestId('completed-barters').innerText()).toBe('1');
    await page.getByText('4.0 (1 review)').waitFor();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const item = page.getByTestId('review');
    await item.getByRole('heading', { name: 'Ron Reviewer' }).waitFor();
    await item.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    await item.getByText('Patient teacher, I can play three chords now.').waitFor();
    const today = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(
      new Date(),
    );
    await item.getByText(today).waitFor();
    await eventually(() => item.getByRole('link', { name: listing.title }).getAttribute('href')).toBe(
      `/listing/${listing.id}`,
    );
    // Visitors are sent to sign in to message.
    await eventually(() =>
      page.getByRole('main').getByRole('link', { name: 'Message', exact: true }).getAttribute('href'),
    ).toMatch(/^\/auth\?redirect=%2Fprofile%2F/);
  });

  it('fits a 390 px phone', async () => {
    const owner = await createMember({ displayName: 'A member with a rather long display name indeed' });
    await createListingFor(owner, { title: 'An extraordinarily long listing title for a small screen' });
    const { page } = await newPage(browser, { viewport: PHONE, cookie: owner.cookie });
    await page.goto('/profile');
    await page.getByTestId('listing-card').waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('dialog', { name: 'Edit Profile' }).waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
  });
});

describe('unknown usernames', () => {
  it("says 'Profile not found' to members and 'Please sign in' to visitors", async () => {
    const member = await createMember();
    const signedIn = await newPage(browser, { cookie: member.cookie });
    await signedIn.page.goto('/profile/no-such-member-here');
    await signedIn.page.getByRole('heading', { level: 1, name: 'Profile not found' }).waitFor();

    const visitor = await newPage(browser);
    await visitor.page.goto('/profile/no-such-member-here');
    await visitor.page.getByRole('heading', { level: 1, name: 'Please sign in' }).waitFor();
    await eventually(() =>
      visitor.page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href'),
    ).toBe('/auth?redirect=%2Fprofile%2Fno-such-member-here');
  });
});
