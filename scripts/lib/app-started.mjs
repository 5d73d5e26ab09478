// A full load shows the Worker's first screen (decision 055) until the SPA replaces it. Browser
// tests and the quota's journeys go on once the SPA has, so that what they click and the in-app
// navigations they make are the SPA's (a first-screen link is a plain link: a full load).

/* global document -- appStarted's function runs in the page */

/** Waits until the SPA has replaced the first screen in #root (at once on a page without one). */
export const appStarted = (page) => page.waitForFunction(() => !document.querySelector('#root > .fs'));

/** Makes `page.goto` and `page.reload` wait for the SPA after the load. */
export function waitForTheAppOnLoad(page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appStarted(page);
    return response;
  };
}
