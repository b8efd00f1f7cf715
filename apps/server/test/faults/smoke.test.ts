import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { adminToken, startServerProcess } from '../support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-fault-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('a server process starts on PGlite, signs the admin in and stops cleanly on SIGTERM', async () => {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  expect(await adminToken(server.url)).toMatch(/^ey/);
  expect(await server.stop()).toBe(0);
});
