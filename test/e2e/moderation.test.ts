// Reports and moderation in the browser (docs/front-end.md, "Reports, blocks and moderation"), on a
// desktop and on a 390 px phone: a member reports a listing from its page and follows it under
// "Your reports"; an admin works the queue at /admin/reports: a warning (the reporter sees the
// outcome), a suspension (the member's open tab is signed out and sign-in answers with the end
// date), a reinstatement; the audit log shows each action with its note; the header's count
// follows the queue. Screenshots in light and dark at both widths in /tmp/moderation/.
import { mkdirSync } from 'node:fs';
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
  sendMessageByApi,
  signInAs,
  toastWith,
  uniqueName,
  type TestMember,
} from '../support/browser';

const SHOTS = '/tmp/moderation';
let browser: Browser;
let adminCookie: string;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  adminCookie = await signInAs('admin');
});
afterAll(() => browser?.close());

async function currentTheme(page: Page): Promise<'light' | 'dark'> {
  return (await page.getByTestId('theme-toggle').getAttribute('aria-label')) === 'Switch to dark theme'
    ? 'light'
    : 'dark';
}

/**
 * Full-page pictures and axe in both themes, back to the page's theme after. With a dialog open the
 * header's theme toggle is out of reach: that state is checked in the page's own theme (the phone
 * runs start dark, the desktop runs light, so each dialog is seen in both across the two).
 */
