// The home route's initial JavaScript, measured as a browser loads it: every script fetched to
// render "/" for a visitor, gzipped. Budget: 200 KB (issue: route-level code splitting).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';

const BUDGET_BYTES = 200 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('bundle size', () => {
  it('loads at most 200 KB of gzipped JavaScript for the home page', async () => {
    const { page } = await newPage(browser);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const lines = [...scripts]
      .sort((a, b) => b[1] - a[1])
      .map(([path, size]) => `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${path}`);
    console.log(
      `Home route initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files\n${lines.join('\n')}`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
