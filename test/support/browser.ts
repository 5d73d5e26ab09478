// Browser test support: Debian's Chromium through playwright-core, members made through the API
// (each with its own client IP, so the per-IP sign-up limit never trips), axe, overflow checks.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { waitForTheAppOnLoad } from '../../scripts/lib/app-started.mjs';
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/**
 * How long a browser expectation keeps retrying. Chromium, workerd and whatever else runs share
 * the machine's cores: under load a screen can take seconds to reach the state a test expects.
 */
export const POLL = { timeout: 15_000, interval: 100 };

/**
 * The one way to check what a page shows: a retrying expectation. `read` runs again until the
 * matcher passes or POLL.timeout ends, e.g. `await eventually(() => box.inputValue()).toBe('')`.
 * Never read once and then expect (`expect(await box.inputValue())`): the screen may not be
 * there yet. docs/testing.md, "Browser tests".
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, message ? { ...POLL, message } : POLL);
}

/**
 * For sweeps that collect problems instead of stopping at the first: runs `read` until `settled`
 * holds for its value or POLL.timeout passes, and returns the last value either way, e.g. the
 * axe violations of a screen, retried while the screen may still be arriving.
 */
export async function settledRead<T>(read: () => Promise<T>, settled: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLL.timeout;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL.interval));
  }
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  /**
   * touch: a touch screen and no mouse, as a phone has (pointer: coarse, no hover); locale: the
   * browser's language (navigator.languages and Accept-Language), e.g. 'fr-FR'.
   * serviceWorker: let the app's service worker register (decision 067). Off by default: a worker
   * that controls the page fetches photos and assets itself, and Playwright's `page.route` does
   * not see those requests, so a test that holds or fails a request would no longer hold it.
   */
  options: {
    viewport?: { width: number; height: number };
    cookie?: string;
    touch?: boolean;
    locale?: string;
    serviceWorker?: boolean;
  } = {},
) {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: baseUrl(),
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (options.cookie) await setSessionCookie(context, options.cookie);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  waitForTheAppOnLoad(page);
  return { context, page, errors };
}

/**
 * An in-app navigation (the router follows popstate), keeping the page's query cache: how a test
 * reaches a screen whose data a full load would carry in the page (decision 048), so the screen
 * reads it from the API (e.g. to see its error or empty state).
 */
export const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);

