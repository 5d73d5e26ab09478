// Live chat in the browser: two members in two browser contexts on the same conversation. Typing
// shows on the other side, a sent message arrives within a second (measured), reading it shows
// "Seen" to the sender, and after a dropped socket (offline, or closed under the page) the client
// reconnects, resyncs from the API and shows what it missed exactly once; offline, one calm notice
// shows instead of "Reconnecting…" (decision 061).
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
  signInAs,
  trackChatSockets as trackSockets,
  type TestMember,
  waitForOpenChatSocket as waitForOpenSocket,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const openSockets = (page: Page) =>
  page.evaluate(() => (window.__chatSockets ?? []).filter((s) => s.readyState === WebSocket.OPEN).length);
const socketsMade = (page: Page) => page.evaluate(() => (window.__chatSockets ?? []).length);

async function openConversation(page: Page, partner: TestMember) {
  await page.goto('/messages');
  await page.getByTestId('conversation-item').filter({ hasText: partner.displayName }).click();
  await page.getByRole('heading', { level: 2, name: partner.displayName }).waitFor();
  await waitForOpenSocket(page);
}

const bubbles = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

/** Resolves when a bubble with `text` is in the page's DOM, checked on every animation frame. */
const bubbleShows = (page: Page, text: string, timeout = 10_000) =>
  page.waitForFunction(
    (t) => [...document.querySelectorAll('[data-testid="message"]')].some((el) => el.textContent?.includes(t)),
    text,
    { polling: 'raf', timeout },
  );

