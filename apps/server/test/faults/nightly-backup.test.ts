import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { verifyBackup } from '../../src/features/backups/format';
import { ADVISORY_KEY, backupsDir, runNightlyBackup } from '../../src/features/backups/nightly';
import { createDatabase, seedAwkwardData } from '../support/db-snapshot';

const work = mkdtempSync(path.join(tmpdir(), 'clean-fault-nightly-'));
const night = new Date('2026-11-22T08:30:00Z'); // 03:30 in New York
const tonight = 'backup-2026-11-22.jsonl.gz';
const timezone = 'America/New_York';
let url: string;
const opened: Database[] = [];

beforeAll(async () => {
  url = await createDatabase(inject('pgUrl'), 'nightly');
  const database = await open();
  await seedAwkwardData(database);
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  rmSync(work, { recursive: true, force: true });
});

/** One app server's database handle (its own pool). */
async function open() {
  const database = await openDatabase({ databaseUrl: url });
  opened.push(database);
  return database;
}

const nightlyFiles = (dataDir: string) =>
  readdirSync(backupsDir(dataDir))
    .filter((n) => n.startsWith('backup-'))
    .sort();

describe('nightly backups', () => {
  test('writes tonight’s backup, keeps only BACKUP_KEEP of them, and makes one per night', async () => {
    const dataDir = path.join(work, 'keep');
    mkdirSync(backupsDir(dataDir), { recursive: true });
    for (const day of ['01', '02', '03', '04', '05'])
      writeFileSync(path.join(backupsDir(dataDir), `backup-2026-11-${day}.jsonl.gz`), '');
    writeFileSync(path.join(backupsDir(dataDir), 'before-upgrade.jsonl.gz'), 'kept');

    const first = await runNightlyBackup({ database: await open(), dataDir, keep: 3, timezone }, night);
    expect(first.written).toBe(true);
    expect(nightlyFiles(dataDir)).toEqual([
      'backup-2026-11-04.jsonl.gz',
      'backup-2026-11-05.jsonl.gz',
      tonight,
    ]);
    expect(existsSync(path.join(backupsDir(dataDir), 'before-upgrade.jsonl.gz'))).toBe(true);
    const header = await verifyBackup(first.file);
    expect(header.tables.find((t) => t.name === 'packages')?.rows).toBe(2);

    const second = await runNightlyBackup({ database: await open(), dataDir, keep: 3, timezone }, night);
    expect(second.written).toBe(false);
  });

  test('servers sharing PostgreSQL take turns (advisory lock); on a shared DATA_DIR only one writes', async () => {
    const dataDir = path.join(work, 'shared');
    // Another server's backup under way: the lock is held.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [ADVISORY_KEY]);
      const waiting = runNightlyBackup({ database: await open(), dataDir, keep: 14, timezone }, night);
      await waitFor(async () => {
        const r = await other.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        );
        return r.rows[0].n === 1;
      });
      expect(existsSync(path.join(backupsDir(dataDir), tonight))).toBe(false);
      await other.query('select pg_advisory_unlock($1)', [ADVISORY_KEY]);
      expect((await waiting).written).toBe(true);
    } finally {
      await other.end();
    }

    const sharedDir = path.join(work, 'shared-two');
    const [a, b] = await Promise.all([
      runNightlyBackup({ database: await open(), dataDir: sharedDir, keep: 14, timezone }, night),
      runNightlyBackup({ database: await open(), dataDir: sharedDir, keep: 14, timezone }, night),
    ]);
    expect([a.written, b.written].sort()).toEqual([false, true]);
    expect(nightlyFiles(sharedDir)).toEqual([tonight]);
  });

  test('works on the embedded database too', async () => {
    const dataDir = path.join(work, 'pglite');
    const database = await openDatabase({});
    try {
      await seedAwkwardData(database);
      const result = await runNightlyBackup({ database, dataDir, keep: 1, timezone }, night);
      expect(result.written).toBe(true);
      expect((await verifyBackup(result.file)).source).toBe('pglite');
    } finally {
      await database.close();
    }
  });
});

const waitFor = (check: () => Promise<boolean>, timeout = 10_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 50 });
