/**
 * `npm run bench:memory`: does the server's memory stay flat? For PGlite, then PostgreSQL (a throwaway server), it
 * runs `npm run serve` as a user does (the compiled server), reads the RSS of the whole process tree (npm, its
 * shell, the server and its PGlite thread) at idle, sends BENCH_MEMORY_REQUESTS (default 100,000) mixed requests
 * on 127.0.0.1 — public pages, JSON reads, sign-in, hub lists, booking requests — waits, and reads it again. The
 * heap is read after a full GC, at idle and after the load (heap-probe.cjs). Not part of `npm test`: it takes
 * minutes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { type Child, freePort, spawnChild, waitForUrl } from '../apps/server/test/support/child';
import { startPostgres } from '../apps/server/test/support/postgres';
import { adminToken } from '../apps/server/test/support/server-process';
import { mix, mixServerEnv } from './memory-mix';
import { printLoadAfter, printMachine, processTree, treeMemoryMb } from './support';

const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);
// The server gives memory back once idle (runtime/idle-memory.ts): a collection at the first check (every 5 s) with
// nothing to do, then one a check while they pay, at least two, six at the most; the pages a moment after each.
const IDLE_WAIT_MS = 40_000;
const root = path.resolve(import.meta.dirname, '..');

/** The server's heap after a full GC: heap-probe.cjs, preloaded, prints it on SIGUSR2. */
async function heapAfterGc(npm: Child, serverPid: number): Promise<number> {
  const before = npm.output().length;
  process.kill(serverPid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const match = /heap after GC: (\d+)/.exec(npm.output().slice(before));
    if (match) return Number(match[1]) / 2 ** 20;
    await sleep(100);
  }
  throw new Error(`no heap reading:\n${npm.output()}`);
}

type Row = {
  database: string;
  variant: string;
  build: string;
  newStartMs: number;
  startMs: number;
  idleMb: number;
  afterMb: number;
  idlePss: number;
  afterPss: number;
  settling: number[];
  idleHeap: number;
  halfHeap: number;
  afterHeap: number;
  perSecond: number;
  cpuPerRequestMs: number;
  failed: number;
};

/**
 * `npm run serve` on `scratch`: started twice, the first time on the new folder (migrations, demo content), the
 * second, measured, on the existing one, as a server runs on every start after its first.
 */
