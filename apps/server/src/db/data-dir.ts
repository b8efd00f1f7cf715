import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DiskGuard } from './disk-space';

/** A start-up problem a person can fix; server.ts prints its message as one line and exits 1. */
export class StartupError extends Error {}

const MB = 1024 * 1024;

/** Checks that the embedded database's folder exists (or can be made), is writable and has room, before PGlite. */
export function checkDataDir(dir: string, guard: DiskGuard) {
  const fail = (why: string) => new StartupError(`Cannot use the data folder ${dir}: ${why}.`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, 'ok', { flush: true });
    rmSync(probe);
  } catch (err) {
    throw fail(whyUnusable(dir, err));
  }
  const free = guard.freeBytes();
  if (free < guard.minFreeBytes) {
    throw fail(
      `only ${Math.floor(free / MB)} MB free, at least ${Math.ceil(guard.minFreeBytes / MB)} MB needed (DATA_DIR_MIN_FREE_MB)`,
    );
  }
}

/** Why a file-system error makes `dir` unusable, in words a person can act on (the lock file uses it too). */
export function whyUnusable(dir: string, err: unknown): string {
  const code = writableError(dir) ?? (err as NodeJS.ErrnoException).code;
  if (code === 'EROFS') return 'it is on a read-only file system';
  if (code === 'EACCES' || code === 'EPERM') return 'it is not writable by this user';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a file is in the way';
  return (err as Error).message;
}

/** Why the nearest existing folder on the way to `dir` cannot be written (mkdir may only say ENOENT). */
function writableError(dir: string): string | undefined {
  let at = dir;
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  try {
    accessSync(at, constants.W_OK);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
}
