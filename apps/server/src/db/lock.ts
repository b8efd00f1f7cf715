import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

import { StartupError, whyUnusable } from './data-dir';
/**
 * One process at a time per DATA_DIR: PGlite keeps no lock of its own, and two servers on one folder corrupt it.
 *
 * `DATA_DIR/server.lock` records the owner's PID (and, on Linux, the PID's start time). A lock whose owner is gone
 * — killed with kill -9, a power cut, a container restarted with the same PID — is stale and taken over at once,
 * so a crashed server restarts without waiting. (proper-lockfile judges staleness by an mtime refreshed on a timer,
 * which makes a restart after kill -9 wait several seconds; it also has no room for the backup endpoint below.)
 *
 * The record also carries what `npm run backup` needs to ask a running server for a dump: the loopback port of its
 * backup endpoint and a random secret. The file is readable by its owner only.
 */
export type LockRecord = {
  pid: number;
  /** Clock ticks since boot when the process started (Linux), to tell a reused PID from the owner. */
  startTime?: string;
  /** The machine or container: a PID means nothing elsewhere (a shared volume, a network file system). */
  host?: string;
  secret: string;
  /** Set once the owner's loopback backup endpoint listens (servers only). */
  backupPort?: number;
};

/** A data folder that cannot be used; the message is one line naming the folder. */
export class DataDirError extends StartupError {}

export class DataDirLockedError extends DataDirError {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    host?: string,
  ) {
    super(
      host && host !== hostname()
        ? `The data folder ${dataDir} is in use by process ${pid} on ${host}; stop it first (if that machine or container is gone, delete ${lockFile(dataDir)}).`
        : `The data folder ${dataDir} is in use by another process (PID ${pid}); stop it first, or set DATA_DIR to another folder.`,
    );
  }
}

export type DataDirLock = {
  file: string;
  record: LockRecord;
  /** Adds fields (the backup port) to the record, replacing the file atomically. */
  update: (fields: Partial<LockRecord>) => void;
  /** Removes the lock file if it is still ours. Also runs on process exit. */
  release: () => void;
};

export const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');

export function acquireDataDirLock(dataDir: string): DataDirLock {
  try {
    return acquire(dataDir);
  } catch (err) {
    if (err instanceof DataDirError || !code(err)) throw err;
    throw new DataDirError(`Cannot use the data folder ${dataDir}: ${whyUnusable(dataDir, err)}.`);
  }
}

function acquire(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockFile(dataDir);
  const record: LockRecord = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: hostname(),
    secret: randomBytes(32).toString('base64url'),
  };
  // A few rounds: each round either creates the file, finds a live owner, or clears one stale lock.
  for (let round = 0; round < 5; round++) {
    if (createExclusive(file, JSON.stringify(record))) {
      return ownLock(file, record);
    }
    const current = readText(file);
    if (current === undefined) continue; // removed meanwhile
    const owner = parseRecord(current);
    if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid, owner.host);
    removeStale(file, current);
  }
  throw new Error(`Could not take the lock ${file}: other processes keep replacing it.`);
}

/** The record of a live owner, or undefined when the folder is free (no lock, or a stale one). */
export function readLiveLock(dataDir: string): LockRecord | undefined {
  let text: string | undefined;
  try {
    text = readText(lockFile(dataDir));
  } catch (err) {
    throw new DataDirError(
      `Cannot read ${lockFile(dataDir)} (${code(err)}): run the command as the user that runs the server.`,
    );
  }
  const owner = text === undefined ? undefined : parseRecord(text);
  return owner && isAlive(owner) ? owner : undefined;
}

function ownLock(file: string, record: LockRecord): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readText(file);
    if (current !== undefined && parseRecord(current)?.secret === record.secret) unlinkQuietly(file);
  };
  process.on('exit', release);
  return {
    file,
    record,
    update(fields) {
      Object.assign(record, fields);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(record), { mode: 0o600 });
      renameSync(tmp, file);
    },
    release,
  };
}

/**
 * Creates the lock file with its complete content, or returns false if one exists. Written to a temporary file and
 * hard-linked into place, so no other process ever reads a half-written lock (link fails if the name exists).
 */
function createExclusive(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    // File systems without hard links: an exclusive create (a reader may, rarely, see it half-written).
    if (code(err) === 'EPERM' || code(err) === 'ENOTSUP' || code(err) === 'ENOSYS') {
      try {
        writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
        return true;
      } catch (inner) {
        if (code(inner) === 'EEXIST') return false;
        throw inner;
      }
    }
    throw err;
  } finally {
    unlinkQuietly(tmp);
  }
}

/**
 * Clears a stale lock without ever removing a live one that another starting process created meanwhile: move it
 * aside (atomic), check that what was moved is the stale record, and put it back otherwise.
 */
function removeStale(file: string, staleText: string) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if (code(err) === 'ENOENT') return;
    throw err;
  }
  if (readText(aside) !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // yet another process created a lock meanwhile; the next round sees it
    }
  }
  unlinkQuietly(aside);
}

function isAlive(owner: LockRecord): boolean {
  // Another machine's (or container's) process cannot be checked from here: it counts as alive.
  if (owner.host && owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return false; // our own PID in an old record: a restarted container
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if (code(err) !== 'EPERM') return false; // ESRCH: no such process (EPERM: alive, another user's)
  }
  const stat = procStat(owner.pid);
  if (stat === undefined) return true; // no /proc: the PID is all we can go by
  if (stat.state === 'Z' || stat.state === 'X') return false; // killed, not yet reaped
  return !owner.startTime || owner.startTime === stat.startTime;
}

function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.startTime;
}

/** State and start time from /proc/PID/stat (fields 3 and 22; the command name in parentheses may hold spaces). */
function procStat(pid: number): { state: string; startTime: string } | undefined {
  const text = readText(`/proc/${pid}/stat`);
  if (text === undefined) return undefined;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : undefined;
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (typeof value.pid === 'number' && typeof value.secret === 'string') return value as LockRecord;
  } catch {
    // unreadable: left by a crash mid-write on a file system without hard links
  }
  return undefined;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if (code(err) === 'ENOENT') return undefined;
    throw err;
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;
