/**
 * What is in the compiled server's heap, and what grows under load: starts `node apps/server/dist/server.js`
 * (PostgreSQL, a throwaway server, or PGlite with HEAP_DB=pglite), writes a heap snapshot at idle and after
 * HEAP_REQUESTS (default 20,000) requests of bench:memory's mix, then prints both by kind/constructor with the
 * difference (heap-summary.ts). Snapshots land in HEAP_DIR (default a new temporary folder) for a closer look.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort, spawnChild, waitForUrl } from '../apps/server/test/support/child';
import { startPostgres } from '../apps/server/test/support/postgres';
import { adminToken, PROCESS_ADMIN_PASSWORD } from '../apps/server/test/support/server-process';
import { printComparison, summarize } from './heap-summary';
import { mix } from './memory-mix';

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
    `--require=${path.join(import.meta.dirname, 'heap-snapshot-signal.cjs')}`,
    'apps/server/dist/server.js',
  ],
  {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HEAP_DIR: out,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: scratch,
      PUBLIC_URL: url,
      ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
      DEMO_CONTENT: '1',
      LOG_LEVEL: 'warn',
      BACKUP_KEEP: '0',
      RATE_LIMIT_AUTH: '10000000',
      RATE_LIMIT_PUBLIC_WRITE: '10000000',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
  },
);

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
  await sleep(5_000);
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
  await sleep(2_000);
  const after = await snapshot();
  printComparison(summarize(idle), summarize(after));
  console.log(`\nsnapshots: ${idle}, ${after}`);
} finally {
  await server.stop(15_000);
  postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
