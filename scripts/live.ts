/**
 * `npm run live`: how long after navigation each public page of the built app is live (`html[data-hydrated]`,
 * set once React has hydrated the page), at full speed and with the CPU slowed 4× (a mid-range phone), in
 * Debian's chromium. Each page is loaded LIVE_RUNS times (5 unless set) per speed and the median printed, with
 * first contentful paint beside it, and any console error (a hydration mismatch would show there).
 * Not part of `npm test` (timings are noisy).
 */
import { PUBLIC_ROUTES } from '@clean/shared';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';
import { printLoadAfter, printMachine, startBuiltApp } from './support';

const runs = Number(process.env.LIVE_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('LIVE_RUNS must be a whole number, 1 or more');
const SLOWDOWNS = [1, 4];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

printMachine();
const app = await startBuiltApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_FLAGS, '--disable-quic'],
});

type Sample = { live: number; fcp: number };
const rows: string[] = [];
const errors: string[] = [];
try {
  for (const route of PUBLIC_ROUTES) {
    // Warm the server's page cache, as a running site has it.
    await fetch(app.baseUrl + route).then((res) => res.arrayBuffer());
    const cells: string[] = [];
    for (const slowdown of SLOWDOWNS) {
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run++) {
        // A fresh context each time: nothing cached, as on a first visit.
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`${route}: ${message.text()}`);
        });
        page.on('pageerror', (error) => errors.push(`${route}: ${error.message}`));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        await page.goto(app.baseUrl + route, { waitUntil: 'commit' });
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
        samples.push(
          await page.evaluate(() => ({
            live: performance.getEntriesByName('hydrated')[0]?.startTime ?? Number.NaN,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          })),
        );
        await context.close();
      }
      cells.push(
        `${Math.round(median(samples.map((s) => s.fcp)))} ms`,
        `${Math.round(median(samples.map((s) => s.live)))} ms`,
      );
    }
    rows.push(`| ${route} | ${cells.join(' | ')} |`);
  }
} finally {
  await browser.close();
  app.stop();
}

console.log(`\nNavigation to first paint and to live (html[data-hydrated]), median of ${runs} loads\n`);
console.log('| route | FCP 1× | live 1× | FCP 4× CPU | live 4× CPU |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
if (errors.length) console.log(`\nconsole errors:\n${[...new Set(errors)].join('\n')}`);
printLoadAfter();
process.exit(0);
