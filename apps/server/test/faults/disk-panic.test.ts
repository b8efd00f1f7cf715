import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, test } from 'vitest';
import { book, healthStatus, inquiryNames, waitFor } from '../support/load';
import { adminToken, startServerProcess } from '../support/server-process';
import { fill, get, mountTmpfs, unmountAfterAll } from '../support/tmpfs';

// A real full disk (tmpfs) with no safety margin, so PostgreSQL inside PGlite hits ENOSPC creating a WAL segment.
unmountAfterAll();

/**
 * Adds one-time cleanings with 2,000 random characters of notes from 4 clients until stopped. The notes have a
 * trigram index, so each one writes a lot of WAL: the current 16 MB WAL segment fills up within seconds.
 */
function walLoad(url: string, token: string, inquiryId: number) {
  const statuses: number[] = [];
  let running = true;
  const loops = Array.from({ length: 4 }, async () => {
    while (running) {
      const res = await fetch(`${url}/api/one_time_cleanings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          inquiry_id: inquiryId,
          date_time: '2026-05-01T10:00',
          amount: '100',
          notes: randomBytes(1500).toString('base64').slice(0, 2000),
        }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      await res?.arrayBuffer();
      statuses.push(res?.status ?? 0);
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

test('a truly full disk, no margin (PostgreSQL PANICs writing WAL): the server stays responsive, SIGTERM works; space returns, so does the database', async () => {
  const dataDir = mountTmpfs(128);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATA_DIR_MIN_FREE_MB: '0',
    DATABASE_QUERY_TIMEOUT_MS: '3000',
  });
  try {
    const token = await adminToken(server.url);
    const created = await book(server.url, 'before-panic');
    const { id } = (await created.json()) as { id: number };
    const filler = fill(dataDir, 10); // room for table pages, not for the next 16 MB WAL segment
    const started = Date.now();
    const load = walLoad(server.url, token, id);
    await waitFor('writes failing', async () => load.statuses.some((s) => s !== 201), 45_000);
    // Whatever PostgreSQL does now, the event loop is free: pages and health answer at once.
    expect(await get(`${server.url}/api/nonexistent`)).toBe(404);
    expect([200, 503]).toContain(await healthStatus(server.url));
    await load.stop();
    const failed = load.statuses.filter((s) => s !== 201);
    console.log(
      `truly full disk: first failure after ${Date.now() - started} ms, ${load.statuses.filter((s) => s === 201).length} cleanings saved, then ${failed.length} refused (${[...new Set(failed)].join(', ')})`,
    );
    expect(failed.every((s) => s === 503 || s === 507)).toBe(true);

    rmSync(filler);
    const recovered = await waitFor(
      'bookings acknowledged again',
      async () => (await book(server.url, 'after-panic')).status === 201,
      30_000,
    );
    console.log(`truly full disk: recovered ${recovered} ms after space returned`);
    const names = await inquiryNames(server.url, await adminToken(server.url));
    expect(names.has('before-panic') && names.has('after-panic')).toBe(true);
  } finally {
    expect(await server.stop(15_000)).toBe(0);
  }
  // The fault really happened: PostgreSQL stopped answering and its thread was replaced.
  expect(server.output()).toContain('embedded database stuck or failed; restarting it');
});
