// Two new members, entirely through the screens: register → verify through the dev outbox →
// create a listing with an image → make an offer → the owner accepts it in the chat (live on
// the other screen) → the trader confirms the swap → both review. Tried as new users would.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  eventually,
  launchBrowser,
  newPage,
  photo,
  toastText,
  toastWith,
  uniqueName,
} from '../support/browser';

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
  await form.getByRole('button', { name: 'Create Account' }).click();
  await eventually(() => toastText(page)).toContain(`Welcome to Barter Market, ${displayName}!`);
  // Sign-up lands on the what-next screen.
  await page.getByRole('heading', { level: 1, name: `Welcome, ${displayName}!` }).waitFor();
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
    await dialog.getByRole('switch', { name: 'Accept other offers' }).click();
    await dialog.getByLabel('Images', { exact: true }).setInputFiles(photo('apples.png', 1200, 900));
    await dialog.getByRole('img', { name: 'Image 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await toastWith(owner.page, 'Listing created');
    await owner.page.waitForURL(/\/listing\/\d+$/);
    const listingPath = new URL(owner.page.url()).pathname;
    await eventually(() => owner.page.getByRole('img', { name: title }).getAttribute('src')).toMatch(
      /^\/objects\/uploads\//,
    );

    // The trader finds it and makes an offer, which opens the conversation at its own address
    // with the offer card; no barter prompt before the owner accepts.
    await trader.page.goto(listingPath);
    await trader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await trader.page.getByLabel('Make a custom offer').fill('I can mend your fence on Saturday for the apples.');
    await trader.page.getByRole('button', { name: 'Make Offer' }).click();
    await trader.page.waitForURL((url) => /^\/messages\/\d+-\d+-\d+$/.test(url.pathname) && url.search === '');
    const traderCard = trader.page.getByTestId('offer-card');
    await traderCard.getByText('I can mend your fence on Saturday for the apples.').waitFor();
    await eventually(() => traderCard.getByTestId('offer-status').textContent()).toBe('Open');
    await eventually(() => trader.page.getByTestId('barter-prompt').count()).toBe(0);
    const composer = trader.page.getByRole('textbox', { name: 'Type your message...' });
    await composer.fill('Happy to bring my own tools.');
    await composer.press('Enter');
    await trader.page.getByTestId('message').filter({ hasText: 'Happy to bring my own tools.' }).waitFor();

    // The owner opens the conversation from the list and accepts; the trader's card follows live.
    await openConversationWith(owner.page, 'Theo Tinker');
    const ownerCard = owner.page.getByTestId('offer-card');
    await ownerCard.getByRole('button', { name: 'Accept' }).click();
    await eventually(() => toastWith(owner.page, 'Offer accepted')).toContain('Offer accepted');
    await expect.poll(() => traderCard.getByTestId('offer-status').textContent()).toBe('Accepted');
    await owner.page.getByTestId('message-event').filter({ hasText: 'Olivia Orchard accepted the offer' }).waitFor();

    // After the swap each confirms the handover (decision 060): the owner first, then the trader.
    const ownerPrompt = owner.page.getByTestId('barter-prompt');
    await ownerPrompt.getByRole('button', { name: 'Confirm barter' }).click();
    await ownerPrompt.getByText('Waiting for Theo Tinker to confirm the swap').waitFor();
    const prompt = trader.page.getByTestId('barter-prompt');
    await prompt.getByText('Olivia Orchard confirmed the handover', { exact: false }).waitFor();
    await prompt.getByRole('button', { name: 'Confirm barter' }).click();
    await eventually(() => toastWith(trader.page, 'Barter completed!')).toContain('Barter completed!');
    await ownerPrompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).waitFor();

    // Both review each other.
    for (const [page, partnerPrompt, comment] of [
      [owner.page, ownerPrompt, 'Theo fixed the fence perfectly and was a pleasure to trade with.'],
      [trader.page, prompt, 'Olivia’s apples were delicious and she was very welcoming.'],
    ] as const) {
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
