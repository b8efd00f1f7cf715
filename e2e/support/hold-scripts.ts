import type { Page } from 'playwright-core';

/**
 * Holds back every script the page asks for (the entry and its chunks) until `release()`: the server-rendered
 * page arrives and paints, but none of its code runs — a quick visitor's first taps on a slow phone. Pages the
 * visitor reaches meanwhile (a link, a form post) are held too. Returns how many script requests are waiting and
 * the release.
 */
export async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let waiting = 0;
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      waiting++;
      await released;
      waiting--;
      // The page may have moved on (or closed) while its script waited.
      await route.continue().catch(() => {});
    },
  );
  return { release, waiting: () => waiting };
}

/**
 * Opens `url` with the scripts held: the page's entry script never runs, so its load event never fires; this
 * waits for the server's markup instead.
 */
export async function gotoHeld(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('footer').waitFor({ state: 'attached' });
}

/** Whether React has hydrated the page (the app marks <html> once it has). */
export const isLive = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));