async function measure(
  database: string,
  variant: Variant,
  databaseEnv: Record<string, string>,
  build: Build,
): Promise<Row> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'clean-bench-memory-'));
  const env = { ...databaseEnv, ...VARIANTS[variant] };
  try {
    const first = await serve(build.folder, scratch, env, async () => ({}));
    return {
      ...(await serve(build.folder, scratch, env, load)),
      database,
      variant,
      build: build.name,
      newStartMs: first.startMs,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function serve<T>(
  folder: string,
  scratch: string,
  env: Record<string, string>,
  work: (url: string, npm: Child, server: () => number) => Promise<T>,
): Promise<T & { startMs: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const npm = spawnChild(['npm', 'run', 'serve'], {
    cwd: folder,
    env: {
      ...mixServerEnv(port, scratch),
      HOME: process.env.HOME ?? '/tmp',
      // npm and the server both load it; only the server is ever sent SIGUSR2.
      // BENCH_MEMORY_NODE_OPTIONS adds V8 options to compare (the server's and npm's alike).
      ...env,
      NODE_OPTIONS: `--require=${path.join(import.meta.dirname, 'heap-probe.cjs')} ${env.NODE_OPTIONS ?? ''} ${process.env.BENCH_MEMORY_NODE_OPTIONS ?? ''}`,
    },
  });
  const server = () => {
    const node = processTree(npm.child.pid as number).find((pid) =>
      /^(\S*\/)?node .*dist\/server\.js/.test(commandOf(pid)),
    );
    if (!node) throw new Error(`no server process under npm:\n${npm.output()}`);
    return node;
  };
  try {
    await waitForUrl(`${url}/api/health`, npm, 120_000);
    const startMs = performance.now() - started;
    return { ...(await work(url, npm, server)), startMs };
  } finally {
    // npm does not pass SIGTERM on to the server: the server is stopped, and npm ends with it. npm may end first,
    // while the server still closes its database (and holds the DATA_DIR lock): the next start waits for it.
    let pid: number | undefined;
    try {
      pid = server();
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await npm.stop(15_000);
    while (pid !== undefined && isAlive(pid)) await sleep(100);
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function load(url: string, npm: Child, server: () => number) {
  await sleep(IDLE_WAIT_MS);
  const idle = treeMemoryMb(npm.child.pid as number);
  const idleHeap = await heapAfterGc(npm, server());
  const token = await adminToken(url);
  // In two halves, the heap read between them: growth that stops after the first half is warm-up (caches, compiled
  // serializers, pooled buffers); growth that goes on in the second is a leak.
  const half = () =>
    autocannon({ url, connections: 10, amount: REQUESTS / 2, requests: mix(token), timeout: 20 });
  const cpuBefore = cpuMs(server());
  const first = await half();
  const cpuFirst = cpuMs(server()) - cpuBefore;
  const halfHeap = await heapAfterGc(npm, server());
  const cpuSecondStart = cpuMs(server());
  const second = await half();
  const cpuSecond = cpuMs(server()) - cpuSecondStart;
  // The tree's RSS each second of the wait: what the load left, then what the server gives back once idle.
  const settling: number[] = [];
  for (let waited = 0; waited < IDLE_WAIT_MS; waited += 1_000) {
    settling.push(treeMemoryMb(npm.child.pid as number).rss);
    await sleep(1_000);
  }
  const after = treeMemoryMb(npm.child.pid as number);
  const afterHeap = await heapAfterGc(npm, server());
  return {
    idleMb: idle.rss,
    afterMb: after.rss,
    idlePss: idle.pss,
    afterPss: after.pss,
    settling,
    idleHeap,
    halfHeap,
    afterHeap,
    perSecond: (first.requests.total + second.requests.total) / (first.duration + second.duration),
    cpuPerRequestMs: (cpuFirst + cpuSecond) / (first.requests.total + second.requests.total),
    failed: [first, second].reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

/**
 * CPU time (ms) a process has used, all its threads (the PGlite thread too), from /proc: a busy machine changes
 * it far less than it changes requests per second.
 */
function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (((utime ?? 0) + (stime ?? 0)) * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc counts CPU time in these. */
const CLOCK_TICKS = 100;

/** A process's command line ('' once it has ended); /proc separates the arguments with NUL. */
const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

/**
 * `plain`: the default runtime with no V8 flags and glibc's defaults. `malloc`: glibc's mmap threshold fixed. `tuned`: what the server once ran with, for the
 * comparison (docs/performance.md, "Plain runtime"): its V8 flags (preloaded) and glibc's mmap threshold fixed.
 */
const VARIANTS = {
  plain: {},
  malloc: { MALLOC_MMAP_THRESHOLD_: '131072' },
  tuned: {
    NODE_OPTIONS: `--require=${path.join(import.meta.dirname, 'v8-tiers.cjs')}`,
    MALLOC_MMAP_THRESHOLD_: '131072',
  },
} satisfies Record<string, Record<string, string>>;
type Variant = keyof typeof VARIANTS;

printMachine();
const databases = (process.env.BENCH_MEMORY_DATABASES ?? 'pglite,postgres').split(',');
// BENCH_MEMORY_VARIANTS=plain,tuned takes turns between them, BENCH_MEMORY_ROUNDS times (default 1).
const variants = (process.env.BENCH_MEMORY_VARIANTS ?? 'plain').split(',') as Variant[];
const rounds = Number(process.env.BENCH_MEMORY_ROUNDS ?? 1);
// BENCH_MEMORY_BASELINE=<folder>: an earlier build (a copy of the project, built, its node_modules linked) measured
// before this one each turn, so both share the machine's load of the same minutes.
type Build = { name: string; folder: string };
const baseline = process.env.BENCH_MEMORY_BASELINE;
const builds: Build[] = [
  ...(baseline ? [{ name: 'baseline', folder: path.resolve(baseline) }] : []),
  { name: 'this', folder: root },
];
const rows: Row[] = [];
const postgres = databases.includes('postgres') ? await startPostgres() : undefined;
try {
  for (let round = 0; round < rounds; round++)
    for (const variant of variants)
      for (const build of builds) {
        if (databases.includes('pglite')) rows.push(await measure('PGlite', variant, {}, build));
        if (postgres) rows.push(await measure('PostgreSQL', variant, { DATABASE_URL: postgres.url }, build));
      }
} finally {
  postgres?.stop();
}

const mb = (n: number) => `${Math.round(n)} MB`;
console.log(
  `\n\`npm run serve\` (npm + shell + compiled server), ${REQUESTS} mixed requests over 10 connections, Node ${process.version}\n`,
);
console.log(
  '| database | build | runtime | start to first 200: new folder, existing | idle RSS (PSS) | RSS (PSS) after | RSS growth | heap after GC: idle, half, all | heap growth | req/s | CPU per request | failed |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.database} | ${r.build} | ${r.variant} | ${(r.newStartMs / 1000).toFixed(1)} s, ${(r.startMs / 1000).toFixed(1)} s | ${mb(r.idleMb)} (${mb(r.idlePss)}) | ${mb(r.afterMb)} (${mb(r.afterPss)}) | ${mb(r.afterMb - r.idleMb)} | ${r.idleHeap.toFixed(1)}, ${r.halfHeap.toFixed(1)}, ${r.afterHeap.toFixed(1)} MB | ${(((r.afterHeap - r.idleHeap) / r.idleHeap) * 100).toFixed(1)} % | ${Math.round(r.perSecond)} | ${r.cpuPerRequestMs.toFixed(2)} ms | ${r.failed} |`,
  );
}
console.log('\nRSS of the tree each second after the load (MB):');
for (const r of rows)
  console.log(`- ${r.database}, ${r.build}, ${r.variant}: ${r.settling.map(Math.round).join(', ')}`);
printLoadAfter();
process.exit(0);
