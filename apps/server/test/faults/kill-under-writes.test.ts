import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, test } from 'vitest';
import { inquiryNames, startLoad, waitFor } from '../support/load';
import { adminToken, startServerProcess } from '../support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Bookings flow from 4 clients; kill -9 mid-stream; a new server on the same data must list every one acknowledged. */
async function killUnderWrites(env: Record<string, string>, label: string) {
  const prefix = `kill-${label}-${Date.now()}`;
  const server = await startServerProcess(env);
  const load = startLoad(server, prefix);
  await waitFor('bookings acknowledged', async () => load.acknowledged.length >= 150, 60_000);
  server.child.kill('SIGKILL');
  expect(await server.exited).toBe('SIGKILL');
  await load.stop();

  const again = await startServerProcess(env);
  try {
    const stored = await inquiryNames(again.url, await adminToken(again.url));
    const lost = load.acknowledged.filter((name) => !stored.has(name));
    console.log(`kill -9 on ${label}: ${load.acknowledged.length} acknowledged, ${lost.length} lost`);
    expect(lost).toEqual([]);
  } finally {
    await again.stop();
  }
}

test('kill -9 under write load on PGlite: every acknowledged booking is there after a restart', async () => {
  await killUnderWrites({ DATA_DIR: dataDir }, 'PGlite');
});

test('kill -9 under write load on PostgreSQL: every acknowledged booking is there after a restart', async () => {
  await killUnderWrites({ DATABASE_URL: inject('pgUrl'), DATA_DIR: dataDir }, 'PostgreSQL');
});
