// A new member's first steps, tried as a new user would on a desktop and a 390 px phone: sign in
// from a listing and come back to it (hostile redirects go home), sign up and land on the
// what-next screen, open a verification link twice, the listing's terms beside the photo, the
// create-listing form before and after touching it with photos in the drop zone, and a profile
// image upload. Screenshots in both themes go to /tmp/first-steps-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  createListingFor,
  createMember,
  DESKTOP,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
  photo,
  toastText,
  toastWith,
  uniqueName,
  eventually,
  setTheme,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const POLL = { timeout: 10_000 };
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Light and dark screenshots of what the page shows now. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/first-steps-${name}-light.png` });
  await setTheme(page, 'dark');
  await page.screenshot({ path: `/tmp/first-steps-${name}-dark.png` });
  await setTheme(page, 'light');
}

async function signInOnTheForm(page: Page, member: { username: string; password: string }) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(member.username);
  await form.getByLabel(/^Password/).fill(member.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await toastWith(page, 'Logged in successfully');
}

async function newOwnerListing(title = `Cast-iron skillet ${uniqueName('s')}`) {
  const owner = await createMember({ displayName: 'Sofia Skillet' });
  const listing = await createListingFor(owner, {
    title,
    whatUserWants: 'Homemade jam',
    whatUserWantsOptions: ['Seedlings', 'Bike repair'],
    acceptOffers: true,
  });
  return { owner, listing };
}

describe('sign-in returns the member to where they were', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`"Sign In to Make Offer" on a listing comes back to it (${name})`, async () => {
      const { listing } = await newOwnerListing();
      const member = await createMember();
      const { page, errors } = await newPage(browser, { viewport });
      await page.goto(`/listing/${listing.id}`);
      const signIn = page.getByRole('link', { name: 'Sign In to Make Offer' });
      await eventually(() => signIn.getAttribute('href')).toBe(
        `/login?redirect=${encodeURIComponent(`/listing/${listing.id}`)}`,
      );
      await signIn.click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('Sign in or create an account, then carry on where you left off.').waitFor();
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await screenshots(page, `login-${name}`);
      await signInOnTheForm(page, member);
      await page.waitForURL((url) => url.pathname === `/listing/${listing.id}`);
      // Now the offer box is there instead of the sign-in buttons.
      await page.getByRole('button', { name: 'Make Offer' }).waitFor();
      expect(errors).toEqual([]);
    });
  }

  it('hostile redirects land on the home page, after signing in and when already signed in', async () => {
    const member = await createMember();
    for (const hostile of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/login?redirect=/x',
      'evil.example',
    ]) {
      const { page, context } = await newPage(browser);
      await page.goto(`/login?redirect=${encodeURIComponent(hostile)}`);
      await signInOnTheForm(page, member);
      await page.waitForURL((url) => url.pathname === '/' && url.origin === new URL(page.url()).origin);
      expect(new URL(page.url()).host, hostile).not.toContain('evil');
      // Signed in now: the sign-in screens send the member on, to the same safe place.
      await page.goto(`/auth?redirect=${encodeURIComponent(hostile)}`);
      await page.waitForURL((url) => url.pathname === '/');
      await context.close();
    }
  });

  it('signed-in members on a sign-in screen go to its redirect, or home without one (spec)', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.goto(`/signup?redirect=${encodeURIComponent('/browse?q=bike')}`);
    await page.waitForURL((url) => url.pathname === '/browse' && url.searchParams.get('q') === 'bike');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('the header Sign In and Sign Up carry the page along and are spaced apart', async () => {
    const { page } = await newPage(browser);
    await page.goto('/community');
    const header = page.locator('header');
    const signIn = header.getByRole('link', { name: 'Sign In' });
    const signUp = header.getByRole('link', { name: 'Sign Up' });
    await eventually(() => signIn.getAttribute('href')).toBe('/login?redirect=%2Fcommunity');
    await eventually(() => signUp.getAttribute('href')).toBe('/signup?redirect=%2Fcommunity');
    const [a, b] = [(await signIn.boundingBox())!, (await signUp.boundingBox())!];
    expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(12);
    // On the home page there is nowhere to come back to.
    await page.goto('/');
    await eventually(() => header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });
});

describe('sign-up and the what-next screen', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`signing up from a listing lands on /welcome, which leads back to it first (${name})`, async () => {
      const { listing } = await newOwnerListing();
      const username = uniqueName('w');
      const { page, errors } = await newPage(browser, { viewport });
      await page.goto(`/listing/${listing.id}`);
      if (name === 'phone') {
        await page.getByTestId('mobile-menu-button').click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Up' }).click();
      } else {
        await page.locator('header').getByRole('link', { name: 'Sign Up' }).click();
      }
      await page.waitForURL(
        (url) => url.pathname === '/signup' && url.searchParams.get('redirect') === `/listing/${listing.id}`,
      );
      const form = page.getByRole('form', { name: 'Register' });
      // Only what an account needs: username, password, email, full name.
      await form.getByLabel('Username').waitFor();
      await eventually(() => form.locator('input').count()).toBe(4);
      await form.getByLabel('Username').fill(username);
      await form.getByLabel(/^Password/).fill('trade4good');
      await form.getByLabel('Email').fill(`${username}@example.com`);
      await form.getByLabel('Full Name').fill('Wendy Welcome');
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await screenshots(page, `signup-${name}`);
      await form.getByRole('button', { name: 'Create Account' }).click();
      await eventually(() => toastText(page)).toContain('Welcome to Barter Market, Wendy Welcome!');
      await page.waitForURL((url) => url.pathname === '/welcome');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Wendy Welcome!' }).waitFor();

      const back = page.getByRole('link', { name: `Back to “${listing.title}”` });
      await back.waitFor();
      const steps = page.getByRole('list', { name: 'First steps' }).getByRole('listitem');
      await eventually(() => steps.allInnerTexts().then((texts) => texts.map((t) => t.split('\n')[0]))).toEqual([
        'Verify your email',
        'Create your first listing',
        'Browse nearby',
      ]);
      // "Back to …" is the first action: above the steps.
      expect((await back.boundingBox())!.y).toBeLessThan((await steps.first().boundingBox())!.y);
      await page.getByText(`${username}@example.com`).waitFor();
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await eventually(() => axeViolations(page)).toEqual([]);
      await screenshots(page, `welcome-${name}`);

      // Resend the verification email from its card.
      await steps.nth(0).getByRole('button', { name: 'Resend email' }).click();
      await eventually(() => toastWith(page, 'Email Sent')).toContain('Verification email sent');

      // The first listing opens the Create Listing dialog.
      await steps.nth(1).getByRole('button', { name: 'Create Listing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Listing' });
      await dialog.getByLabel('Title').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await back.click();
      await page.waitForURL((url) => url.pathname === `/listing/${listing.id}`);
      await page.getByRole('button', { name: 'Make Offer' }).waitFor();
      expect(errors).toEqual([]);
    });
  }

  it('browse nearby asks for the town once, keeps it on the profile and searches from it', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie, viewport: PHONE });
    await page.goto('/welcome');
    const nearby = page.getByRole('form', { name: 'Browse nearby' });
    await nearby.getByRole('button', { name: 'Browse nearby' }).click();
    await nearby.getByText('Enter your town to browse nearby').waitFor();
    const town = nearby.getByRole('combobox', { name: 'Your town' });
    await town.fill('Berkel');
    const option = page
      .getByRole('listbox', { name: 'Suggested places' })
      .getByRole('option', { name: 'Berkeley, CA' });
    await option.waitFor(POLL);
    await option.click();
    // Towns are written one way: "Berkeley, CA", as on the demo listings.
    await eventually(() => town.inputValue()).toBe('Berkeley, CA');
    await nearby.getByRole('button', { name: 'Browse nearby' }).click();
    await page.waitForURL((url) => url.pathname === '/browse' && url.searchParams.get('near') === 'Berkeley, CA');
    const me = (await (await apiCall('/api/auth/current-user', { cookie: member.cookie })).json()) as {
      location: string;
    };
    expect(me.location).toBe('Berkeley, CA');
    // Next time the card links straight there.
    await page.goto('/welcome');
    await page.getByRole('link', { name: 'Browse near Berkeley, CA' }).waitFor();
    // A verified member's first card says so.
    await page.getByRole('list', { name: 'First steps' }).getByText('Done').waitFor();
  });

  it('visitors opening /welcome are asked to sign in and come back to it', async () => {
    const member = await createMember();
    const { page } = await newPage(browser);
    await page.goto('/welcome');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/welcome');
    await signInOnTheForm(page, member);
    await page.waitForURL((url) => url.pathname === '/welcome');
  });
});

describe('a verification link opened twice', () => {
  it('says kindly that the email is already verified', async () => {
    const member = await createMember({ verified: false });
    const mails = (await (await apiCall(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).json()) as {
      text: string;
    }[];
    const link = new URL(/(http:\/\/\S+\/verify-email\?token=\S+)/.exec(mails[0]!.text)![1]!);
    for (const [name, viewport] of VIEWPORTS) {
      const { page, errors } = await newPage(browser, { cookie: member.cookie, viewport });
      await page.goto(link.pathname + link.search);
      if (name === 'desktop') {
        // The first time it verifies.
        await page.getByRole('heading', { level: 1, name: 'Email Verified!' }).waitFor();
        await page.waitForURL((url) => url.pathname === '/', POLL);
        await page.goto(link.pathname + link.search);
      }
      await page.getByRole('heading', { level: 1, name: 'Your email is already verified' }).waitFor();
      await page.getByText(`${member.email} was confirmed earlier`).waitFor();
      await eventually(() => page.getByText('Verification Failed').count()).toBe(0);
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await eventually(() => axeViolations(page)).toEqual([]);
      await screenshots(page, `verified-again-${name}`);
      expect(errors).toEqual([]);
    }
  });
});

describe('the listing page', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`shows what the owner wants and whether offers are welcome above the fold (${name})`, async () => {
      const { listing } = await newOwnerListing();
      const { page } = await newPage(browser, { viewport });
      await page.goto(`/listing/${listing.id}`);
      const summary = page.getByTestId('exchange-summary');
      await summary.getByText('Homemade jam').waitFor();
      await summary.getByText('Seedlings · Bike repair').waitFor();
      await summary.getByText('Other offers welcome').waitFor();
      const box = (await summary.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      if (name === 'desktop') {
        // Beside the photo: the side column, level with the gallery.
        const gallery = (await page.getByRole('img', { name: listing.title }).first().boundingBox())!;
        expect(box.x).toBeGreaterThan(gallery.x + gallery.width);
      }
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await screenshots(page, `listing-${name}`);
    });
  }
});

/** A PNG dropped on the zone the way a browser delivers a drag from the desktop. */
async function dropPng(page: Page, name: string) {
  await page.evaluate(async (fileName) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c0392b';
    context.fillRect(0, 0, 320, 240);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], fileName, { type: 'image/png' }));
    const zone = document.querySelector('[data-testid="photo-drop"]')!;
    for (const type of ['dragenter', 'dragover', 'drop'])
      zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, name);
}

describe('the create-listing form', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`starts clean, puts photos first with previews and progress, and says what is missing (${name})`, async () => {
      const member = await createMember();
      const { page, errors } = await newPage(browser, { cookie: member.cookie, viewport });
      await page.goto('/welcome');
      await page.getByRole('list', { name: 'First steps' }).getByRole('button', { name: 'Create Listing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Listing' });
      const images = dialog.getByLabel('Images', { exact: true });
      await images.waitFor({ state: 'attached' });
      const create = dialog.getByRole('button', { name: 'Create Listing' });

      // Untouched: no errors, a waiting button with its reason.
      await eventually(() => dialog.getByTestId('field-error').count()).toBe(0);
      await eventually(() => dialog.getByRole('alert').count()).toBe(0);
      await expect(create.isDisabled()).resolves.toBe(true);
      const reason = dialog.getByTestId('submit-reason');
      await eventually(() => reason.innerText()).toBe(
        'Add a title, a description, a category, what you want in return and your location to create your listing.',
      );
      await expect(create.getAttribute('aria-describedby')).resolves.toBe(await reason.getAttribute('id'));
      // Photos come first.
      const zone = dialog.getByTestId('photo-drop');
      expect((await zone.boundingBox())!.y).toBeLessThan((await dialog.getByLabel('Title').boundingBox())!.y);
      await screenshots(page, `create-empty-${name}`);

      // A slow upload shows the file's own preview and progress until it is added.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/objects/upload/**', async (route) => {
        await held;
        await route.continue();
      });
      await images.setInputFiles(photo('garden.png', 1200, 900));
      const pending = dialog.getByTestId('pending-image');
      await pending.getByRole('img', { name: 'Preview of garden.png' }).waitFor();
      await pending.getByRole('progressbar', { name: 'Upload progress of garden.png' }).waitFor();
      await eventually(() => reason.innerText()).toBe('Wait for the photos to finish uploading.');
      await screenshots(page, `create-uploading-${name}`);
      release();
      await dialog.getByRole('img', { name: 'Image 1' }).waitFor();
      await eventually(() => pending.count()).toBe(0);
      await page.unroute('**/api/objects/upload/**');

      // Dropped from the desktop: the second photo.
      await dropPng(page, 'dropped.png');
      await dialog.getByRole('img', { name: 'Image 2' }).waitFor(POLL);
      await dialog.getByRole('button', { name: 'Remove image 2' }).click();
      await eventually(() => dialog.getByRole('img', { name: 'Image 2' }).count()).toBe(0);

      // Keyboard: Tab reaches the file chooser inside the zone.
      await images.focus();
      await eventually(() => images.evaluate((input) => input === document.activeElement)).toBe(true);

      await dialog.getByLabel('Title').fill('Garden salad box');
      await expect
        .poll(() => reason.innerText(), POLL)
        .toBe('Add a description, a category, what you want in return and your location to create your listing.');
      await dialog.getByLabel('Description').fill('Lettuce, rocket and radishes picked on the day.');
      await dialog.getByRole('checkbox', { name: 'Food' }).click();
      await dialog.getByLabel('What do you want in return?').fill('Help with weeding');
      await eventually(() => dialog.getByTestId('field-error').count()).toBe(0);
      await expect.poll(() => reason.innerText(), POLL).toBe('Add your location to create your listing.');
      await dialog.getByRole('combobox', { name: 'Location' }).fill('Oakland, CA');
      await expect.poll(() => reason.count(), POLL).toBe(0);
      await expect(create.isDisabled()).resolves.toBe(false);
      await eventually(() => axeViolations(page)).toEqual([]);
      await screenshots(page, `create-ready-${name}`);
      await create.click();
      await toastWith(page, 'Listing created');
      await page.waitForURL(/\/listing\/\d+$/);
      await page.getByTestId('exchange-summary').getByText('Help with weeding').waitFor();
      await page.getByTestId('exchange-summary').getByText('Only looking for what is listed').waitFor();
      expect(errors).toEqual([]);
    });
  }
});

describe('the profile image', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`is uploaded on the profile instead of pasting a URL (${name})`, async () => {
      const member = await createMember({ displayName: 'Pia Portrait' });
      const { page, errors } = await newPage(browser, { cookie: member.cookie, viewport });
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
      const input = dialog.getByLabel('Upload profile image');
      await input.setInputFiles(photo('me.png', 900, 600));
      const preview = dialog.getByTestId('avatar-preview').locator('img');
      await expect
        .poll(() => preview.getAttribute('src'), POLL)
        .toMatch(/^http:\/\/[^/]+\/objects\/uploads\/[0-9a-f-]{36}$/);
      // Cropped square in the browser.
      await expect
        .poll(
          () =>
            preview.evaluate((img: HTMLImageElement) =>
              img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '',
            ),
          POLL,
        )
        .toBe('400x400');
      await dialog.getByLabel('Change profile image').waitFor({ state: 'attached' });
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await eventually(() => axeViolations(page)).toEqual([]);
      await screenshots(page, `avatar-${name}`);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(() => toastText(page)).toBe('Profile updated Your profile has been updated successfully.');
      const me = (await (await apiCall('/api/auth/current-user', { cookie: member.cookie })).json()) as {
        avatarUrl: string;
      };
      expect(me.avatarUrl).toMatch(/\/objects\/uploads\/[0-9a-f-]{36}$/);
      // Served, and shown on the profile.
      expect((await apiCall(new URL(me.avatarUrl).pathname)).status).toBe(200);
      await expect
        .poll(() => page.getByRole('main').locator(`img[src="${me.avatarUrl}"]`).count(), POLL)
        .toBeGreaterThan(0);

      // Remove takes it away again.
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toastWith(page, 'Profile updated');
      const after = (await (await apiCall('/api/auth/current-user', { cookie: member.cookie })).json()) as {
        avatarUrl: string | null;
      };
      expect(after.avatarUrl).toBeNull();
      expect(errors).toEqual([]);
    });
  }
});
