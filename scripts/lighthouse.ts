/**
 * `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) on the five public pages of the
 * built app, with Debian's chromium (CHROME_PATH to use another). Each page is audited LIGHTHOUSE_RUNS times
 * (3 unless set) and its median run reported, picked as Lighthouse's own `computeMedianRun` picks it (closest to
 * the median FCP and time to interactive), as Lighthouse's guidance on variability advises: Lighthouse simulates
 * a slow phone from one observed load, so on two shared cores one task that waited for the CPU counts four
 * times. Prints the four category scores and FCP, LCP, TBT and CLS of the median run, the TBT of every run, and
 * the size of the page's HTML as sent (gzip).
 * Not part of `npm test` (timings are noisy).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { PUBLIC_ROUTES } from '@clean/shared';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';
import { printLoadAfter, printMachine, startBuiltApp } from './support';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('LIGHTHOUSE_RUNS must be a whole number, 1 or more');
// LIGHTHOUSE_ROUTES=/,/contact audits only those (in one run, to compare two pages under the same load).
const routes = process.env.LIGHTHOUSE_ROUTES
  ? PUBLIC_ROUTES.filter((route) => process.env.LIGHTHOUSE_ROUTES?.split(',').includes(route))
  : PUBLIC_ROUTES;
const reportDir = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : null;
if (reportDir) mkdirSync(reportDir, { recursive: true });
printMachine();

const app = await startBuiltApp();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

type Row = { route: string; scores: string[]; metrics: string[]; tbtOfRuns: string; html: string };

/**
 * A page's HTML as it travels to the browser: gzip (Chromium asks for brotli on HTTPS only). Past about 14.6 KB
 * (10 TCP segments, the first round trip of a new connection) the rest waits a round trip, which Lighthouse
 * charges to first paint.
 */
const htmlOnTheWire = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
const rows: Row[] = [];
try {
  for (const route of routes) {
    // One request first, as a running site has had: the page's HTML is cached (and the server's code warm), so
    // the audit measures what visitors get, not the first render after a start.
    await fetch(app.baseUrl + route).then((res) => res.arrayBuffer());
    const html = `${((await htmlOnTheWire(app.baseUrl + route)) / 1024).toFixed(1)} KB`;
    const audit = () =>
      lighthouse(app.baseUrl + route, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    const results: RunnerResult[] = [];
    for (let run = 0; run < runs; run++) {
      let result = await audit();
      // A trace that failed to record (NO_NAVSTART, now and then on a fresh browser) is retried once.
      if (result?.lhr.runtimeError) result = await audit();
      if (!result) throw new Error(`no Lighthouse result for ${route}`);
      results.push(result);
    }
    const measured = results.filter((r) => !r.lhr.runtimeError);
    const median = measured.length ? computeMedianRun(measured.map((r) => r.lhr)) : results[0]?.lhr;
    const result = results.find((r) => r.lhr === median) ?? results[0];
    if (!result) throw new Error(`no Lighthouse result for ${route}`);
    const tbtOfRuns = measured
      .map((r) => Math.round(r.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN))
      .join(', ');
    // LIGHTHOUSE_REPORTS=dir keeps each page's full report (diagnostics) for a closer look.
    if (reportDir) {
      const name = route === '/' ? 'home' : route.slice(1);
      writeFileSync(path.join(reportDir, `${name}.json`), String(result.report));
    }
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.log(
        `${route}: Lighthouse could not measure it — ${runtimeError.code}: ${runtimeError.message}`,
      );
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    const ms = (id: string) => `${((audits[id]?.numericValue ?? Number.NaN) / 1000).toFixed(2)} s`;
    rows.push({
      route,
      scores: ['performance', 'accessibility', 'best-practices', 'seo'].map(score),
      metrics: [
        ms('first-contentful-paint'),
        ms('largest-contentful-paint'),
        `${Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN)} ms`,
        (audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
      ],
      tbtOfRuns,
      html,
    });
    const failing = Object.values(categories)
      .flatMap((c) => c.auditRefs.map((ref) => ({ c: c.id, a: audits[ref.id], w: ref.weight })))
      .filter(
        ({ a, w }) => w > 0 && a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative',
      );
    if (failing.length) {
      console.log(`${route}: below full marks — ${failing.map(({ c, a }) => `${c}/${a?.id}`).join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  app.stop();
}

console.log(
  `\nLighthouse ${'12.8'} (mobile, simulated throttling), ${chromePath}: the median of ${runs} run(s) per page\n`,
);
console.log(
  '| route | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | TBT of each run | HTML (gzip) |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
for (const { route, scores, metrics, tbtOfRuns, html } of rows)
  console.log(`| ${route} | ${scores.join(' | ')} | ${metrics.join(' | ')} | ${tbtOfRuns} ms | ${html} |`);
printLoadAfter();
process.exit(0);