async function shots(page: Page, name: string) {
  const start = await currentTheme(page);
  const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
  const themes = dialogOpen ? [start] : ([start, start === 'light' ? 'dark' : 'light'] as const);
  for (const appearance of themes) {
    if ((await currentTheme(page)) !== appearance) await page.getByTestId('theme-toggle').click();
    await eventually(() => currentTheme(page)).toBe(appearance);
    await animationsDone(page);
    await eventually(() => axeViolations(page), `axe on ${name} (${appearance})`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${appearance}.png`, fullPage: true });
  }
  if ((await currentTheme(page)) !== start) await page.getByTestId('theme-toggle').click();
}

/** A page for the run: light on the desktop, dark on the phone. */
async function openPage(viewport: { width: number; height: number }, cookie?: string) {
  const opened = await newPage(browser, { viewport, cookie });
  const appearance = viewport.width < 600 ? 'dark' : 'light';
  await opened.page.addInitScript((value) => localStorage.setItem('theme', value), appearance);
  return opened;
}

/** Files a report through the API (the queue's own setup; the dialog is tested on its own). */
async function report(
  reporter: TestMember,
  body: { targetType: string; targetId: number; reason: string; details?: string },
) {
  const response = await apiCall('/api/reports', { cookie: reporter.cookie, body: { details: '', ...body } });
  if (response.status !== 201) throw new Error(`report: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

const openCount = async () =>
  ((await (await apiCall('/api/admin/reports/count', { cookie: adminCookie })).json()) as { count: number }).count;

/** The queue's card of one target, loading later pages until it shows. */
async function queueCase(page: Page, target: string) {
  const card = page.locator(`[data-testid="report-group"][data-target="${target}"]`);
  await eventually(async () => {
    if ((await card.count()) > 0) return true;
    const more = page.getByRole('button', { name: 'Load more reports' });
    if (await more.isVisible()) await more.click();
    return false;
  }, `the queue shows ${target}`).toBe(true);
  return card;
}

/** Opens an action's dialog on a case, checks the note is required, then sends it with a note. */
async function act(page: Page, card: ReturnType<Page['locator']>, button: string, note: string, days?: string) {
  await card.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByTestId('moderation-dialog');
  await dialog.waitFor();
  if (days !== undefined) await dialog.getByLabel('Days').fill(days);
  const submit = dialog.locator('button[type="submit"]');
  await submit.click();
  await dialog.getByText('Please add a note saying why').waitFor();
  await dialog.getByLabel('Note').fill(note);
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`reports and moderation on a ${name} (${viewport.width} px)`, () => {
    it('a member reports a listing from its page and follows it under Your reports', { timeout: 120_000 }, async () => {
      const suffix = uniqueName('r');
      const [owner, reporter] = await Promise.all([
        createMember({ displayName: `Oscar Owner ${suffix}` }),
        createMember({ displayName: `Rita Reporter ${suffix}` }),
      ]);
      const listing = await createListingFor(owner, { title: `Designer handbag ${suffix}` });
      const { page, errors } = await openPage(viewport, reporter.cookie);

      await page.goto(`/listing/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
      await page.getByRole('button', { name: 'Report listing' }).click();
      const dialog = page.getByTestId('report-dialog');
      await dialog.getByRole('heading', { name: 'Report this listing' }).waitFor();
      await dialog.getByText(listing.title).waitFor();
      // A reason is required; details are optional and counted.
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Please choose a reason').waitFor();
      await dialog.getByRole('radio', { name: /Scam or fraud/ }).click();
      await dialog.getByLabel('Details (optional)').fill('Asked me for a deposit before meeting.');
      await dialog.getByText('38/1000 characters').waitFor();
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await shots(page, `report-dialog-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Send report' }).click();

      // The confirmation says what happens next, and offers to block the owner.
      const sent = page.getByTestId('report-sent');
      await sent.getByRole('heading', { name: 'Thanks, your report was sent' }).waitFor();
      await sent.getByText('An admin reviews it, usually within 24–48 hours').waitFor();
      await sent.getByRole('button', { name: `Block ${owner.displayName}` }).waitFor();
      await shots(page, `report-sent-${viewport.width}`);

      // The same report again: the open one is returned, and the dialog says so.
      await sent.getByRole('link', { name: 'Your reports' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your reports' }).waitFor();
      const row = page.getByTestId('my-report').filter({ hasText: listing.title });
      await row.getByTestId('report-status').getByText('Open').waitFor();
      await row.getByText('Scam or fraud').waitFor();
      await row.getByText('Waiting for an admin to review it.').waitFor();
      await eventually(() => overflowsHorizontally(page)).toBe(false);
      await shots(page, `your-reports-${viewport.width}`);

      await page.goto(`/listing/${listing.id}`);
      await page.getByRole('button', { name: 'Report listing' }).click();
      await page.getByRole('radio', { name: /Spam/ }).click();
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByTestId('report-sent').getByRole('heading', { name: 'You already reported this' }).waitFor();
      expect(errors).toEqual([]);
    });

    it(
      'an admin warns, suspends and reinstates from the queue; the reporter, the member, sign-in, the header and the audit log follow',
      { timeout: 240_000 },
      async () => {
        const suffix = uniqueName('q');
        const [target, reporter, other] = await Promise.all([
          createMember({ displayName: `Tom Target ${suffix}` }),
          createMember({ displayName: `Rosa Reporter ${suffix}` }),
          createMember({ displayName: `Otto Other ${suffix}` }),
        ]);
        const listing = await createListingFor(target, { title: `Counterfeit watch ${suffix}` });
        await report(reporter, {
          targetType: 'listing',
          targetId: listing.id,
          reason: 'prohibited',
          details: 'Looks like a fake brand watch.',
        });
        await report(other, { targetType: 'listing', targetId: listing.id, reason: 'scam' });

        // The header's count, and the dashboard's link to the queue.
        const admin = await openPage(viewport, adminCookie);
        await admin.page.goto('/admin');
        const badge = admin.page.getByTestId('open-reports-link');
        const before = await openCount();
        await eventually(() => badge.getAttribute('data-count')).toBe(String(before));
        await admin.page.getByTestId('dashboard-queue-link').click();
        await admin.page.getByRole('heading', { level: 1, name: 'Moderation queue' }).waitFor();

        // One case for the listing, with both reporters, the content and the member.
        let card = await queueCase(admin.page, `listing:${listing.id}`);
        await card.getByTestId('report-count').getByText('2 open reports').waitFor();
        await eventually(() => card.getByTestId('queue-report').count()).toBe(2);
        await card.getByText(reporter.displayName).waitFor();
        await card.getByText('“Looks like a fake brand watch.”').waitFor();
        await card.getByRole('link', { name: target.displayName }).waitFor();
        await card.getByRole('button', { name: `Show earlier actions on ${target.displayName}` }).click();
        await card.getByTestId('member-history').getByText(`No earlier actions on ${target.displayName}.`).waitFor();
        await eventually(() => overflowsHorizontally(admin.page)).toBe(false);
        await shots(admin.page, `queue-${viewport.width}`);

        // A warning closes both reports; the count drops by the two.
        await act(admin.page, card, 'Warn', `Counterfeit goods are not allowed ${suffix}`);
        await toastWith(admin.page, `${target.displayName} was warned`);
        await card.waitFor({ state: 'detached' });
        await eventually(() => badge.getAttribute('data-count')).toBe(String(before - 2));

        // The reporter sees the outcome in plain words.
        const reporterPage = await openPage(viewport, reporter.cookie);
        await reporterPage.page.goto('/settings/reports');
        const row = reporterPage.page.getByTestId('my-report').filter({ hasText: listing.title });
        await row.getByTestId('report-status').getByText('Resolved').waitFor();
        await row.getByText('Reviewed: the member was warned').waitFor();

        // The member keeps a tab open; a report about them, then a suspension of 3 days.
        const targetPage = await openPage(viewport, target.cookie);
        await targetPage.page.goto('/messages');
        await targetPage.page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
        await report(reporter, {
          targetType: 'user',
          targetId: target.id,
          reason: 'harassment',
          details: 'Threatening messages.',
        });
        await admin.page.reload();
        card = await queueCase(admin.page, `user:${target.id}`);
        await card.getByRole('button', { name: `Show earlier actions on ${target.displayName}` }).click();
        await card.getByTestId('member-history').getByText('Warned').waitFor();
        await act(admin.page, card, 'Suspend…', `Threats after a warning ${suffix}`, '3');
        await toastWith(admin.page, `${target.displayName} is suspended`);

        // Their open tab is signed out at once (the session and its sockets end) …
        await targetPage.page.getByText('Sign in to view your messages').waitFor();
        // … and signing in again says until when.
        await targetPage.page.goto('/login');
        await targetPage.page.getByRole('textbox', { name: 'Username' }).fill(target.username);
        await targetPage.page.getByRole('textbox', { name: 'Password' }).fill(target.password);
        await targetPage.page.getByRole('button', { name: 'Sign In', exact: true }).click();
        const refusal = targetPage.page.getByTestId('sign-in-refusal');
        await refusal.waitFor();
        expect(await refusal.innerText()).toMatch(/^Your account is suspended until [A-Z][a-z]+ \d{1,2}, \d{4}$/);
        await shots(targetPage.page, `sign-in-suspended-${viewport.width}`);

        // The decided case keeps Reinstate while the member is suspended.
        await admin.page.getByRole('tab', { name: 'Resolved' }).click();
        card = await queueCase(admin.page, `user:${target.id}`);
        await card
          .getByTestId('member-standing')
          .getByText(/^Suspended until/)
          .waitFor();
        await act(admin.page, card, 'Reinstate', `Apologised and promised to stop ${suffix}`);
        await toastWith(admin.page, `${target.displayName} is reinstated`);

        // The audit log shows the three actions, newest first, with their notes; ?userId= narrows it.
        await admin.page.goto('/admin');
        await admin.page.getByRole('link', { name: 'Audit log' }).click();
        await admin.page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
        const ours = admin.page.getByTestId('audit-entry').filter({ hasText: suffix });
        await eventually(() => ours.getByTestId('audit-action').allInnerTexts()).toEqual([
          'Reinstated',
          'Suspended for 3 days',
          'Warned',
        ]);
        await ours.first().getByRole('link', { name: 'all on this member' }).click();
        await admin.page.getByTestId('audit-filter').waitFor();
        await eventually(() =>
          admin.page.getByTestId('audit-entry').getByTestId('audit-action').allInnerTexts(),
        ).toEqual(['Reinstated', 'Suspended for 3 days', 'Warned']);
        await eventually(() => overflowsHorizontally(admin.page)).toBe(false);
        await shots(admin.page, `audit-${viewport.width}`);

        // Reinstated: sign-in works again.
        await targetPage.page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await targetPage.page.waitForURL((url) => url.pathname === '/');
        expect([...admin.errors, ...reporterPage.errors, ...targetPage.errors]).toEqual([]);
      },
    );
  });
}

describe('hiding, and what members then see (1280 px)', () => {
  it(
    'a hidden listing shows its owner the banner and no status; others get Listing Not Found; a hidden message reads as removed',
    { timeout: 180_000 },
    async () => {
      const suffix = uniqueName('h');
      const [owner, asker, reporter] = await Promise.all([
        createMember({ displayName: `Hana Host ${suffix}` }),
        createMember({ displayName: `Abel Asker ${suffix}` }),
        createMember({ displayName: `Rene Reporter ${suffix}` }),
      ]);
      const listing = await createListingFor(owner, { title: `Replica sneakers ${suffix}` });
      const sent = await apiCall('/api/messages', {
        cookie: asker.cookie,
        body: { senderId: asker.id, receiverId: owner.id, listingId: listing.id, content: `Rude words here ${suffix}` },
      });
      const message = (await sent.json()) as { id: number };
      await report(owner, { targetType: 'message', targetId: message.id, reason: 'harassment' });
      await report(reporter, { targetType: 'listing', targetId: listing.id, reason: 'prohibited' });

      const admin = await openPage(DESKTOP, adminCookie);
      await admin.page.goto('/admin/reports');
      await act(
        admin.page,
        await queueCase(admin.page, `listing:${listing.id}`),
        'Hide',
        `Replicas are not allowed ${suffix}`,
      );
      await toastWith(admin.page, 'The listing is hidden');
      await act(admin.page, await queueCase(admin.page, `message:${message.id}`), 'Hide', `Abuse ${suffix}`);
      await toastWith(admin.page, 'The message is hidden');

      // The owner: the banner with what to do, and an edit form without a status.
      const ownerPage = await openPage(DESKTOP, owner.cookie);
      await ownerPage.page.goto(`/listing/${listing.id}`);
      const banner = ownerPage.page.getByTestId('hidden-listing-banner');
      await banner.getByText('Hidden by moderators.').waitFor();
      await banner.getByRole('link', { name: 'contact us' }).waitFor();
      await ownerPage.page.getByTestId('status-badge').getByText('Hidden by moderators').first().waitFor();
      await ownerPage.page.getByRole('button', { name: 'Edit Listing' }).click();
      await ownerPage.page
        .getByRole('dialog')
        .getByRole('textbox', { name: /^Title/ })
        .waitFor();
      await eventually(() => ownerPage.page.getByRole('dialog').getByText('Status', { exact: true }).count()).toBe(0);
      await ownerPage.page.keyboard.press('Escape');
      await ownerPage.page.getByRole('dialog').waitFor({ state: 'detached' });
      await shots(ownerPage.page, 'hidden-listing-owner-1280');

      // Anyone else: the listing is gone.
      const reporterPage = await openPage(DESKTOP, reporter.cookie);
      await reporterPage.page.goto(`/listing/${listing.id}`);
      await reporterPage.page.getByRole('heading', { name: 'Listing Not Found' }).waitFor();

      // The hidden message reads as removed, in italics, with no Report under it.
      await ownerPage.page.goto(
        `/messages/${listing.id}-${Math.min(owner.id, asker.id)}-${Math.max(owner.id, asker.id)}`,
      );
      const removed = ownerPage.page
        .getByTestId('message')
        .filter({ hasText: 'This message was removed by a moderator' });
      await removed.waitFor();
      await eventually(() => removed.getByRole('button', { name: /^Report/ }).count()).toBe(0);
      expect([...admin.errors, ...ownerPage.errors, ...reporterPage.errors]).toEqual([]);
    },
  );

  it(
    'a new account’s burst of links: the third message shows as held; the queue names the guard; Dismiss delivers it',
    { timeout: 180_000 },
    async () => {
      const suffix = uniqueName('l');
      const [owner, newcomer] = await Promise.all([
        createMember({ displayName: `Olga Owner ${suffix}` }),
        createMember({ displayName: `Ned Newcomer ${suffix}` }),
      ]);
      const listing = await createListingFor(owner, { title: `Garden bench ${suffix}` });
      for (const text of ['See www.example.com/one', 'And www.example.com/two'])
        await sendMessageByApi(newcomer, owner, listing.id, text);

      const { page, errors } = await openPage(DESKTOP, newcomer.cookie);
      await page.goto(`/messages/${listing.id}-${Math.min(owner.id, newcomer.id)}-${Math.max(owner.id, newcomer.id)}`);
      await eventually(() => page.getByTestId('message').count()).toBe(2);
      await page
        .getByRole('textbox', { name: 'Type your message...' })
        .fill(`Last one www.example.com/three ${suffix}`);
      await page.getByRole('button', { name: 'Send message' }).click();
      const held = page.getByTestId('held-message');
      await held.getByText(`Last one www.example.com/three ${suffix}`).waitFor();
      await held.getByText('Held for review.').waitFor();
      await eventually(() => page.getByRole('textbox', { name: 'Type your message...' }).inputValue()).toBe('');
      await shots(page, 'held-message-1280');

      const admin = await openPage(DESKTOP, adminCookie);
      await admin.page.goto('/admin/reports');
      const card = await queueCase(admin.page, `user:${newcomer.id}`);
      await card.getByText(/^Held automatically:/).waitFor();
      await card.getByText(`Last one www.example.com/three ${suffix}`).waitFor();
      await act(admin.page, card, 'Dismiss', `Harmless links ${suffix}`);
      await toastWith(admin.page, 'Reports dismissed');

      // Delivered: the owner's thread has it as an ordinary message.
      const ownerPage = await openPage(DESKTOP, owner.cookie);
      await ownerPage.page.goto(
        `/messages/${listing.id}-${Math.min(owner.id, newcomer.id)}-${Math.max(owner.id, newcomer.id)}`,
      );
      await ownerPage.page
        .getByTestId('message')
        .filter({ hasText: `Last one www.example.com/three ${suffix}` })
        .waitFor();
      expect([...errors, ...admin.errors, ...ownerPage.errors]).toEqual([]);
    },
  );
});

describe('admins cannot act on themselves', () => {
  it('shows a report about the admin without actions', { timeout: 60_000 }, async () => {
    const adminMember = await createMember({ admin: true, displayName: `Ada Admin ${uniqueName('a')}` });
    const reporter = await createMember();
    await report(reporter, {
      targetType: 'user',
      targetId: adminMember.id,
      reason: 'other',
      details: 'Testing self-moderation.',
    });
    const { page } = await newPage(browser, { cookie: adminMember.cookie });
    await page.goto('/admin/reports');
    const card = await queueCase(page, `user:${adminMember.id}`);
    await card.getByTestId('self-report-note').waitFor();
    await eventually(() => card.getByTestId('moderation-actions').count()).toBe(0);
  });
});

describe('who may open the queue', () => {
  it('tells visitors to log in and members they need admin privileges', async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto('/admin/reports');
    await visitor.page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    const member = await createMember();
    const signedIn = await newPage(browser, { cookie: member.cookie });
    await signedIn.page.goto('/admin/audit');
    await signedIn.page.getByRole('heading', { level: 1, name: 'Admin Access Required' }).waitFor();
    await eventually(() => signedIn.page.getByTestId('open-reports-link').count()).toBe(0);
  });
});
