import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  adminToken,
  type ServerProcess,
  startServerProcess,
  waitForHealthy,
} from '../support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-fault-lock-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(options?: { waitHealthy?: boolean }) {
  const server = await startServerProcess({ DATA_DIR: dataDir }, options);
  servers.push(server);
  return server;
}

async function book(url: string, name: string) {
  const res = await fetch(`${url}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: 'guest@example.com', town: 'Bristol', description: 'Two bedrooms' }),
  });
  expect(res.status).toBe(201);
}

async function inquiryNames(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/inquiries`, {
    headers: { authorization: `Bearer ${await adminToken(url)}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((i) => i.name);
}

test('a second server on the same DATA_DIR refuses to start with one line naming the folder; the first is unharmed', async () => {
  const first = await start();
  await book(first.url, 'Before the second server');

  const second = await start({ waitHealthy: false });
  // Without the lock it would come up (on its own port) and share the folder: that must fail the test, not hang it.
  const outcome = await Promise.race([
    second.exited,
    waitForHealthy(second).then(
      () => 'started',
      () => 'failed',
    ),
  ]);
  expect(outcome).toBe(1);
  const message = second.output().trim();
  expect(message.split('\n')).toHaveLength(1);
  expect(message).toContain(dataDir);
  expect(message).toContain(`PID ${first.child.pid}`);

  await book(first.url, 'After the second server');
  expect(await inquiryNames(first.url)).toEqual(
    expect.arrayContaining(['Before the second server', 'After the second server']),
  );

  // kill -9 leaves the lock file behind; the next server must see its owner is gone and start at once.
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  const began = Date.now();
  const third = await start();
  const restartMs = Date.now() - began;
  expect(await inquiryNames(third.url)).toEqual(
    expect.arrayContaining(['Before the second server', 'After the second server']),
  );
  console.log(`restart on the same DATA_DIR after kill -9: healthy in ${restartMs} ms`);
  expect(await third.stop()).toBe(0);
}, 240_000); // three PGlite server starts, each slow on a busy machine
