/**
 * Chromium's flags for this closed network (no sandbox as root, no GPU, no calls home), shared by the browser
 * tests (Playwright) and `npm run lighthouse` (chrome-launcher).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
