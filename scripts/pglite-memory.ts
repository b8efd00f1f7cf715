/**
 * `npm run bench:pglite-memory`: PGlite's page cache (PGLITE_SHARED_BUFFERS_MB) against memory and speed. For each
 * size the compiled server starts on one PGlite folder holding years of a busy owner's records; we read its idle
 * RSS, drive the hub's heaviest reads and the booking form with autocannon, and read the RSS again. Sizes take
 * turns over the rounds (the machine's load shifts). Not part of `npm test`: timings are noisy.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import { seedScale } from '../apps/server/test/scale/seed';
import { adminToken, startServerProcess } from '../apps/server/test/support/server-process';
import { printLoadAfter, printMachine, treeRssMb } from './support';

const SIZES_MB = (process.env.PGLITE_MEMORY_SIZES ?? '128,64,32,16,8,4').split(',').map(Number);
const ROUNDS = Number(process.env.PGLITE_MEMORY_ROUNDS ?? 2);
/** Requests per load: a count, not a duration, so a busy machine makes the run longer, not the sample smaller. */
const REQUESTS = Number(process.env.PGLITE_MEMORY_REQUESTS ?? 300);
/** About twenty years of a one-person business's records: more than the smaller caches hold. */
const SIZE = { inquiries: 20_000, cleanings: 20_000, schedules: 1_000, paidRecords: 10_000, reviews: 2_000 };

type Load = { name: string; path: string; method?: 'POST'; body?: string; admin?: boolean };
const LOADS: Load[] = [
  { name: 'hub: search inquiries by name', path: '/api/inquiries?name=kowalski&page=1&limit=6', admin: true },
  { name: 'hub: old records (count + 50)', path: '/api/old_records?page=1&limit=50', admin: true },
  { name: 'hub: revenue summary', path: '/api/total_paid_cleanings_summary', admin: true },
  {
    name: 'booking request (write)',
    path: '/api/inquiries',
    method: 'POST',
    body: JSON.stringify({ name: 'Bench Visitor', phone_number: '8605550100', town: 'Bristol' }),
  },
];

function drive(url: string, load: Load, token: string, amount: number) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: url + load.path,
        method: load.method ?? 'GET',
        body: load.body,
        headers: {
          'content-type': 'application/json',
          ...(load.admin ? { authorization: `Bearer ${token}` } : {}),
        },
        connections: 10,
        amount,
        timeout: 60,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

type Run = { startMs: number; idleMb: number; afterMb: number; perSecond: number[]; cpuMs: number[] };

/**
 * CPU time (ms) a process has used, all its threads: unlike req/s, the cost per request hardly changes when other
 * work on the machine takes cores away.
 */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ, the unit of /proc/PID/stat's times. */
const CLOCK_TICKS = 100;

async function measure(dataDir: string, sharedBuffersMb: number): Promise<Run> {
  const started = performance.now();
  const server = await startServerProcess(
    { DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS_MB: String(sharedBuffersMb) },
    { compiled: true },
  );
  const startMs = performance.now() - started;
  const pid = server.child.pid as number;
  try {
    await sleep(3_000);
    const idleMb = treeRssMb(pid);
    const token = await adminToken(server.url);
    const perSecond: number[] = [];
    const cpuMs: number[] = [];
    for (const load of LOADS) {
      await drive(server.url, load, token, REQUESTS / 10); // warm-up: JIT, plans, cache
      const cpuBefore = cpuMsOf(pid);
      const result = await drive(server.url, load, token, REQUESTS);
      cpuMs.push((cpuMsOf(pid) - cpuBefore) / result.requests.total);
      if (result.errors || result.non2xx) {
        throw new Error(`${load.name}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
      }
      perSecond.push(result.requests.total / result.duration);
    }
    await sleep(2_000);
    return { startMs, idleMb, afterMb: treeRssMb(pid), perSecond, cpuMs };
  } finally {
    await server.stop();
  }
}

printMachine();
const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-pglite-memory-'));
try {
  const database = await openDatabase({ dataDir });
  await seedScale(database.db, SIZE);
  await database.close();

  const runs = new Map<number, Run[]>(SIZES_MB.map((mb) => [mb, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...SIZES_MB].reverse() : SIZES_MB;
    for (const mb of order) {
      const run = await measure(dataDir, mb);
      runs.get(mb)?.push(run);
      console.log(`round ${round + 1}, ${mb} MB: ${JSON.stringify(run)}`);
    }
  }

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const baseline = runs.get(SIZES_MB[0] as number) ?? [];
  const baseRate = LOADS.map((_, i) => mean(baseline.map((r) => r.perSecond[i] ?? 0)));
  const baseCpu = LOADS.map((_, i) => mean(baseline.map((r) => r.cpuMs[i] ?? 0)));
  console.log(
    `\nPGlite with ${SIZE.inquiries} inquiries, ${SIZE.cleanings} cleanings, ${SIZE.paidRecords} paid records; ` +
      `10 connections, ${REQUESTS} requests per load, mean of ${ROUNDS} rounds; RSS and CPU: the server process and its threads; (%) of the first size\n`,
  );
  console.log(
    `| shared_buffers | start to 200 | idle RSS | RSS after load | ${LOADS.map((l) => `${l.name}: req/s, CPU ms/request`).join(' | ')} |`,
  );
  console.log(`|---:|---:|---:|---:|${LOADS.map(() => '---:').join('|')}|`);
  for (const [mb, list] of runs) {
    const rates = LOADS.map((_, i) => mean(list.map((r) => r.perSecond[i] ?? 0)));
    const cpus = LOADS.map((_, i) => mean(list.map((r) => r.cpuMs[i] ?? 0)));
    const percent = (value: number, base = 1) => `${((value / base) * 100).toFixed(0)} %`;
    const cells = rates.map(
      (rate, i) =>
        `${Math.round(rate)} (${percent(rate, baseRate[i])}), ${cpus[i]?.toFixed(1)} (${percent(cpus[i] ?? 0, baseCpu[i])})`,
    );
    console.log(
      `| ${mb} MB | ${(mean(list.map((r) => r.startMs)) / 1000).toFixed(1)} s | ${Math.round(mean(list.map((r) => r.idleMb)))} MB | ${Math.round(mean(list.map((r) => r.afterMb)))} MB | ${cells.join(' | ')} |`,
    );
  }
  printLoadAfter();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
