/**
 * `npm run bench`: throughput of the built app (PGlite, demo content) against a bare Fastify route returning the
 * same bytes, measured in the same run with autocannon on 127.0.0.1. Not part of `npm test` (timings are noisy).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/test/support/child';
import { printLoadAfter, printMachine, startBuiltApp, startScript } from './support';

const ROUTES = ['/api/packages', '/api/gallery', '/api/reviews', '/', '/packages'] as const;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
/**
 * App and bare take turns this many times per route, each for DURATION_S / ROUNDS: on a shared machine the load
 * of other work changes within seconds, and one long run each put all of a spike on one side.
 */
const ROUNDS = 3;
const CONNECTIONS = 10;

function drive(url: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S / ROUNDS, timeout: 10 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** The rounds of one side together: all requests over all the time, and the worst round's p99. */
type Measured = { perSecond: number; p99: number };
function combine(results: autocannon.Result[]): Measured {
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  return { perSecond: requests / seconds, p99: Math.max(...results.map((r) => r.latency.p99)) };
}

printMachine();

const app = await startBuiltApp();
const bodies: Record<string, { type: string; body: string }> = {};
for (const route of ROUTES) {
  const res = await fetch(app.baseUrl + route);
  if (!res.ok) throw new Error(`${route} answered ${res.status}`);
  bodies[route] = { type: res.headers.get('content-type') ?? 'application/json', body: await res.text() };
}
const bodiesFile = path.join(mkdtempSync(path.join(tmpdir(), 'clean-bench-')), 'bodies.json');
writeFileSync(bodiesFile, JSON.stringify(bodies));
const barePort = await freePort();
const bare = await startScript(
  'bare-server.ts',
  { BARE_BODIES: bodiesFile, BARE_PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/ready`,
);
const bareUrl = `http://127.0.0.1:${barePort}`;

type Row = { route: string; bytes: number; app: Measured; bare: Measured };
const rows: Row[] = [];
try {
  for (const route of ROUTES) {
    // A short warm-up of each (JIT, caches), then the measured runs back to back.
    await Promise.all([
      new Promise((r) => autocannon({ url: app.baseUrl + route, duration: 1, connections: 2 }, r)),
      new Promise((r) => autocannon({ url: bareUrl + route, duration: 1, connections: 2 }, r)),
    ]);
    const appResults: autocannon.Result[] = [];
    const bareResults: autocannon.Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appResults.push(await drive(app.baseUrl + route));
      bareResults.push(await drive(bareUrl + route));
    }
    for (const [name, results] of [
      ['app', appResults],
      ['bare', bareResults],
    ] as const) {
      for (const r of results) {
        if (r.errors || r.non2xx)
          throw new Error(`${name} ${route}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
      }
    }
    rows.push({
      route,
      bytes: Buffer.byteLength(bodies[route]?.body ?? ''),
      app: combine(appResults),
      bare: combine(bareResults),
    });
  }
} finally {
  app.stop();
  bare.stop();
}

// Issue 16's goals: a public JSON read at 0.9× of the bare route, a server-rendered page at 0.7×.
const goal = (route: string) => (route.startsWith('/api/') ? 0.9 : 0.7);
console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s each (app and bare taking turns, ${ROUNDS} rounds), Node ${process.version}; app = built app on PGlite with demo content\n`,
);
console.log('| route | bytes | app req/s | app p99 | bare req/s | bare p99 | app / bare | goal |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const { route, bytes, app: a, bare: b } of rows) {
  const ratio = a.perSecond / b.perSecond;
  console.log(
    `| ${route} | ${bytes} | ${Math.round(a.perSecond)} | ${a.p99} ms | ${Math.round(b.perSecond)} | ${b.p99} ms | ${ratio.toFixed(2)}× | ≥ ${goal(route)}× ${ratio >= goal(route) ? 'met' : 'MISSED'} |`,
  );
}
printLoadAfter();
process.exit(0);
