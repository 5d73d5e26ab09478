// Offers in the browser (docs/api/offers.md), two members in two browser contexts, on a desktop
// and on a 390 px phone: an offer of a listing from the listing page (its one-line summary and a
// note), the owner accepting it in the chat while the other screen follows live, the barter prompt
// only after acceptance, the handover confirmed by both members (decision 060) with focus on each
// new state, and reviewed; the conversation's address survives a reload, and Back on a phone
// returns to the list. Screenshots in light and dark at both widths. Tried as new users would.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  createListingFor,
  createMember,
  DESKTOP,
  launchBrowser,
  newPage,
  overflowsHorizontally,
  PHONE,
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
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
const CONVERSATION = /^\/messages\/\d+-\d+-\d+$/;

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`offers on a ${name} (${viewport.width} px)`, () => {
    it(
      'offer a listing → accepted live → confirm → review; reload keeps the address',
      { timeout: 180_000 },
      async () => {
        const suffix = uniqueName('o');
        const [ownerMember, traderMember] = await Promise.all([
          createMember({ displayName: `Olga Owner ${suffix}` }),
          createMember({ displayName: `Tariq Trader ${suffix}` }),
        ]);
        const listing = await createListingFor(ownerMember, {
          title: `Petrol lawnmower ${suffix}`,
          acceptOffers: true,
        });
        const bike = await createListingFor(traderMember, { title: `Road bike ${suffix}` });
        const owner = await newPage(browser, { viewport, cookie: ownerMember.cookie });
        const trader = await newPage(browser, { viewport, cookie: traderMember.cookie });

        // The trader offers their bike from the listing page.
        await trader.page.goto(`/listing/${listing.id}`);
        const box = trader.page.getByRole('form', { name: 'Make an offer' });
        // The member's own listings are read only when asked for (decision 043).
        await box.getByRole('button', { name: 'Offer one of your listings' }).click();
        await box.getByRole('checkbox', { name: bike.title }).click();
        // What the offer commits to, in one sentence, before it is sent; and a note.
        await box.getByTestId('offer-summary').getByText(`You offer “${bike.title}” for “${listing.title}”`).waitFor();
        await box.getByRole('textbox', { name: 'Add a note (optional)' }).fill('I can bring it over on Saturday.');
        await trader.page.screenshot({ path: `/tmp/offers-${viewport.width}-summary.png` });
        await box.getByRole('button', { name: 'Make Offer' }).click();
        await trader.page.waitForURL((url) => CONVERSATION.test(url.pathname));
        const address = new URL(trader.page.url()).pathname;
        const traderCard = trader.page.getByTestId('offer-card');
        await traderCard.getByRole('heading', { name: 'Your offer' }).waitFor();
        await traderCard.getByText(`You give “${bike.title}” for “${listing.title}”`).waitFor();
        await traderCard.getByText(/^Open until /).waitFor();
        // The card is out of the message log's live region: its steps are announced once, as lines.
        expect(await traderCard.getAttribute('aria-live')).toBe('off');
        await trader.page.getByTestId('message').filter({ hasText: 'I can bring it over on Saturday.' }).waitFor();
        await traderCard.getByRole('link', { name: bike.title }).waitFor();
        await traderCard.getByRole('button', { name: 'Withdraw' }).waitFor();
        await eventually(() => trader.page.getByTestId('barter-prompt').count()).toBe(0);
        await eventually(() => overflowsHorizontally(trader.page)).toBe(false);

        // The owner arrives from the notification's link: the conversation's own address.
        await owner.page.goto(address);
        const ownerCard = owner.page.getByTestId('offer-card');
        await ownerCard.getByRole('heading', { name: `Tariq Trader ${suffix}’s offer` }).waitFor();
        await eventually(() => owner.page.getByTestId('barter-prompt').count()).toBe(0);
        await eventually(() => axeViolations(owner.page)).toEqual([]);
        await owner.page.screenshot({ path: `/tmp/offers-${viewport.width}-light.png` });
        await setTheme(owner.page, 'dark');
        await owner.page.screenshot({ path: `/tmp/offers-${viewport.width}-dark.png` });
        await setTheme(owner.page, 'light');

        // Accept: the trader's card and prompt follow without a reload.
        await ownerCard.getByRole('button', { name: 'Accept' }).click();
        await eventually(() => toastWith(owner.page, 'Offer accepted')).toContain('Offer accepted');
        await expect.poll(() => traderCard.getByTestId('offer-status').textContent(), POLL).toBe('Accepted');
        await trader.page.getByTestId('message-event').filter({ hasText: 'accepted the offer' }).waitFor();
        const traderPrompt = trader.page.getByTestId('barter-prompt');
        const ownerPrompt = owner.page.getByTestId('barter-prompt');
        // Accepting is an agreement, not a completion (decision 060): both are asked to confirm
        // the handover, and the owner's focus lands on the new state (Accept went with the offer).
        await ownerPrompt
          .getByText(`Offer accepted. Once you have swapped with Tariq Trader ${suffix}, confirm the barter.`)
          .waitFor();
        await traderPrompt
          .getByText(`Offer accepted. Once you have swapped with Olga Owner ${suffix}, confirm the barter.`)
          .waitFor(POLL);
        await eventually(() => focusedTestId(owner.page)).toBe('barter-state');
        await eventually(() => ownerCard.getByRole('button', { name: 'Accept' }).count()).toBe(0);
        await eventually(() => ownerPrompt.getByRole('button', { name: 'Decline' }).count()).toBe(0);
        await ownerPrompt.getByRole('button', { name: 'Cancel barter' }).waitFor();

        // The owner confirms first: still pending, no review yet, focus on the waiting state.
        await ownerPrompt.getByRole('button', { name: 'Confirm barter' }).click();
        await eventually(() => toastWith(owner.page, 'Handover confirmed')).toContain('Handover confirmed');
        await ownerPrompt.getByText(`Waiting for Tariq Trader ${suffix} to confirm the swap`).waitFor();
        await eventually(() => focusedText(owner.page)).toBe(`Waiting for Tariq Trader ${suffix} to confirm the swap`);
        await eventually(() =>
          ownerPrompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).count(),
        ).toBe(0);
        await traderPrompt
          .getByText(
            `Olga Owner ${suffix} confirmed the handover. Once you have swapped too, confirm the barter to complete it.`,
          )
          .waitFor(POLL);

        // The trader confirms the swap: the second confirmation completes it; both prompts move on.
        await traderPrompt.getByRole('button', { name: 'Confirm barter' }).click();
        await eventually(() => toastWith(trader.page, 'Barter completed!')).toContain('Barter completed!');
        await eventually(() => focusedText(trader.page)).toBe('Barter completed');
        await ownerPrompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).waitFor(POLL);
        await owner.page.screenshot({ path: `/tmp/offers-${viewport.width}-accepted.png` });

        // The trader reviews; the line shows on both screens.
        await traderPrompt.getByRole('button', { name: 'Leave a review for this completed exchange' }).click();
        const review = trader.page.getByRole('dialog', { name: 'Leave a Review' });
        await review.getByRole('radio', { name: '5 stars' }).check();
        await review.getByRole('textbox', { name: 'Comment' }).fill('The mower runs beautifully, thank you!');
        await review.getByRole('button', { name: 'Submit Review' }).click();
        await eventually(() => toastWith(trader.page, 'Review submitted')).toContain('Review submitted');
        // Focus lands on the new state, not on the page.
        await eventually(() => focusedText(trader.page)).toBe('Barter completed. Thanks for your review!');
        await owner.page
          .getByTestId('message-event')
          .filter({ hasText: `Tariq Trader ${suffix} left a review` })
          .waitFor(POLL);

        // A reload keeps the open conversation.
        await trader.page.reload();
        expect(new URL(trader.page.url()).pathname).toBe(address);
        await expect.poll(() => trader.page.getByTestId('offer-status').first().textContent(), POLL).toBe('Accepted');

        if (viewport === PHONE) {
          // Back on a phone: from the list into the conversation, and Back returns to the list.
          await owner.page.goto('/messages');
          await owner.page
            .getByTestId('conversation-item')
            .filter({ hasText: `Tariq Trader ${suffix}` })
            .click();
          await owner.page.waitForURL((url) => url.pathname === address);
          await owner.page.getByTestId('offer-card').waitFor();
          await owner.page.goBack();
          await owner.page.waitForURL((url) => url.pathname === '/messages');
          await owner.page
            .getByTestId('conversation-item')
            .filter({ hasText: `Tariq Trader ${suffix}` })
            .waitFor();
          await eventually(() => owner.page.getByTestId('offer-card').isVisible()).toBe(false);
          // The in-app back arrow does the same.
          await owner.page
            .getByTestId('conversation-item')
            .filter({ hasText: `Tariq Trader ${suffix}` })
            .click();
          await owner.page.waitForURL((url) => url.pathname === address);
          await owner.page.getByRole('button', { name: 'Back to conversations' }).click();
          await owner.page.waitForURL((url) => url.pathname === '/messages');
        }
        expect(owner.errors).toEqual([]);
        expect(trader.errors).toEqual([]);
        await owner.context.close();
        await trader.context.close();
      },
    );
  });
}

