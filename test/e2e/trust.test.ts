// Trust you can see (issue 25, item 7): the "Email verified" mark on profiles, seller cards and
// reviews for members who verified their email (and only for them); success stories that each
// link to the real completed barter they are about; figures whose words agree with them. At 1280
// and 390 px, in both themes (axe).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  axeViolations,
  createListingFor,
  createMember,
  DESKTOP,
  eventually,
  launchBrowser,
  newPage,
  PHONE,
  screenshot,
  sendMessageByApi,
  settledRead,
  type TestMember,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const VIEWPORTS = [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const;

/** A completed barter between the two about the owner's listing, and the other's review of the owner. */
async function reviewedBarter(owner: TestMember, other: TestMember, listingId: number, comment: string) {
  await sendMessageByApi(other, owner, listingId, 'Trust: shall we swap?');
  const made = await apiCall('/api/barters', {
    cookie: other.cookie,
    body: { listingId, initiatorId: other.id, recipientId: owner.id, status: 'pending' },
  });
  if (made.status !== 201) throw new Error(`barter: ${made.status} ${await made.text()}`);
  const barterId = ((await made.json()) as { id: number }).id;
  const done = await apiCall(`/api/barters/${barterId}/complete`, { method: 'PATCH', cookie: owner.cookie });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${await done.text()}`);
  const review = await apiCall('/api/reviews', {
    cookie: other.cookie,
    body: { reviewerId: other.id, userId: owner.id, listingId, barterId, rating: 5, comment },
  });
  if (review.status !== 201) throw new Error(`review: ${review.status} ${await review.text()}`);
}

async function axeInBothThemes(page: Page, name: string, ready: () => Promise<unknown>) {
  const failures: string[] = [];
  for (const appearance of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), appearance);
    await page.reload();
    await ready();
    await screenshot(page, `${name}-${appearance}`);
    const found = await settledRead(
      () => axeViolations(page, { strictContrast: true }),
      (violations) => violations.length === 0,
    );
    failures.push(...found.map((v) => `${name} [${appearance}] ${v}`));
  }
  return failures;
}

describe('the verified mark', () => {
  let verified: TestMember;
  let unverified: TestMember;
  let verifiedListing: number;
  let unverifiedListing: number;
  beforeAll(async () => {
    verified = await createMember({ displayName: 'Vera Verified' });
    unverified = await createMember({ displayName: 'Umberto Unverified', verified: false });
    verifiedListing = (await createListingFor(verified, { title: 'Trust: hand plane' })).id;
    unverifiedListing = (await createListingFor(unverified, { title: 'Trust: chisel set' })).id;
    // Each reviews the other: the review list shows the mark beside the verified reviewer only.
    await reviewedBarter(verified, unverified, verifiedListing, 'Unverified reviewer: all good.');
    await reviewedBarter(unverified, verified, unverifiedListing, 'Verified reviewer: all good.');
  });

  for (const [width, viewport] of VIEWPORTS) {
    it(`shows on a verified member's profile, seller card and reviews, and nowhere for others (${width} px)`, async () => {
      const { page, errors } = await newPage(browser, { viewport });
      // The profile: the mark beside the name for the verified member, none for the other.
      await page.goto(`/profile/${verified.username}`);
      await page.getByRole('heading', { level: 1, name: 'Vera Verified' }).waitFor();
      await page.getByTestId('verified-mark').first().waitFor();
      expect(await page.getByTestId('verified-mark').first().innerText()).toBe('Email verified');
      // Vera's reviews: from Umberto, who is not verified.
      await page.getByRole('tab', { name: 'Reviews' }).click();
      const fromUmberto = page.getByTestId('review').filter({ hasText: 'Unverified reviewer: all good.' });
      await fromUmberto.waitFor();
      expect(await fromUmberto.getByTestId('verified-mark').count()).toBe(0);
      const failures = await axeInBothThemes(page, `trust-profile-verified-${width}`, () =>
        page.getByTestId('verified-mark').first().waitFor(),
      );

      await page.goto(`/profile/${unverified.username}`);
      await page.getByRole('heading', { level: 1, name: 'Umberto Unverified' }).waitFor();
      await page.getByRole('tab', { name: 'Reviews' }).click();
      const fromVera = page.getByTestId('review').filter({ hasText: 'Verified reviewer: all good.' });
      await fromVera.getByTestId('verified-mark').waitFor();
      // The only mark on Umberto's profile is Vera's, on her review.
      expect(await page.getByTestId('verified-mark').count()).toBe(1);
      await screenshot(page, `trust-profile-unverified-${width}`);

      // Seller cards.
      await page.goto(`/listing/${verifiedListing}`);
      const card = page.getByTestId('seller-card');
      await card.getByRole('link', { name: 'Vera Verified' }).waitFor();
      await card.getByTestId('verified-mark').waitFor();
      // Real counts with their words: both barters (one on each side's listing), one review received.
      expect(await card.innerText()).toContain('2 completed barters');
      expect(await card.innerText()).toContain('5.0 (1 review)');
      failures.push(
        ...(await axeInBothThemes(page, `trust-seller-card-${width}`, () =>
          card.getByTestId('verified-mark').waitFor(),
        )),
      );
      await page.goto(`/listing/${unverifiedListing}`);
      await page.getByTestId('seller-card').getByRole('link', { name: 'Umberto Unverified' }).waitFor();
      expect(await page.getByTestId('seller-card').getByTestId('verified-mark').count()).toBe(0);
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('success stories and figures', () => {
  for (const [width, viewport] of VIEWPORTS) {
    it(`each story names the completed barter it is about; counters agree with their words (${width} px)`, async () => {
      const stories = (await (await apiCall('/api/testimonials')).json()) as {
        title: string;
        listing: { id: number; title: string };
      }[];
      expect(stories.length).toBeGreaterThan(0);
      const { page, errors } = await newPage(browser, { viewport });
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Community Success Stories' });
      await section.locator('.home-stories li').first().waitFor();
      const shown = section.locator('.home-stories li');
      expect(await shown.count()).toBe(Math.min(3, stories.length));
      for (const story of stories.slice(0, 3)) {
        const item = shown.filter({ hasText: story.title });
        await eventually(() => item.getByRole('link', { name: story.listing.title }).getAttribute('href')).toBe(
          `/listing/${story.listing.id}`,
        );
        expect(await item.getByTestId('story-barter').innerText()).toBe(`Completed barter: ${story.listing.title}`);
      }
      // Each counter's words agree with its figure ("1 successful barter").
      for (const kind of ['barters', 'users', 'skills']) {
        const counter = page.getByTestId(`counter-${kind}`);
        await eventually(() => counter.locator('.home-counter-value').innerText()).toMatch(/^\d[\d,]*$/);
        const figure = Number((await counter.locator('.home-counter-value').innerText()).replace(/,/g, ''));
        const words = (await counter.innerText()).split('\n').at(-1)!.trim();
        expect(/s( offered)?$/.test(words), `${figure} ${words}`).toBe(figure !== 1);
      }
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `trust-home-stories-${width}`);

      await page.goto('/community');
      for (const story of stories) {
        const card = page.getByRole('article').filter({ hasText: story.title });
        await card.getByRole('link', { name: story.listing.title }).waitFor();
      }
      await screenshot(page, `trust-community-stories-${width}`);
      expect(errors).toEqual([]);
    });
  }
});
