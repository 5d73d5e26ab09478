// The development outbox page shows what the instance would have emailed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, createMember, eventually, launchBrowser, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('dev outbox page', () => {
  it('lists the verification email of a new member, filtered by recipient', async () => {
    const member = await createMember({ verified: false });
    const { page, errors } = await newPage(browser);
    await page.goto('/dev/outbox');
    await page.getByRole('heading', { level: 1, name: 'Dev Outbox' }).waitFor();
    await page.getByRole('searchbox', { name: 'Filter by recipient' }).fill(member.email);
    await page.getByText(`To ${member.email}`).waitFor();
    await eventually(() => page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Verify your email for Barter Market',
    ]);
    await eventually(() => page.getByText(/verify-email\?token=/).count()).toBe(1);
    await eventually(() => axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
