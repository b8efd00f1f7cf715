/**
 * `npm run lighthouse:hub`: Lighthouse's accessibility audit (mobile) of the owner's hub, signed in: each tab of
 * /contact-center, with the admin's token put in the browser's storage first (the audit keeps storage).
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../apps/server/test/support/child';
import { startServerProcess } from '../apps/server/test/support/server-process';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';
import { printMachine } from './support';

const PASSWORD = 'lighthouse-hub-password';
printMachine();
const port = await freePort();
const server = await startServerProcess({
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clean-measure-')),
  DEMO_CONTENT: '1',
  ADMIN_PASSWORD: PASSWORD,
  NODE_ENV: 'production',
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
try {
  const signin = await fetch(`${server.url}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = (await signin.json()) as { token: string };
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no default context');
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.close();
  for (const tab of ['', '?tab=manage', '?tab=create']) {
    const result = await lighthouse(`${server.url}/contact-center${tab}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      disableStorageReset: true,
    });
    const lhr = result?.lhr;
    const failed = Object.values(lhr?.audits ?? {})
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    console.log(
      `/contact-center${tab}`.padEnd(28),
      `accessibility ${Math.round((lhr?.categories.accessibility?.score ?? 0) * 100)}`,
      `final URL ${lhr?.finalDisplayedUrl}`,
      failed.length ? `failing: ${failed.join(', ')}` : '',
    );
  }
  await browser.close().catch(() => {});
} finally {
  chrome.kill();
  await server.stop();
}
