import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startServerProcess } from '../support/server-process';

// The data folder holds the admin's password hash, visitors' details and reset links: another local user must
// read nothing in it. The parent is world-traversable on purpose, as a home or /srv folder would be.
const parent = mkdtempSync(path.join(tmpdir(), 'clean-modes-'));
chmodSync(parent, 0o755);
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Every path under `dir`, the folder itself included. */
function walk(dir: string): string[] {
  return [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p))];
}

/** What user `nobody` can read or write under `dir`, as `find` run as that user reports it. */
function openToNobody(dir: string): string[] {
  const args = [
    '--reuid=nobody',
    '--regid=nogroup',
    '--clear-groups',
    'find',
    dir,
    '(',
    '-readable',
    '-o',
    '-writable',
    ')',
  ];
  let out: string;
  try {
    out = execFileSync('setpriv', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (err) {
    // find exits 1 when it cannot enter a folder; what it printed before still counts.
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return out.split('\n').filter(Boolean);
}

async function postJson(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

test('a fresh DATA_DIR and everything the server writes in it are its own user’s only', async () => {
  const dataDir = path.join(parent, 'data');
  const server = await startServerProcess({ DATA_DIR: dataDir, NOTIFY_EMAIL: 'owner@example.com' });
  try {
    expect(await postJson(`${server.url}/forgot_password`, { username: 'admin' })).toBe(200);
    const booking = {
      name: 'Jamie Doe',
      email: 'jamie@example.com',
      phone_number: '(860) 555-0199',
      call_or_text: 'text',
      town: 'Plainville',
      description: 'Deep clean.',
    };
    expect(await postJson(`${server.url}/api/inquiries`, booking)).toBe(201);
    // The reset mail, the owner's notification and the acknowledgement reach the outbox folder.
    const outbox = path.join(dataDir, 'outbox');
    await expect.poll(() => readdirSync(outbox).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  const loose = walk(dataDir)
    .map((p) => ({ p, mode: statSync(p).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o077) !== 0)
    .map(({ p, mode }) => `${path.relative(dataDir, p) || '.'} ${mode.toString(8)}`);
  expect(loose).toEqual([]);
  expect(openToNobody(dataDir)).toEqual([]);
});

test('a DATA_DIR others can write is made the server user’s own at start', async () => {
  const dataDir = path.join(parent, 'loose');
  mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
  chmodSync(dataDir, 0o777);
  chmodSync(path.join(dataDir, 'outbox'), 0o777);
  const server = await startServerProcess({ DATA_DIR: dataDir });
  expect(await server.stop()).toBe(0);
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(statSync(path.join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
  expect(openToNobody(dataDir)).toEqual([]);
});
