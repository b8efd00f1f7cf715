import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

// Real small disks: tmpfs mounts (we run as root, as CI does). No mount, no test: it fails, never skips.
const mounts: string[] = [];
export function mountTmpfs(sizeMb: number, options = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'clean-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m${options}`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (err) {
    throw new Error(
      `cannot mount a ${sizeMb} MB tmpfs at ${dir} (${String((err as { stderr?: Buffer }).stderr ?? err).trim()}): the full-disk tests need root (or CAP_SYS_ADMIN), as CI has`,
    );
  }
  mounts.push(dir);
  return dir;
}
/** Call once per test file: unmounts what mountTmpfs mounted. */
export function unmountAfterAll() {
  afterAll(() => {
    for (const dir of mounts) {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

const MB = 1024 * 1024;
const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};
/** Fills the disk until only `leaveMb` is free; returns the filler's path. */
export function fill(dir: string, leaveMb: number): string {
  const filler = path.join(dir, 'filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(dir) - leaveMb * MB)));
  return filler;
}
export const get = async (url: string, token?: string) => {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5_000),
  });
  await res.arrayBuffer();
  return res.status;
};