describe('offers where the listing takes only what it asks for', () => {
  it('shows its wants instead of the free-text box; declines and counters live', { timeout: 120_000 }, async () => {
    const suffix = uniqueName('w');
    const [ownerMember, traderMember] = await Promise.all([
      createMember({ displayName: `Wanda Wants ${suffix}` }),
      createMember({ displayName: `Tom Trades ${suffix}` }),
    ]);
    const listing = await createListingFor(ownerMember, {
      title: `Sourdough starter ${suffix}`,
      acceptOffers: false,
      whatUserWants: 'Fresh eggs',
      whatUserWantsOptions: ['Honey'],
    });
    const owner = await newPage(browser, { cookie: ownerMember.cookie });
    const trader = await newPage(browser, { cookie: traderMember.cookie });

    await trader.page.goto(`/listing/${listing.id}`);
    const box = trader.page.getByRole('form', { name: 'Make an offer' });
    await box.getByRole('radio', { name: 'Honey' }).waitFor();
    await eventually(() => box.getByLabel('Make a custom offer').count()).toBe(0);
    await box.getByRole('button', { name: 'Make Offer' }).click();
    await box.getByText('Choose a listing to offer or describe your offer').first().waitFor();
    await box.getByRole('radio', { name: 'Honey' }).click();
    await box.getByRole('button', { name: 'Make Offer' }).click();
    await trader.page.waitForURL((url) => CONVERSATION.test(url.pathname));
    const address = new URL(trader.page.url()).pathname;

    // The owner counters with the other want; the trader's screen shows the counter at once.
    await owner.page.goto(address);
    await owner.page.getByTestId('offer-card').getByRole('button', { name: 'Counter' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Counter the offer' });
    await dialog.getByRole('radio', { name: 'Fresh eggs' }).click();
    // The counter in one plain sentence before it is sent.
    await dialog
      .getByTestId('counter-summary')
      .getByText(`Tom Trades ${suffix} would give Fresh eggs for “${listing.title}”`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
    await eventually(() => toastWith(owner.page, 'Counter-offer sent')).toContain('Counter-offer sent');
    const counter = trader.page
      .getByTestId('offer-card')
      .filter({ has: trader.page.getByRole('heading', { name: `Wanda Wants ${suffix}’s counter-offer` }) });
    await counter.getByText(`You give Fresh eggs for “${listing.title}”`).waitFor(POLL);
    await expect
      .poll(() => trader.page.getByTestId('offer-card').first().getByTestId('offer-status').textContent(), POLL)
      .toBe('Countered');
    // The trader declines the counter; the owner's card follows live.
    await counter.getByRole('button', { name: 'Decline' }).click();
    await eventually(() => toastWith(trader.page, 'Offer declined')).toContain('Offer declined');
    await owner.page
      .getByTestId('message-event')
      .filter({ hasText: `Tom Trades ${suffix} declined the offer` })
      .waitFor(POLL);
    await eventually(() => owner.page.getByTestId('barter-prompt').count()).toBe(0);
    expect(owner.errors).toEqual([]);
    expect(trader.errors).toEqual([]);
    await owner.context.close();
    await trader.context.close();
  });
});
