// The slow link's functions that run in the page (Playwright serialises them): they see the
// page's globals, not this script's scope.
/* global window, document, getComputedStyle, innerHeight, requestAnimationFrame */

/** Runs in the page before its scripts: notes when `selector` is first painted, and long tasks. */
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

/**
 * Reads the run's figures in the page once the network is quiet: the times (ms from the
 * navigation's start), the requests and bytes received before the content showed and in all, and
 * the protocol the document came over.
 */
export function readFigures() {
  const state = window.__firstPaintWatch;
  const [navigation] = performance.getEntriesByType('navigation');
  const resources = performance.getEntriesByType('resource');
  // Photos and icons do not hold the page's code back (modulepreloads count as "other").
  const isPicture = (entry) =>
    ['img', 'image'].includes(entry.initiatorType) || /\/objects\/|\.(svg|ico|png|jpe?g|webp|avif)$/.test(entry.name);
  const codeAndData = resources.filter((entry) => !isPicture(entry)).map((entry) => entry.responseEnd);
  const content = state.contentAt;
  const interactive =
    content === null
      ? null
      : Math.max(content, navigation?.domContentLoadedEventEnd ?? 0, ...codeAndData, ...state.longTaskEnds);
  const before = content === null ? resources : resources.filter((entry) => entry.responseEnd <= content);
  const bytes = (entries) => entries.reduce((sum, entry) => sum + entry.transferSize, navigation?.transferSize ?? 0);
  return {
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    content,
    interactive,
    requestsBeforeContent: before.length + 1,
    bytesBeforeContent: bytes(before),
    requests: resources.length + 1,
    transferred: bytes(resources),
    protocol: navigation?.nextHopProtocol ?? '',
  };
}

/** Has the watch stamped the content? (False too before the watch exists.) */
export const contentShown = () => window.__firstPaintWatch?.contentAt != null;
