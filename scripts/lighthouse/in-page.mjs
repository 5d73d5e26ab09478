// The slow link's functions that run in the page (Playwright serialises them): they see the
// page's globals, not this script's scope.
/* global window, document, getComputedStyle, innerHeight, requestAnimationFrame */

/** Runs in the page before its own scripts: notes when `selector` is first painted, and the long tasks. */
export function watchContent(selector) {
  const state = { contentAt: null, longTaskEnds: [] };
  window.__firstPaintWatch = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTaskEnds.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const shown = () => {
    const element = document.querySelector(selector);
    if (!element || !element.textContent.trim()) return false;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return (
      box.width > 0 && box.height > 0 && box.top < innerHeight && style.visibility !== 'hidden' && style.opacity !== '0'
    );
  };
  const check = () => {
    if (!shown()) return requestAnimationFrame(check);
    // An animation frame runs before its paint; a task queued from it runs after that paint.
    setTimeout(() => (state.contentAt = performance.now()), 0);
  };
  requestAnimationFrame(check);
}

/** Reads the run's figures in the page once the network is quiet. */
export function readFigures() {
  const state = window.__firstPaintWatch;
  const [navigation] = performance.getEntriesByType('navigation');
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  const codeAndData = performance
    .getEntriesByType('resource')
    .filter((entry) => ['script', 'link', 'css', 'fetch', 'xmlhttprequest'].includes(entry.initiatorType))
    .map((entry) => entry.responseEnd);
  const transferred = performance
    .getEntriesByType('resource')
    .reduce((sum, entry) => sum + entry.transferSize, navigation?.transferSize ?? 0);
  const interactive =
    state.contentAt === null
      ? null
      : Math.max(state.contentAt, navigation?.domContentLoadedEventEnd ?? 0, ...codeAndData, ...state.longTaskEnds);
  return { fcp, content: state.contentAt, interactive, requests: codeAndData.length, transferred };
}

/** Has the watch stamped the content? (False too before the watch exists.) */
export const contentShown = () => window.__firstPaintWatch?.contentAt != null;
