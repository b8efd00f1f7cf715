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
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

function drive(url: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
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

type Row = { route: string; bytes: number; app: autocannon.Result; bare: autocannon.Result };
const rows: Row[] = [];
try {
  for (const route of ROUTES) {
    // A short warm-up of each (JIT, caches), then the measured runs back to back.
    await Promise.all([
      new Promise((r) => autocannon({ url: app.baseUrl + route, duration: 1, connections: 2 }, r)),
      new Promise((r) => autocannon({ url: bareUrl + route, duration: 1, connections: 2 }, r)),
    ]);
    const appResult = await drive(app.baseUrl + route);
    const bareResult = await drive(bareUrl + route);
    for (const [name, r] of [
      ['app', appResult],
      ['bare', bareResult],
    ] as const) {
      if (r.errors || r.non2xx)
        throw new Error(`${name} ${route}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
    }
    rows.push({
      route,
      bytes: Buffer.byteLength(bodies[route]?.body ?? ''),
      app: appResult,
      bare: bareResult,
    });
  }
} finally {
  app.stop();
  bare.stop();
}

const goal = (route: string) => (route.startsWith('/api/') ? 0.7 : 0.5);
console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}; app = built app on PGlite with demo content\n`,
);
console.log('| route | bytes | app req/s | app p99 | bare req/s | bare p99 | app / bare | goal |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const { route, bytes, app: a, bare: b } of rows) {
  const ratio = a.requests.average / b.requests.average;
  console.log(
    `| ${route} | ${bytes} | ${Math.round(a.requests.average)} | ${a.latency.p99} ms | ${Math.round(b.requests.average)} | ${b.latency.p99} ms | ${ratio.toFixed(2)}× | ≥ ${goal(route)}× ${ratio >= goal(route) ? 'met' : 'MISSED'} |`,
  );
}
printLoadAfter();
process.exit(0);
