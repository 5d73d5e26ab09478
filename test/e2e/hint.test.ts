// The theme toggle's hint (src/components/hint.tsx): Radix Themes' tooltip, loaded after the app
// starts instead of with every page's entry, shows on hover and on keyboard focus, closes with
// Escape, and a control that has focus when the tooltip arrives keeps it.
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchBrowser, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const hintChunk = /\/assets\/hint-tooltip-[\w-]+\.js$/;

describe('the theme toggle hint', () => {
  it('shows on hover and on keyboard focus, and Escape closes it', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    const label = await toggle.getAttribute('aria-label');
    expect(label).toMatch(/^Switch to (dark|light) theme$/);
    // The tooltip arrives when the browser is idle, untouched: Radix's trigger then marks the control.
    await eventually(() => toggle.getAttribute('data-state')).not.toBeNull();
    await toggle.hover();
    await eventually(() => page.getByRole('tooltip').first().textContent()).toBe(label);
    await page.mouse.move(10, 400, { steps: 5 });
    await page.mouse.move(20, 420, { steps: 5 });
    await eventually(() => page.getByRole('tooltip').count(), 'closes when the pointer leaves').toBe(0);
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await eventually(() => page.getByRole('tooltip').first().textContent()).toBe(label);
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('tooltip').count(), 'Escape closes it').toBe(0);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is not in the page entry: it loads later, and the focused toggle keeps its focus when it arrives', async () => {
    const { page, errors } = await newPage(browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(hintChunk, async (route: Route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    await toggle.focus();
    // Focus asks for the tooltip at once; it is held back until the control has focus.
    await eventually(() => asked.length).toBeGreaterThan(0);
    // Until then the control stands alone (no tooltip trigger's state on it).
    expect(await toggle.getAttribute('data-state')).toBeNull();
    release();
    // The tooltip's trigger now wraps the control (Radix sets data-state on it), and focus stayed.
    await eventually(() => toggle.getAttribute('data-state')).not.toBeNull();
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName),
    ).toBe('theme-toggle');
    // The tooltip now works on the same control.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await eventually(() => page.getByRole('tooltip').first().textContent()).toBe(
      await toggle.getAttribute('aria-label'),
    );
    expect(errors).toEqual([]);
  });
});
