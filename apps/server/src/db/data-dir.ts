import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { DiskGuard } from './disk-space';

/** A start-up problem a person can fix; server.ts prints its message as one line and exits 1. */
export class StartupError extends Error {}

const MB = 1024 * 1024;

/** Folders and files the server makes: its own user's only (password hashes, visitors' details, reset links). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files the process creates are its own user's only, whatever mode a library asks for (PGlite's files are
 * created 0666). Only the main thread may change the umask; worker threads share it.
 */
export function ownFilesOnly() {
  process.umask(0o077);
}

/**
 * Makes DATA_DIR private: created 0700; an existing one owned by this user loses every group and other permission,
 * down to each file under it (an older version left the database files 0666); one owned by someone else that others
 * may write is refused, since this user cannot fix it.
 */
export function secureDataDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (err) {
    throw new StartupError(`Cannot use the data folder ${dir}: ${whyUnusable(dir, err)}.`);
  }
  const stat = lstatSync(dir);
  const mine = process.getuid === undefined || stat.uid === process.getuid();
  if (!mine) {
    if (stat.mode & 0o022)
      throw new StartupError(
        `The data folder ${dir} belongs to another user and others may write to it; make it the server's user's own (chmod 700).`,
      );
    return;
  }
  try {
    makePrivate(dir);
  } catch (err) {
    // A read-only file system, or a file this user cannot change: the same one line as any unusable folder.
    throw new StartupError(`Cannot use the data folder ${dir}: ${whyUnusable(dir, err)}.`);
  }
}

/** Takes group and other permissions off `dir` and everything under it (symbolic links are left alone). */
export function makePrivate(dir: string) {
  tighten(dir, lstatSync(dir).mode);
}

function tighten(file: string, mode: number) {
  if (mode & 0o077) chmodSync(file, mode & 0o7700);
  if ((mode & 0o170000) !== 0o040000) return;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const child = path.join(file, entry.name);
    tighten(child, lstatSync(child).mode);
  }
}

/** Checks that the embedded database's folder exists (or can be made), is writable and has room, before PGlite. */
export function checkDataDir(dir: string, guard: DiskGuard) {
  const fail = (why: string) => new StartupError(`Cannot use the data folder ${dir}: ${why}.`);
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
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
