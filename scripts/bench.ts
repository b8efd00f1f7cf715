/**
 * `npm run bench`: throughput of the built app (PGlite, demo content) against a bare Fastify route returning the
 * same bytes, measured in the same run with autocannon on 127.0.0.1. Not part of `npm test` (timings are noisy).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/test/support/child';
import { cpuMs, printLoadAfter, printMachine, startBuiltApp, startScript } from './support';

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

/** One side's round: autocannon's result and the CPU its server used meanwhile. */
type Round = { result: autocannon.Result; cpuMs: number };
async function round(url: string, pid: number): Promise<Round> {
  const before = cpuMs(pid);
  const result = await drive(url);
  return { result, cpuMs: cpuMs(pid) - before };
}

/**
 * The rounds of one side together: all requests over all the time, the worst round's p99, and the server's CPU
 * per request. The load generator shares the machine's two cores: req/s measures the server and autocannon
 * together (a longer answer costs autocannon more to read), CPU per request the server alone.
 */
type Measured = { perSecond: number; p99: number; cpuUs: number };
function combine(rounds: Round[]): Measured {
  const results = rounds.map((r) => r.result);
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const cpu = rounds.reduce((sum, r) => sum + r.cpuMs, 0);
  return {
    perSecond: requests / seconds,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    cpuUs: (cpu * 1000) / requests,
  };
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
const barePid = bare.child.pid ?? 0;

type Row = { route: string; bytes: number; app: Measured; bare: Measured };
const rows: Row[] = [];
try {
  for (const route of ROUTES) {
    // A short warm-up of each (JIT, caches), then the measured runs back to back.
    await Promise.all([
      new Promise((r) => autocannon({ url: app.baseUrl + route, duration: 1, connections: 2 }, r)),
      new Promise((r) => autocannon({ url: bareUrl + route, duration: 1, connections: 2 }, r)),
    ]);
    const appRounds: Round[] = [];
    const bareRounds: Round[] = [];
    for (let turn = 0; turn < ROUNDS; turn++) {
      appRounds.push(await round(app.baseUrl + route, app.pid));
      bareRounds.push(await round(bareUrl + route, barePid));
    }
    for (const [name, rounds] of [
      ['app', appRounds],
      ['bare', bareRounds],
    ] as const) {
      for (const { result: r } of rounds) {
        if (r.errors || r.non2xx)
          throw new Error(`${name} ${route}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
      }
    }
    rows.push({
      route,
      bytes: Buffer.byteLength(bodies[route]?.body ?? ''),
      app: combine(appRounds),
      bare: combine(bareRounds),
    });
  }
} finally {
  app.stop();
  bare.stop();
}

// The goals (docs/product.md#performance-goals): a public JSON read at 0.9× of the bare route, a server-rendered page
// at 0.7×.
const goal = (route: string) => (route.startsWith('/api/') ? 0.9 : 0.7);
console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s each (app and bare taking turns, ${ROUNDS} rounds), Node ${process.version}; app = built app on PGlite with demo content\n`,
);
console.log(
  '| route | bytes | app req/s | app p99 | bare req/s | bare p99 | app / bare | goal | server CPU µs/request: app, bare |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { route, bytes, app: a, bare: b } of rows) {
  const ratio = a.perSecond / b.perSecond;
  console.log(
    `| ${route} | ${bytes} | ${Math.round(a.perSecond)} | ${a.p99} ms | ${Math.round(b.perSecond)} | ${b.p99} ms | ${ratio.toFixed(2)}× | ≥ ${goal(route)}× ${ratio >= goal(route) ? 'met' : 'MISSED'} | ${a.cpuUs.toFixed(0)}, ${b.cpuUs.toFixed(0)} |`,
  );
}
printLoadAfter();
process.exit(0);
