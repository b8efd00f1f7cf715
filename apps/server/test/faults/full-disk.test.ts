import { rmSync } from 'node:fs';
import { expect, test } from 'vitest';
import { book, healthStatus, inquiryNames, waitFor } from '../support/load';
import { adminToken, startServerProcess } from '../support/server-process';
import { fill, get, mountTmpfs, unmountAfterAll } from '../support/tmpfs';

// Real small disks: tmpfs mounts (we run as root, as CI does). No mount, no test: it fails, never skips.
unmountAfterAll();

async function startExpectingFailure(dataDir: string): Promise<string> {
  const server = await startServerProcess({ DATA_DIR: dataDir }, { waitHealthy: false });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
  const how = await server.exited;
  clearTimeout(timer);
  expect(how).toBe(1);
  return server.output().trim();
}

test('start-up on a data folder that is too small or read-only: one readable line, exit 1', async () => {
  const small = await startExpectingFailure(mountTmpfs(16));
  expect(small).toMatch(/^Cannot use the data folder \S+: only \d+ MB free, at least 64 MB needed/);
  expect(small.split('\n')).toHaveLength(1);

  const readOnly = await startExpectingFailure(mountTmpfs(16, ',ro'));
  expect(readOnly).toMatch(/^Cannot use the data folder \S+: it is on a read-only file system\.$/);
  expect(readOnly.split('\n')).toHaveLength(1);
});

test('a nearly full disk: writes get 507, reads, pages and health keep working; freeing space recovers', async () => {
  const dataDir = mountTmpfs(128);
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const token = await adminToken(server.url);
    expect((await book(server.url, 'before-full')).status).toBe(201);

    const filler = fill(dataDir, 20); // below the 64 MB minimum, far from really full
    await waitFor(
      'writes refused',
      async () => (await book(server.url, `probe-${Date.now()}`)).status === 507,
      5_000,
    );
    const refused = await book(server.url, 'while-full');
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { error: string }).error).toMatch(/disk space/);
    expect(await get(`${server.url}/api/packages`)).toBe(200);
    expect(await get(`${server.url}/api/inquiries`, token)).toBe(200);
    expect(await healthStatus(server.url)).toBe(200);
    expect(await adminToken(server.url)).toMatch(/^ey/);

    rmSync(filler);
    const recovered = await waitFor(
      'writes accepted again',
      async () => (await book(server.url, 'after-full')).status === 201,
      5_000,
    );
    console.log(`nearly full disk: writes accepted again ${recovered} ms after space returned`);
    const names = await inquiryNames(server.url, token);
    expect(names.has('before-full') && names.has('after-full')).toBe(true);
    expect(names.has('while-full')).toBe(false);
  } finally {
    expect(await server.stop(15_000)).toBe(0);
  }
});