describe('live chat between two members', () => {
  it('shows typing, delivers within a second, shows Seen, and recovers from drops without duplicates', async () => {
    const owner = await createMember({ displayName: 'Lena Live' });
    const asker = await createMember({ displayName: 'Sam Socket' });
    const listing = await createListingFor(owner, { title: 'Bread maker, barely used' });
    await sendMessageByApi(asker, owner, listing.id, 'Hello Lena, is the bread maker available?');

    const a = await newPage(browser, { cookie: asker.cookie });
    const b = await newPage(browser, { cookie: owner.cookie });
    await trackSockets(a.page);
    await trackSockets(b.page);
    await openConversation(a.page, owner);
    await openConversation(b.page, asker);
    const boxA = a.page.getByRole('textbox', { name: 'Type your message...' });
    const typingB = b.page.getByTestId('typing-indicator');
    await eventually(() => typingB.innerText()).toBe('');

    // A types: B sees "Sam Socket is typing…" (a polite live region).
    await boxA.pressSequentially('Yes, ', { delay: 30 });
    await b.page.getByText('Sam Socket is typing…').waitFor({ timeout: 3000 });
    await eventually(() => typingB.getAttribute('role')).toBe('status');
    await b.page.screenshot({ path: '/tmp/chat-1280-typing.png' });

    // A sends: B sees it within a second, measured from the key press to B's DOM.
    const text = `I can bring sourdough on Saturday ${Date.now()}`;
    await boxA.fill(text);
    const arrives = bubbleShows(b.page, text);
    const started = Date.now();
    await boxA.press('Enter');
    await arrives;
    const deliveryMs = Date.now() - started;
    console.log(`live chat: A's message showed on B's screen ${deliveryMs} ms after A pressed Enter`);
    expect(deliveryMs).toBeLessThan(1000);
    await eventually(() => bubbles(b.page, text).first().getAttribute('class')).toContain('message-theirs');
    // The typing indicator goes as the message arrives.
    await eventually(() => typingB.innerText()).toBe('');

    // B has it on screen, so B's read mark reaches A: "Seen" under A's newest message, once.
    const seen = a.page.getByTestId('message-seen');
    await bubbles(a.page, text).getByTestId('message-seen').waitFor({ timeout: 3000 });
    await eventually(() => seen.count()).toBe(1);
    // The POST's copy and the room's frame are one bubble on A's screen, and one on B's.
    await eventually(() => bubbles(a.page, text).count()).toBe(1);
    await eventually(() => bubbles(b.page, text).count()).toBe(1);
    // B read it: no unread badge in B's list, though it refreshed with the new last message.
    const itemB = b.page.getByTestId('conversation-item').filter({ hasText: 'Sam Socket' });
    await itemB.filter({ hasText: text }).waitFor();
    await eventually(() => itemB.getByTestId('unread-badge').count()).toBe(0);

    // B replies; A gets it live too, and B's own copy shows once.
    const reply = `Saturday works, see you then ${Date.now()}`;
    await b.page.getByRole('textbox', { name: 'Type your message...' }).fill(reply);
    await b.page.getByRole('textbox', { name: 'Type your message...' }).press('Enter');
    await bubbleShows(a.page, reply, 2000);
    await bubbles(b.page, reply).getByTestId('message-seen').waitFor({ timeout: 3000 });
    await eventually(() => bubbles(b.page, reply).count()).toBe(1);
    await a.page.screenshot({ path: '/tmp/chat-1280.png' });
    await eventually(() => axeViolations(a.page)).toEqual([]);
    await eventually(() => axeViolations(b.page)).toEqual([]);

    // Drop 1: B goes offline for longer than the notice delay while A sends.
    await b.context.setOffline(true);
    await eventually(() => openSockets(b.page)).toBe(0);
    const missed = `Sent while you were offline ${Date.now()}`;
    await sendMessageByApi(asker, owner, listing.id, missed);
    await bubbleShows(a.page, missed, 2000);
    // Offline, the page's one calm notice says so instead of the socket's "Reconnecting…"
    // (decision 061), and the socket does not try to connect until the network is back.
    const reconnecting = b.page.getByText('Reconnecting…');
    const offline = b.page.getByTestId('offline-notice');
    await offline.waitFor({ timeout: 6000 });
    const madeOffline = await socketsMade(b.page);
    await eventually(() => bubbles(b.page, missed).count()).toBe(0);
    expect(await reconnecting.count()).toBe(0);
    expect(await offline.count()).toBe(1);
    expect(await socketsMade(b.page)).toBe(madeOffline);
    await b.page.screenshot({ path: '/tmp/chat-1280-reconnecting.png' });
    await eventually(() => axeViolations(b.page)).toEqual([]);
    const back = Date.now();
    await b.context.setOffline(false);
    await bubbleShows(b.page, missed, 5000);
    console.log(`live chat: B resynced the missed message ${Date.now() - back} ms after going back online`);
    await offline.waitFor({ state: 'detached' });
    await waitForOpenSocket(b.page);
    await eventually(() => bubbles(b.page, missed).count()).toBe(1);
    // Read on resync: A sees "Seen" move to the message B missed.
    await bubbles(a.page, missed).getByTestId('message-seen').waitFor({ timeout: 3000 });

    // Drop 2: B's socket closes under it (as when the room goes away) while A sends from the page;
    // whether the message comes as a frame on the new socket or with the resync, it shows once.
    const before = await socketsMade(b.page);
    // With a code: the room does not answer a code-less Close (1005), so `close()` alone leaves the
    // page's socket CLOSING rather than dropped (reported as a server issue).
    await b.page.evaluate(() => window.__chatSockets!.forEach((s) => s.close(4000, 'simulated drop')));
    const during = `Sent during the reconnect ${Date.now()}`;
    await boxA.fill(during);
    await boxA.press('Enter');
    await bubbleShows(b.page, during, 5000);
    await eventually(() => openSockets(b.page)).toBe(1);
    await eventually(() => socketsMade(b.page)).toBeGreaterThan(before);
    // Let any late frame or resync land before counting.
    await b.page.waitForTimeout(800);
    for (const t of [text, reply, missed, during]) await eventually(() => bubbles(b.page, t).count(), t).toBe(1);
    for (const t of [text, reply, missed, during]) await eventually(() => bubbles(a.page, t).count(), t).toBe(1);
    await eventually(() => b.page.getByTestId('message').count()).toBe(5);
    await eventually(() => b.page.getByText('Reconnecting…').count()).toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('fits a phone: live thread at 390 px without sideways scrolling', async () => {
    const owner = await createMember({ displayName: 'Pia Phone' });
    const asker = await createMember({ displayName: 'Milo Mobile' });
    const listing = await createListingFor(owner, { title: 'Kids bike with training wheels' });
    await sendMessageByApi(asker, owner, listing.id, 'Hi Pia, would you swap the bike for a box of books?');
    await sendMessageByApi(owner, asker, listing.id, 'Sure, what kind of books?');

    const phone = await newPage(browser, { viewport: PHONE, cookie: asker.cookie });
    const desk = await newPage(browser, { cookie: owner.cookie });
    await trackSockets(phone.page);
    await trackSockets(desk.page);
    await openConversation(phone.page, owner);
    await openConversation(desk.page, asker);
    // The owner's screen showed the asker's message, so the asker's phone says "Seen".
    await bubbles(phone.page, 'box of books').getByTestId('message-seen').waitFor({ timeout: 3000 });
    await desk.page.getByRole('textbox', { name: 'Type your message...' }).pressSequentially('Picture', { delay: 30 });
    await phone.page.getByText('Pia Phone is typing…').waitFor({ timeout: 3000 });
    await eventually(() => overflowsHorizontally(phone.page)).toBe(false);
    await phone.page.screenshot({ path: '/tmp/chat-390.png' });
    await eventually(() => axeViolations(phone.page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await desk.context.close();
  });

  it('closes the chat when the member signs out everywhere on another device, without reconnecting; a password change here keeps it live', async () => {
    const owner = await createMember({ displayName: 'Olga Owner' });
    const asker = await createMember({ displayName: 'Ari Asker' });
    const listing = await createListingFor(owner, { title: 'Camping stove' });
    await sendMessageByApi(asker, owner, listing.id, 'Hi Olga, is the stove still there?');

    // The owner changes the password on this page: the socket of the old session closes (4001),
    // the page finds the owner still signed in with the new session and reconnects at once.
    const o = await newPage(browser, { cookie: owner.cookie });
    await trackSockets(o.page);
    await openConversation(o.page, asker);
    const changed = await o.page.evaluate(async (password) => {
      const response = await fetch('/api/auth/change-password', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ currentPassword: password, newPassword: 'a-brand-new-password-9' }),
      });
      return response.status;
    }, owner.password);
    expect(changed).toBe(200);
    await o.page.waitForFunction(
      () => (window.__chatSockets ?? []).length === 2 && window.__chatSockets![1]!.readyState === WebSocket.OPEN,
      null,
      { timeout: 5000 },
    );
    await o.page.getByRole('heading', { level: 2, name: asker.displayName }).waitFor();
    await sendMessageByApi(asker, owner, listing.id, 'Still there after the change?');
    await bubbleShows(o.page, 'Still there after the change?', 10_000);

    // The asker signs out everywhere from another device: this page's socket closes at once, no
    // reconnect follows, and the page shows the signed-out state.
    const a = await newPage(browser, { cookie: asker.cookie });
    await trackSockets(a.page);
    await openConversation(a.page, owner);
    const elsewhere = await signInAs(asker.username, asker.password);
    const started = Date.now();
    expect((await apiCall('/api/auth/logout-everywhere', { method: 'POST', cookie: elsewhere })).status).toBe(200);
    // The server's Close frame arrives at once (the socket leaves OPEN); Chromium fires `close`
    // once the connection itself is gone, which under `npm start` takes about 2 s more.
    await a.page.waitForFunction(
      () => (window.__chatSockets ?? []).every((s) => s.readyState !== WebSocket.OPEN),
      null,
      { polling: 'raf', timeout: 5000 },
    );
    const closingAfter = Date.now() - started;
    await a.page.waitForFunction(
      () => (window.__chatSockets ?? []).every((s) => s.readyState === WebSocket.CLOSED),
      null,
      { timeout: 5000 },
    );
    const closedAfter = Date.now() - started;
    await a.page.getByText('Sign in to view your messages').waitFor({ timeout: 6000 });
    // Proving an absence needs a window: no reconnect may follow within it.
    await a.page.waitForTimeout(2500);
    await eventually(() => socketsMade(a.page)).toBe(1);
    await eventually(() => openSockets(a.page)).toBe(0);
    console.log(`live chat: Close frame ${closingAfter} ms, close event ${closedAfter} ms after sign-out everywhere`);

    expect(o.errors).toEqual([]);
    expect(a.errors).toEqual([]);
    await o.context.close();
    await a.context.close();
  });
});
