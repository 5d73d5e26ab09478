// The messages screen as visitors and members see it: the initiate flow, sending, unread badges,
// tabs and search, refusals, the two-sided barter prompt and the review dialog.
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
  toastText,
  toastWith,
  type TestMember,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const initiateUrl = (listing: { id: number; title: string }, owner: { id: number }, message?: string) =>
  `/messages?${new URLSearchParams({ initiate: 'true', listingId: String(listing.id), userId: String(owner.id), title: listing.title, ...(message ? { message } : {}) })}`;

/** Opens /messages and selects the conversation with `partner`. */
async function openConversation(page: Page, partner: TestMember) {
  await page.goto('/messages');
  await page.getByTestId('conversation-item').filter({ hasText: partner.displayName }).click();
  await page.getByRole('heading', { level: 2, name: partner.displayName }).waitFor();
}

describe('messages for visitors', () => {
  it('asks visitors to sign in', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/messages');
    await page.getByText('Sign in to view your messages').waitFor();
    await eventually(() => page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Messages']);
    // Signing in comes back to the messages.
    await eventually(() => page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?redirect=%2Fmessages',
    );
    await eventually(() => page.title()).toContain('Messages');
    expect(errors).toEqual([]);
  });
});

describe('starting and reading a conversation', () => {
  it('initiates from a listing, sends with Enter, and the owner sees it unread, with tabs and search', async () => {
    const owner = await createMember({ displayName: 'Olive Owner' });
    const asker = await createMember({ displayName: 'Arthur Asker' });
    const listing = await createListingFor(owner, { title: 'Cast iron skillet, well seasoned' });

    const { page, errors } = await newPage(browser, { cookie: asker.cookie });
    await page.goto(initiateUrl(listing, owner, 'Hi Olive, is the skillet still available?'));
    await page.getByRole('heading', { level: 2, name: 'Olive Owner' }).waitFor();
    // The conversation's own address replaces the initiate link (docs/decisions/016).
    await page.waitForURL(
      (url) =>
        url.pathname === `/messages/${listing.id}-${Math.min(owner.id, asker.id)}-${Math.max(owner.id, asker.id)}` &&
        url.search === '',
    );
    await page.getByText('No messages yet. Start the conversation!').waitFor();
    await eventually(() => page.getByRole('main').getByRole('link', { name: listing.title }).isVisible()).toBe(true);

    const box = page.getByRole('textbox', { name: 'Type your message...' });
    await eventually(() => box.getAttribute('placeholder')).toBe('Type your message...');
    await eventually(() => box.inputValue()).toBe('Hi Olive, is the skillet still available?');
    const send = page.getByRole('button', { name: 'Send message' });
    await box.press('End');
    await box.press('Shift+Enter');
    await box.pressSequentially('I can trade fresh eggs.');
    await eventually(() => box.inputValue()).toBe('Hi Olive, is the skillet still available?\nI can trade fresh eggs.');
    await box.press('Enter');
    const bubble = page.getByTestId('message').first();
    await bubble.waitFor();
    await eventually(() => bubble.innerText()).toContain('I can trade fresh eggs.');
    await eventually(() => bubble.getAttribute('class')).toContain('message-own');
    await eventually(() => box.inputValue()).toBe('');
    await eventually(() => send.isDisabled()).toBe(true);
    // The new conversation is now in the list, with the real listing title.
    await page
      .getByTestId('conversation-item')
      .filter({ hasText: 'Olive Owner' })
      .filter({ hasText: listing.title })
      .waitFor();
    await eventually(() => axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // The owner sees it with an unread badge, finds it through the tabs and the search.
    const { page: ownerPage } = await newPage(browser, { cookie: owner.cookie });
    await ownerPage.goto('/messages');
    const item = ownerPage.getByTestId('conversation-item').filter({ hasText: 'Arthur Asker' });
    await item.waitFor();
    await eventually(() => item.innerText()).toContain(listing.title);
    await eventually(() => item.innerText()).toContain('I can trade fresh eggs.');
    await eventually(() => item.getByTestId('unread-badge').innerText()).toMatch(/^1\s*unread$/);
    const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date());
    await eventually(() => item.locator('time').innerText()).toBe(monthDay);
    await ownerPage.getByText('Select a conversation').waitFor();

    await ownerPage.getByRole('tab', { name: 'Unread' }).click();
    await ownerPage
      .getByRole('tabpanel')
      .getByTestId('conversation-item')
      .filter({ hasText: 'Arthur Asker' })
      .waitFor();
    const search = ownerPage.getByRole('searchbox', { name: 'Search conversations...' });
    await search.fill('no such words anywhere');
    await ownerPage.getByText('No unread messages').waitFor();
    await ownerPage.getByRole('tab', { name: 'All' }).click();
    await ownerPage.getByText('No conversations found').waitFor();
    await search.fill('skillet');
    await item.waitFor();
    await search.fill('arthur');
    await item.waitFor();
    await search.fill('fresh eggs');
    await item.waitFor();
    await search.fill('');

    // Opening it (from the keyboard) shows the bubble on the left and clears the unread badge.
    await item.focus();
    await ownerPage.keyboard.press('Enter');
    const theirs = ownerPage.getByTestId('message').first();
    await theirs.waitFor();
    await eventually(() => theirs.getAttribute('class')).toContain('message-theirs');
    await item.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await ownerPage.getByRole('tab', { name: 'Unread' }).click();
    await ownerPage.getByText('No unread messages').waitFor();
  });

  it('refuses contacting yourself about your own listing', async () => {
    const owner = await createMember();
    const listing = await createListingFor(owner);
    const { page } = await newPage(browser, { cookie: owner.cookie });
    await page.goto(initiateUrl(listing, owner, 'Hello me'));
    await eventually(() => toastText(page)).toBe('Invalid action You cannot contact yourself for your own listing');
    await page.waitForURL((url) => url.pathname === '/messages' && url.search === '');
    await page.getByText('Select a conversation').waitFor();
  });

  it('says when the other member cannot be loaded, and when a message cannot be sent', async () => {
    const owner = await createMember();
    const asker = await createMember();
    const listing = await createListingFor(owner);
    const { page } = await newPage(browser, { cookie: asker.cookie });
    await page.goto(initiateUrl(listing, { id: 99_999_999 }));
    await eventually(() => toastText(page)).toContain('Failed to load user details');
    await page.waitForURL((url) => url.search === '');

    await page.goto(initiateUrl(listing, owner, 'Will this arrive?'));
    await page.getByRole('heading', { level: 2, name: owner.displayName }).waitFor();
    await page.route('**/api/messages', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    await eventually(() => toastText(page)).toContain('Error Failed to send message. Please try again.');
    // The draft stays for another try.
    await eventually(() => page.getByRole('textbox', { name: 'Type your message...' }).inputValue()).toBe(
      'Will this arrive?',
    );
  });

  it('shows the list or the conversation on a phone, without sideways scrolling', async () => {
    const owner = await createMember({ displayName: 'Phoebe Phone' });
    const asker = await createMember({ displayName: 'Pete Pocket' });
    const listing = await createListingFor(owner, {
      title: 'A very long listing title that keeps going to test truncation on small screens',
    });
    await sendMessageByApi(
      asker,
      owner,
      listing.id,
      'A long message that should wrap nicely inside its bubble without pushing the page sideways at all, ever.',
    );
    const { page } = await newPage(browser, { viewport: PHONE, cookie: owner.cookie });
    await page.goto('/messages');
    const item = page.getByTestId('conversation-item').filter({ hasText: 'Pete Pocket' });
    await item.waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await eventually(() => page.getByText('Select a conversation').isVisible()).toBe(false);
    await item.click();
    await page.getByTestId('message').first().waitFor();
    await eventually(() => item.isVisible()).toBe(false);
    await eventually(() => overflowsHorizontally(page)).toBe(false);
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await item.waitFor();
    await eventually(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

/** An offer from `buyer` that `owner` accepted, through the API: the barter it creates is pending. */
async function acceptedOffer(owner: TestMember, buyer: TestMember, listingId: number) {
  const made = await apiCall('/api/offers', {
    cookie: buyer.cookie,
    body: { listingId, text: 'Bike tune-up for your bread' },
  });
  expect(made.status).toBe(201);
  const offer = (await made.json()) as { id: number };
  expect((await apiCall(`/api/offers/${offer.id}/accept`, { cookie: owner.cookie, body: {} })).status).toBe(200);
}

describe('the barter after an accepted offer, and reviewing', () => {
  it('shows no barter prompt for messages alone', async () => {
    const owner = await createMember();
    const buyer = await createMember();
    const listing = await createListingFor(owner);
    await sendMessageByApi(buyer, owner, listing.id, 'Is this still available?');
    const { page } = await newPage(browser, { cookie: buyer.cookie });
    await openConversation(page, owner);
    await page.getByTestId('message').first().waitFor();
    await eventually(() => page.getByTestId('barter-prompt').count()).toBe(0);
  });

  it('waits for the other member, confirms, and each side can review once', async () => {
    const owner = await createMember({ displayName: 'Bea Baker' });
    const buyer = await createMember({ displayName: 'Carl Cyclist' });
    const listing = await createListingFor(owner, { title: 'Sourdough loaves for a month', acceptOffers: true });
    await sendMessageByApi(buyer, owner, listing.id, 'Bike tune-up for your bread?');
    await acceptedOffer(owner, buyer, listing.id);

    // The owner accepted; after the swap both confirm the handover (decision 060), the owner first.
    const { page: ownerPage } = await newPage(browser, { cookie: owner.cookie });
    await ownerPage.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openConversation(ownerPage, buyer);
    const ownerPrompt = ownerPage.getByTestId('barter-prompt');
    await ownerPrompt
      .getByText('Offer accepted. Once you have swapped with Carl Cyclist, confirm the barter.')
      .waitFor();
    await ownerPrompt.getByRole('button', { name: 'Confirm barter' }).click();
    await ownerPrompt.getByText('Waiting for Carl Cyclist to confirm the swap').waitFor();

    // The buyer confirms it; the owner's prompt moves on without a reload.
    const { page, errors } = await newPage(browser, { cookie: buyer.cookie });
    await openConversation(page, owner);
    const prompt = page.getByTestId('barter-prompt');
    await prompt
      .getByText('Bea Baker confirmed the handover. Once you have swapped too, confirm the barter to complete it.')
      .waitFor();
    await prompt.getByRole('button', { name: 'Confirm barter' }).click();
    await eventually(() => toastText(page)).toContain('Barter completed!');
    // Checked while hovered: the dark theme's hover colour must keep the label readable too.
    await ownerPrompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).hover();
    await eventually(() => axeViolations(ownerPage)).toEqual([]);

    // The buyer reviews.
    await prompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    await dialog.waitFor();
    await dialog.getByRole('radiogroup', { name: 'Rating' }).waitFor();
    // No stars are chosen for the member: sending without one asks for a rating.
    await eventually(() => dialog.getByRole('radio', { checked: true }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Too short');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await dialog.getByText('Comment must be at least 10 characters.').waitFor();
    await dialog.getByText('Rating must be between 1 and 5').waitFor();
    await page.screenshot({ path: '/tmp/review-dialog-unrated.png' });
    await eventually(() => axeViolations(page)).toEqual([]);
    await dialog.getByRole('radio', { name: '4 stars' }).check();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Lovely bread every week, always on time.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    // The "Barter completed!" toast may still show: look for this one by its title.
    await eventually(() => toastWith(page, 'Review submitted')).toContain('Review submitted');
    await prompt.getByText('Thanks for your review').waitFor();
    await eventually(() =>
      prompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).count(),
    ).toBe(0);

    const reviews = (await (await apiCall(`/api/users/${owner.id}/reviews`)).json()) as {
      reviewerId: number;
      rating: number;
    }[];
    expect(reviews).toEqual([expect.objectContaining({ reviewerId: buyer.id, rating: 4 })]);
    expect(errors).toEqual([]);
  });

  it("lets a member cancel the barter, then record it again with the spec's prompt", async () => {
    const owner = await createMember();
    const buyer = await createMember();
    const listing = await createListingFor(owner, { acceptOffers: true });
    await acceptedOffer(owner, buyer, listing.id);
    const { page } = await newPage(browser, { cookie: owner.cookie });
    await openConversation(page, buyer);
    const prompt = page.getByTestId('barter-prompt');
    // Cancel barter asks first (decision 060); the reason is optional.
    await prompt.getByRole('button', { name: 'Cancel barter' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this barter?' })
      .getByRole('button', { name: 'Cancel barter' })
      .click();
    await eventually(() => toastText(page)).toContain('Barter cancelled');
    await prompt.getByRole('button', { name: 'Did you complete this barter? Click to record' }).click();
    await prompt.getByText('Did this barter happen?').waitFor();
    await prompt.getByRole('button', { name: 'No, not yet' }).click();
    await prompt.getByRole('button', { name: 'Did you complete this barter? Click to record' }).click();
    await prompt.getByRole('button', { name: 'Yes, completed!' }).click();
    await prompt.getByText(`Waiting for ${buyer.displayName} to confirm the swap`).waitFor();
    // Focus lands on the new state, not on the page (decision 060).
    await eventually(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      `Waiting for ${buyer.displayName} to confirm the swap`,
    );
  });
});
