// The slow link: a phone (390 × 844) on an emulated poor mobile link (1.5 s latency per request,
// 50 KB/s down and up, through the DevTools protocol) with a mid-range CPU (4× slowdown), a cold
// cache (a new browser context per run). Per page, three times measured from the navigation's
// start (the page's own clock, performance.now()):
//   - FCP: the paint timing API's first-contentful-paint;
//   - content: the first frame painted after the page's main content is on screen (`selector`:
//     present, with text, a box of non-zero size that starts inside the viewport, not hidden);
//     looked for on every animation frame by a script added before the page's own;
//   - interactive: once the network has been quiet for 500 ms (Playwright's network idle), the
//     latest of: the content, the DOMContentLoaded handlers' end, the last file or API reply to
//     arrive that is not a picture (photos and icons do not hold the page's code back), the end of
//     the last long task (over 50 ms) on the main thread. The SPA renders on the client only, so
//     its event handlers are attached once it has rendered and its code and data are in.
// Chromium applies the latency to every request, and `npm start` serves HTTP/1.1 (six connections
// to the origin, so files queue in rounds); Cloudflare serves HTTP/2 and 3, one connection for
// all. Each file beyond the first six therefore costs more here than on the deployed site.

import { contentShown, readFigures, watchContent } from './in-page.mjs';

const LINK = { offline: false, latency: 1500, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** How long a run waits for the content, then for the network to go quiet, before giving up. */
const WAIT_MS = 60_000;

/** One cold run of `url` on the slow link: in-page.mjs's readFigures(). */
export async function slowLinkOnce(browser, url, selector) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(watchContent, selector);
    await page.goto(url, { waitUntil: 'commit', timeout: WAIT_MS });
    await page.waitForFunction(contentShown, null, { timeout: WAIT_MS, polling: 250 }).catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: WAIT_MS }).catch(() => {});
    return await page.evaluate(readFigures);
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold runs of a page; the median run by content time stands for it (a run that never
 * showed the content counts as the slowest).
 */
export async function slowLinkPage(browser, url, selector, runs, log) {
  const all = [];
  for (let run = 1; run <= runs; run++) {
    const result = await slowLinkOnce(browser, url, selector);
    log(
      `  ${url} slow link run ${run}/${runs}: content ${result.content === null ? 'never' : `${Math.round(result.content)} ms`}`,
    );
    all.push(result);
  }
  const key = (result) => result.content ?? Number.POSITIVE_INFINITY;
  const sorted = [...all].sort((a, b) => key(a) - key(b));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: all };
}

export const SLOW_LINK = { ...LINK, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE.viewport, waitMs: WAIT_MS };
