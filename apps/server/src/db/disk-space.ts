import { statfsSync } from 'node:fs';

/** Raised instead of writing when the data folder's disk is (nearly) full; the error handler answers 507. */
export class DiskFullError extends Error {}

export type DiskGuard = {
  /** Free bytes for an unprivileged writer, measured at most once a second. */
  freeBytes: () => number;
  /** Throws DiskFullError when less than the minimum is free. */
  assertRoom: () => void;
  minFreeBytes: number;
};

const MB = 1024 * 1024;

/**
 * Refuses embedded-database writes before the disk is full. PostgreSQL treats a failed WAL write as a PANIC;
 * stopping short of that keeps reads, pages and health working on a nearly full disk.
 */
export function diskGuard(dir: string, minFreeBytes: number): DiskGuard {
  let measuredAt = 0;
  let free = Number.POSITIVE_INFINITY;
  const freeBytes = () => {
    if (Date.now() - measuredAt >= 1_000) {
      try {
        const s = statfsSync(dir);
        free = s.bavail * s.bsize;
      } catch {
        free = 0; // the folder is gone or unreadable: no room to write either
      }
      measuredAt = Date.now();
    }
    return free;
  };
  return {
    minFreeBytes,
    freeBytes,
    assertRoom() {
      const now = freeBytes();
      if (now < minFreeBytes) {
        throw new DiskFullError(
          `only ${Math.floor(now / MB)} MB free in ${dir}, at least ${Math.ceil(minFreeBytes / MB)} MB needed`,
        );
      }
    },
  };
}

/** Statements that change data or schema; anything else (SELECT, BEGIN, COMMIT, SET …) is let through. */
const WRITE = /^\s*(insert|update|delete|merge|create|alter|drop|truncate|copy|vacuum|reindex|cluster)\b/i;
const WRITING_CTE = /^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

export function isWrite(sql: string): boolean {
  return WRITE.test(sql) || WRITING_CTE.test(sql);
}
