import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DiskFullError, diskGuard, isWrite } from '../../src/db/disk-space';
import { causeOf, DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/db/unavailable';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

it('tells "database unavailable" from bugs and bad input, through drizzle-style wrapping', () => {
  for (const err of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
    new DatabaseUnavailableError('restarting'),
    // PGlite on a disk too full for WAL: a PANIC whose code alone says nothing of it.
    Object.assign(new Error('cannot drop active portal ""'), { code: '24000', severity: 'PANIC' }),
  ]) {
    expect(isDatabaseUnavailable(wrapped(err)), err.message).toBe(true);
  }
  for (const err of [
    Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }),
    Object.assign(new Error('syntax error'), { code: '42601' }),
    new TypeError('x is undefined'),
  ]) {
    expect(isDatabaseUnavailable(wrapped(err)), err.message).toBe(false);
  }
  expect(causeOf(wrapped(new DiskFullError('full')), DiskFullError)?.message).toBe('full');
  expect(causeOf(wrapped(new Error('other')), DiskFullError)).toBeUndefined();
});

it('classifies statements as writes (checked against free space) or not', () => {
  for (const sql of [
    'insert into inquiries (name) values ($1)',
    '  UPDATE x SET a = 1',
    'delete from "sessions"',
    'create index if not exists i on t (a)',
    'with moved as (delete from a returning *) insert into b select * from moved',
  ]) {
    expect(isWrite(sql), sql).toBe(true);
  }
  for (const sql of ['select * from inquiries', 'begin', 'commit', 'rollback', 'SET search_path = public']) {
    expect(isWrite(sql), sql).toBe(false);
  }
});

it('refuses when less than the minimum is free, with the numbers', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clean-guard-'));
  expect(() => diskGuard(dir, 1).assertRoom()).not.toThrow();
  expect(() => diskGuard(dir, Number.MAX_SAFE_INTEGER).assertRoom()).toThrow(
    /MB free in .*, at least \d+ MB needed/,
  );
  expect(diskGuard(path.join(dir, 'missing'), 1).freeBytes()).toBe(0);
});
