/**
 * What is in the compiled server's heap, and what grows under load: starts `node apps/server/dist/server.js`
 * (PostgreSQL, a throwaway server, or PGlite with HEAP_DB=pglite), writes a heap snapshot at idle and after
 * HEAP_REQUESTS (default 20,000) requests of bench:memory's mix, then prints both by kind/constructor with the
 * difference (heap-summary.ts). Snapshots land in HEAP_DIR (default a new temporary folder) for a closer look.
 * HEAP_IDLE_MS: how long the server is left idle after its start before the first snapshot (5 s unless set);
 * HEAP_NODE_FLAGS: V8 options for the server's command line, to compare.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort, spawnChild, waitForUrl } from '../apps/server/test/support/child';
import { startPostgres } from '../apps/server/test/support/postgres';
import { adminToken } from '../apps/server/test/support/server-process';
import { printComparison, summarize } from './heap-summary';
import { mix, mixServerEnv } from './memory-mix';

// A snapshot takes memory of its own from malloc: HEAP_SNAPSHOTS=0 reads resident memory only (a GC instead).
const snapshots = process.env.HEAP_SNAPSHOTS !== '0';
const REQUESTS = Number(process.env.HEAP_REQUESTS ?? 20_000);
const root = path.resolve(import.meta.dirname, '..');
const out = process.env.HEAP_DIR ?? mkdtempSync(path.join(tmpdir(), 'clean-heap-'));
const scratch = mkdtempSync(path.join(tmpdir(), 'clean-heap-data-'));
const postgres = process.env.HEAP_DB === 'pglite' ? undefined : await startPostgres();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawnChild(
  [
    process.execPath,
    ...(process.env.HEAP_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    `--require=${path.join(import.meta.dirname, 'heap-snapshot-signal.cjs')}`,
    'apps/server/dist/server.js',
  ],
  {
    cwd: root,
    env: {
      ...mixServerEnv(port, scratch),
      HEAP_DIR: snapshots ? out : '',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      // glibc's allocator settings (MALLOC_ARENA_MAX, …) pass through, to compare their resident memory.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_'))),
    },
  },
);

/**
 * The server's resident memory by kind of mapping (kB, from /proc/PID/smaps): the malloc heap of the main thread,
 * anonymous mappings (V8's heap and code, other threads' malloc arenas, stacks), files (node, libraries).
 */
function residentByKind(pid: number) {
  const kinds: Record<string, number> = {};
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1] ?? '';
      kind = name === '' ? 'anonymous' : name.startsWith('[') ? name : `file ${path.basename(name)}`;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]);
  }
  return kinds;
}

function printResident(
  before: Record<string, number>,
  after: Record<string, number>,
  collected: Record<string, number>,
) {
  console.log('\nresident memory of the server (MB): idle, after the load, growth, after a full GC');
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const mb = (kinds: Record<string, number>, k: string) => (kinds[k] ?? 0) / 1024;
  const rows = keys.map((k) => ({ k, b: mb(before, k), a: mb(after, k), c: mb(collected, k) }));
  const total = { k: 'all', b: 0, a: 0, c: 0 };
  for (const r of rows) {
    total.b += r.b;
    total.a += r.a;
    total.c += r.c;
  }
  for (const r of [total, ...rows.sort((x, y) => y.a - x.a).filter((r) => r.a >= 1 || r.b >= 1)]) {
    const cells = [r.b, r.a, r.a - r.b, r.c].map((n) => n.toFixed(1).padStart(7));
    console.log(`${cells.join(' ')}  ${r.k}`);
  }
}

/** Asks the server for a snapshot (heap-snapshot-signal.cjs) and waits until it is written. */
async function snapshot(): Promise<string> {
  const before = server.output().length;
  process.kill(server.child.pid as number, 'SIGUSR2');
  for (;;) {
    const match = /heap snapshot written: (\S+)/.exec(server.output().slice(before));
    if (match) return match[1] as string;
    await sleep(100);
  }
}

try {
  await waitForUrl(`${url}/api/health`, server, 120_000);
  await sleep(Number(process.env.HEAP_IDLE_MS ?? 5_000));
  const idleResident = residentByKind(server.child.pid as number);
  const idle = await snapshot();
  const token = await adminToken(url);
  const result = await autocannon({
    url,
    connections: 10,
    amount: REQUESTS,
    requests: mix(token),
    timeout: 20,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  console.log(`${result.requests.total} requests, ${failed} failed`);
  // HEAP_SETTLE_MS: how long to leave the server idle first (20 s lets it give memory back, runtime/idle-memory.ts).
  await sleep(Number(process.env.HEAP_SETTLE_MS ?? 2_000));
  const afterResident = residentByKind(server.child.pid as number);
  const after = await snapshot();
  printResident(idleResident, afterResident, residentByKind(server.child.pid as number));
  console.log(
    `\n${server
      .output()
      .match(/^heap spaces.*$/gm)
      ?.join('\n')}`,
  );
  if (snapshots) {
    printComparison(summarize(idle), summarize(after));
    console.log(`\nsnapshots: ${idle}, ${after}`);
  }
} finally {
  await server.stop(15_000);
  postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
