import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startLoad, waitFor } from '../support/load';
import { startServerProcess } from '../support/server-process';

const dir = mkdtempSync(path.join(tmpdir(), 'clean-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function strace(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v strace'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('strace is not installed (apt-get install strace): this test counts fsync calls with it');
  }
}

/** Timestamps (seconds) of every fsync/fdatasync strace saw. Lines look like `123 1700000000.123456 fsync(27) = 0`. */
function syncTimes(file: string): number[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^\d+\s+(\d+\.\d+)\s+f(data)?sync\(\d+\)\s+=\s+0/.exec(line)?.[1])
    .filter((t): t is string => !!t)
    .map(Number);
}

test('every acknowledged embedded (PGlite) commit is synced to disk: at least one fsync per commit', async () => {
  const traceFile = path.join(dir, 'strace.out');
  const server = await startServerProcess(
    { DATA_DIR: path.join(dir, 'data') },
    { wrap: [strace(), '-f', '-ttt', '-e', 'trace=fsync,fdatasync', '-o', traceFile] },
  );
  const t0 = Date.now() / 1000;
  const load = startLoad(server, 'sync');
  await waitFor('200 bookings', async () => load.acknowledged.length >= 200, 60_000);
  await load.stop();
  const t1 = Date.now() / 1000;
  // Stop the server itself (strace's child) so strace writes everything out and exits.
  const pid = Number(execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' }).trim());
  process.kill(pid, 'SIGTERM');
  await server.exited;

  const commits = load.acknowledged.length;
  const syncs = syncTimes(traceFile).filter((t) => t >= t0 && t <= t1).length;
  console.log(
    `PGlite: ${commits} bookings in ${(t1 - t0).toFixed(2)} s (${(commits / (t1 - t0)).toFixed(0)}/s, 4 clients, under strace), ${syncs} syncs: ${(syncs / commits).toFixed(2)} per commit`,
  );
  expect(load.failures).toEqual([]);
  expect(syncs).toBeGreaterThanOrEqual(commits);
});
