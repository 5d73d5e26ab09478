// Two new members, entirely through the screens: register → verify through the dev outbox →
// create a listing with an image → message about it → record the barter → the other confirms →
// both review. Tried as new users would.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, eventually, launchBrowser, newPage, photo, toastText, toastWith, uniqueName } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function registerThroughTheScreen(page: Page, displayName: string) {
  const username = uniqueName('j');
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel(/^Password/).fill('trade4good');
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Full Name').fill(displayName);
  await form.getByLabel('Public Location').fill('Oakland, CA');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await eventually(() => toastText(page)).toContain(`Welcome to Barter Market, ${displayName}!`);
  await page.getByText('Please verify your email address').waitFor();
  return `${username}@example.com`;
}

async function verifyThroughTheOutbox(page: Page, email: string) {
  const mails = (await (await apiCall(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const link = /(http:\/\/\S+\/verify-email\?token=\S+)/.exec(mails[0]!.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await eventually(() => toastWith(page, 'Email Verified!')).toContain('Email Verified!');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  await eventually(() => page.getByText('Please verify your email address').count()).toBe(0);
}

async function openConversationWith(page: Page, name: string) {
  await page.goto('/messages');
  await page.getByTestId('conversation-item').filter({ hasText: name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

describe('two members barter from sign-up to reviews', () => {
  it('works end to end through the screens', { timeout: 180_000 }, async () => {
    const owner = await newPage(browser);
    const trader = await newPage(browser);

    const ownerEmail = await registerThroughTheScreen(owner.page, 'Olivia Orchard');
    await verifyThroughTheOutbox(owner.page, ownerEmail);
    const traderEmail = await registerThroughTheScreen(trader.page, 'Theo Tinker');
    await verifyThroughTheOutbox(trader.page, traderEmail);

    // The owner lists apples with a photo.
    const title = `Crate of eating apples ${uniqueName('a')}`;
    await owner.page.locator('header').getByRole('button', { name: 'Create Listing' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Create Listing' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('About 10 kg of crisp apples from my two old trees, picked this week.');
    await dialog.getByRole('checkbox', { name: 'Food' }).click();
    await dialog.getByLabel('What do you want in return?').fill('Help fixing my fence');
    await dialog.getByLabel('Location').fill('Oakland, CA');
    await dialog.getByLabel('Images', { exact: true }).setInputFiles(photo('apples.png', 1200, 900));
    await dialog.getByRole('img', { name: 'Image 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await toastWith(owner.page, 'Listing created');
    await owner.page.waitForURL(/\/listing\/\d+$/);
    const listingPath = new URL(owner.page.url()).pathname;
    await eventually(() => owner.page.getByRole('img', { name: title }).getAttribute('src')).toMatch(/^\/objects\/uploads\//);

    // The trader finds it and makes an offer, which opens Messages with the draft.
    await trader.page.goto(listingPath);
    await trader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await trader.page.getByLabel('Make a custom offer').fill('I can mend your fence on Saturday for the apples.');
    await trader.page.getByRole('button', { name: 'Make Offer' }).click();
    await trader.page.waitForURL((url) => url.pathname === '/messages' && url.search === '');
    const composer = trader.page.getByRole('textbox', { name: 'Type your message...' });
    await eventually(() => composer.inputValue()).toBe('I can mend your fence on Saturday for the apples.');
    await composer.press('Enter');
    await trader.page.getByTestId('message').filter({ hasText: 'I can mend your fence on Saturday for the apples.' }).waitFor();
    await eventually(() => composer.inputValue()).toBe('');

    // The owner sees the unread message and answers.
    await openConversationWith(owner.page, 'Theo Tinker');
    await owner.page.getByTestId('message').filter({ hasText: 'I can mend your fence on Saturday for the apples.' }).waitFor();
    const reply = owner.page.getByRole('textbox', { name: 'Type your message...' });
    await reply.fill('Deal, see you Saturday!');
    await reply.press('Enter');
    await owner.page.getByTestId('message').filter({ hasText: 'Deal, see you Saturday!' }).waitFor();

    // After the exchange the trader records the barter; the owner confirms it.
    await openConversationWith(trader.page, 'Olivia Orchard');
    const prompt = trader.page.getByTestId('barter-prompt');
    await prompt.getByRole('button', { name: 'Did you complete this barter? Click to record' }).click();
    await prompt.getByRole('button', { name: 'Yes, completed!' }).click();
    await prompt.getByText('Waiting for Olivia Orchard to confirm').waitFor();

    await openConversationWith(owner.page, 'Theo Tinker');
    const ownerPrompt = owner.page.getByTestId('barter-prompt');
    await ownerPrompt.getByRole('button', { name: 'Confirm barter' }).click();
    await eventually(() => toastWith(owner.page, 'Barter completed!')).toContain('Barter completed!');

    // Both review each other.
    for (const [page, partnerPrompt, comment] of [
      [owner.page, ownerPrompt, 'Theo fixed the fence perfectly and was a pleasure to trade with.'],
      [trader.page, prompt, 'Olivia’s apples were delicious and she was very welcoming.'],
    ] as const) {
      if (page === trader.page) await openConversationWith(trader.page, 'Olivia Orchard');
      await partnerPrompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).click();
      const review = page.getByRole('dialog', { name: 'Leave a Review' });
      await review.getByRole('radio', { name: '5 stars' }).check();
      await review.getByRole('textbox', { name: 'Comment' }).fill(comment);
      await review.getByRole('button', { name: 'Submit Review' }).click();
      await eventually(() => toastWith(page, 'Review submitted')).toContain('Review submitted');
    }

    // The owner's profile shows the review received.
    await owner.page.goto('/profile');
    await owner.page.getByRole('tab', { name: 'Reviews' }).click();
    await owner.page.getByText('Olivia’s apples were delicious').waitFor();
    expect(owner.errors).toEqual([]);
    expect(trader.errors).toEqual([]);
  });
});