export async function setSessionCookie(context: BrowserContext, cookie: string) {
  const value = cookie.replace(/^sid=/, '');
  await context.addCookies([{ name: 'sid', value, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
}

const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
let counter = 0;
export const uniqueName = (prefix = 'e2e') => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

export async function apiCall(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp(), Origin: baseUrl() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.cookie) headers.Cookie = options.cookie;
  return fetch(`${baseUrl()}${path}`, {
    method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
}

export interface TestMember {
  id: number;
  username: string;
  displayName: string;
  email: string;
  password: string;
  cookie: string;
}

/** Registers a member through the API (verified unless asked otherwise) and returns their cookie. */
export async function createMember(
  options: { verified?: boolean; admin?: boolean; displayName?: string } = {},
): Promise<TestMember> {
  const username = uniqueName('m');
  const body = {
    username,
    password: 'password123',
    email: `${username}@example.com`,
    displayName: options.displayName ?? `Member ${username}`,
  };
  const response = await apiCall('/api/auth/register', { body });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: number };
  const cookie = /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')![0];
  if (options.verified !== false) {
    const outbox = (await (await apiCall(`/api/dev/outbox?to=${encodeURIComponent(body.email)}`)).json()) as {
      text: string;
    }[];
    const token = /token=([^\s"&]+)/.exec(outbox[0]!.text)![1]!;
    await apiCall(`/api/auth/verify-email?token=${token}`);
  }
  if (options.admin)
    await signInAs('admin').then((admin) =>
      apiCall(`/api/admin/users/${user.id}/make-admin`, { method: 'POST', cookie: admin }),
    );
  return { id: user.id, username, displayName: body.displayName, email: body.email, password: body.password, cookie };
}

/** A session cookie for a demo account (admin, alice, bob; password123). */
export async function signInAs(username: string, password = 'password123'): Promise<string> {
  const response = await apiCall('/api/auth/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
  return /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')![0];
}

/** A message from one member to another about a listing, through the API (not the screen). */
export async function sendMessageByApi(from: TestMember, to: TestMember, listingId: number, content: string) {
  const response = await apiCall('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  if (response.status !== 201) throw new Error(`message: ${response.status} ${await response.text()}`);
}

export async function createListingFor(member: TestMember, overrides: Record<string, unknown> = {}) {
  const response = await apiCall('/api/listings', {
    cookie: member.cookie,
    body: {
      title: 'Handmade walnut cutting board',
      description: 'A thick end-grain walnut board, oiled and ready for the kitchen.',
      categoriesOffered: ['home', 'goods'],
      whatUserWants: 'Fresh bread',
      whatUserWantsOptions: [],
      location: 'Oakland, CA',
      distance: 10,
      imageUrls: [],
      ...overrides,
    },
  });
  if (response.status !== 201) throw new Error(`listing: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; title: string };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe violations on the page (WCAG 2.x A and AA rules).
 *
 * `strictContrast` closes two gaps of axe's color-contrast rule. Text of one character (an unread
 * count) is only "needs review", even when axe measured it below the required ratio; such
 * measurements count as violations here. And axe gives up ("pseudoContent") on any text over a
 * ::before/::after layer, which is where Radix cards paint their surface and where the listing
 * card's whole-card link lies: for the check, the surface is painted on the card itself and those
 * layers are dropped, then put back.
 */
export async function axeViolations(page: Page, options: { strictContrast?: boolean } = {}): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (strict) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<any> } }).axe;
    let flatten: HTMLStyleElement | null = null;
    if (strict) {
      flatten = document.createElement('style');
      flatten.textContent =
        '.rt-BaseCard::before, .rt-BaseCard::after, .listing-card-link::after { content: none !important; }' +
        ' .rt-BaseCard { background-color: var(--card-background-color, transparent); }';
      document.head.appendChild(flatten);
    }
    try {
      return await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        // In the wcag2aa set already; named so no change of tags or axe defaults can drop it.
        rules: { 'color-contrast': { enabled: true } },
      });
    } finally {
      flatten?.remove();
    }
  }, options.strictContrast ?? false);
  type Node = {
    target: string[];
    any: {
      data?: { contrastRatio?: number; expectedContrastRatio?: string; fgColor?: string; bgColor?: string } | null;
    }[];
  };
  type Result = { id: string; impact: string; help: string; nodes: Node[] };
  const found = (results.violations as Result[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  if (options.strictContrast) {
    for (const result of results.incomplete as Result[]) {
      if (result.id !== 'color-contrast') continue;
      for (const node of result.nodes) {
        const data = node.any[0]?.data;
        const expected = Number.parseFloat(data?.expectedContrastRatio ?? '');
        if (data?.contrastRatio && expected && data.contrastRatio < expected) {
          found.push(
            `color-contrast (measured, needs review): ${data.fgColor} on ${data.bgColor} is ${data.contrastRatio}:1, needs ${expected}:1 at ${node.target.join(' ')}`,
          );
        }
      }
    }
  }
  return found;
}

/**
 * Resolves once every finite CSS animation and transition has finished (dialogs fade in).
 * Endless ones (spinners, skeleton pulses) are left alone: they never finish.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Switches the app to `appearance` with the header's theme toggle (a dispatched click: with a
 * dialog open its overlay would take a pointer click) and waits until the theme's root says so.
 */
export async function setTheme(page: Page, appearance: 'light' | 'dark') {
  const toggle = page.getByTestId('theme-toggle');
  const isLight = (await toggle.getAttribute('aria-label')) === 'Switch to dark theme';
  if ((appearance === 'dark') === isLight) await toggle.dispatchEvent('click');
  await page.locator(`.radix-themes.${appearance}`).first().waitFor({ state: 'attached' });
}

/** The screen in light and then dark: axe clean in each, and a screenshot of each when asked. */
export async function inBothThemes(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await eventually(() => axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-${theme}`, options);
  }
}

/**
 * Saves a full-page screenshot as `${SCREENSHOT_DIR}/${name}.png` when SCREENSHOT_DIR is set
 * (to look at a screen by eye); does nothing otherwise.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await animationsDone(page);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage ?? true });
}

/** True when the page is wider than the viewport (content overflowing sideways). */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** The text of the current toast, waiting for it to appear. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId('toast').first();
  await toast.waitFor({ state: 'visible' });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** A real RGB PNG of the given size (a colour gradient), built in memory. */
export function png(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      raw[at] = (x * 255) / width;
      raw[at + 1] = (y * 255) / height;
      raw[at + 2] = 128;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const photo = (name: string, width = 64, height = 48) => ({
  name,
  mimeType: 'image/png',
  buffer: png(width, height),
});

export async function toastWith(page: Page, title: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

declare global {
  interface Window {
    __chatSockets?: WebSocket[];
  }
}

/**
 * Keeps every live-chat WebSocket the page opens in window.__chatSockets, so a test can see and
 * close them (the header's bell socket, /api/notifications/ws, is not one).
 */
export async function trackChatSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.__chatSockets = [];
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (String(url).includes('/api/conversations/')) window.__chatSockets!.push(this);
      }
    };
  });
}

/** Resolves once one of the page's live-chat sockets (trackChatSockets) is open. */
export const waitForOpenChatSocket = (page: Page) =>
  page.waitForFunction(() => (window.__chatSockets ?? []).some((s) => s.readyState === WebSocket.OPEN));
