import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { lockFile } from '../../src/db/lock';
import { appliedMigrations, rows } from '../../src/features/backups/catalog';
import { gzippedDump, writeBackupFile } from '../../src/features/backups/dump';
import { knownMigrations, migrateUpTo } from '../../src/features/backups/migrations';
import { restoreBackup } from '../../src/features/backups/restore';
import { summaryStore } from '../../src/features/summary/store';
import { runCli } from '../support/cli-process';
import { createDatabase, seedAwkwardData, snapshot } from '../support/db-snapshot';
import { adminToken, startServerProcess } from '../support/server-process';

const work = mkdtempSync(path.join(tmpdir(), 'clean-fault-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dir = (name: string) => path.join(work, name);
const pgUrl = () => inject('pgUrl');

/** A PGlite installation with awkward data in every table, and the server's own admin account. */
async function seededPglite(name: string) {
  const database = await openDatabase({ dataDir: dir(name) });
  await seedAwkwardData(database);
  await database.close();
  return dir(name);
}

async function snapshotOf(target: { dataDir?: string; databaseUrl?: string }) {
  const database = await openDatabase({ ...target, migrate: false });
  try {
    return await snapshot(database);
  } finally {
    await database.close();
  }
}

/**
 * The target's tables, and the id the next inquiry gets (a probe row inserted after the snapshot): after a restore
 * it must pass the highest id the source ever handed out.
 */
async function inspectRestored(target: { dataDir?: string; databaseUrl?: string }) {
  const database = await openDatabase({ ...target, migrate: false });
  try {
    const tables = await snapshot(database);
    const [row] = await rows<{ id: number }>(
      database.db,
      sql`insert into inquiries (name) values ('probe') returning id`,
    );
    return { tables, nextInquiryId: row?.id };
  } finally {
    await database.close();
  }
}

/** A seeded PostgreSQL database and its backup, made once for the tests that need one. */
let pgBackup: Promise<{ sourceUrl: string; file: string }> | undefined;
function postgresBackup() {
  pgBackup ??= (async () => {
    const sourceUrl = await createDatabase(pgUrl(), 'backup_source');
    const source = await openDatabase({ databaseUrl: sourceUrl });
    await seedAwkwardData(source);
    await source.close();
    const file = dir('postgres.jsonl.gz');
    const backup = await runCli('backup', [file], { DATABASE_URL: sourceUrl });
    expect(backup.output).toMatch(
      /^Backed up \d+ rows in \d+ tables from the database postgres:\/\/.*\/backup_source to /,
    );
    expect(backup.code).toBe(0);
    return { sourceUrl, file };
  })();
  return pgBackup;
}

function expectSeeded(tables: Record<string, string[]>) {
  for (const name of [
    'users',
    'password_reset_tokens',
    'packages',
    'inquiries',
    'recurring_paid_dates',
    'visit_exceptions',
    'owner_settings',
    'holds',
    'team_invitations',
    'checklist_items',
    'visit_checklist_ticks',
    'clock_records',
    'visit_photos',
    'on_my_way',
  ]) {
    expect(tables[name]?.length, name).toBeGreaterThan(0);
  }
  expect(tables.packages?.join()).toContain('9999999999.99');
}

describe('backup and restore', () => {
  test('a backup taken during a stream of writes is one consistent snapshot', async () => {
    const url = await createDatabase(pgUrl(), 'busy_source');
    const source = await openDatabase({ databaseUrl: url });
    const writerDb = await openDatabase({ databaseUrl: url });
    let stop = false;
    let committed = 0;
    // Each transaction adds an inquiry and its cleaning; a dump not taken in one snapshot would catch a cleaning
    // without its inquiry (tables are read one after another), and the restore's foreign keys would refuse it.
    const writer = (async () => {
      while (!stop && committed < 20_000) {
        await writerDb.db.transaction(async (tx) => {
          const [row] = await rows<{ id: number }>(
            tx,
            sql`insert into inquiries (name) values ('writer') returning id`,
          );
          await tx.execute(sql`insert into one_time_cleanings (inquiry_id, amount) values (${row?.id}, 10)`);
        });
        committed++;
      }
    })();
    try {
      while (committed < 50) await new Promise((r) => setTimeout(r, 10));
      const file = dir('busy.jsonl.gz');
      const header = await writeBackupFile(file, gzippedDump(source));
      const atBackup = committed;
      while (committed < atBackup + 50) await new Promise((r) => setTimeout(r, 10));
      stop = true;
      await writer;

      const inquiries = header.tables.find((t) => t.name === 'inquiries')?.rows ?? 0;
      expect(header.tables.find((t) => t.name === 'one_time_cleanings')?.rows).toBe(inquiries);
      expect(inquiries).toBeGreaterThanOrEqual(50);
      expect(inquiries).toBeLessThan(committed);

      const targetUrl = await createDatabase(pgUrl(), 'busy_target');
      const target = await openDatabase({ databaseUrl: targetUrl, migrate: false });
      try {
        await restoreBackup(target, file, 'the busy target');
        const [orphans] = await rows<{ n: number }>(
          target.db,
          sql`select count(*)::int as n from inquiries i where not exists
                (select 1 from one_time_cleanings c where c.inquiry_id = i.id)`,
        );
        expect(orphans?.n).toBe(0);
        // The lead sources' kept buckets are no part of the dump; the restore's inserts kept them (their triggers).
        expect(header.tables.map((t) => t.name)).not.toContain('lead_source_buckets');
        const leads = await summaryStore(target.db).leadSources('UTC', new Date());
        expect(leads.sources.find((s) => s.source === 'unknown')).toMatchObject({
          requests: inquiries,
          booked: inquiries,
        });
      } finally {
        await target.close();
      }
    } finally {
      stop = true;
      await writer;
      await Promise.all([source.close(), writerDb.close()]);
    }
  });

  test('PGlite, server running -> backup through the server -> restore into a new DATA_DIR: same data, working installation', async () => {
    const source = await seededPglite('running');
    const server = await startServerProcess({ DATA_DIR: source });
    try {
      // The loopback endpoint wants the secret from the owner-only lock file.
      const lock = JSON.parse(readFileSync(lockFile(source), 'utf8'));
      expect(statSync(lockFile(source)).mode & 0o777).toBe(0o600);
      const refused = await fetch(`http://127.0.0.1:${lock.backupPort}/backup`, {
        headers: { authorization: 'Bearer guessed' },
      });
      expect(refused.status).toBe(401);
      // The public port offers no dump, even with the right secret.
      const publicPort = await fetch(`${server.url}/backup`, {
        headers: { authorization: `Bearer ${lock.secret}` },
      });
      expect(publicPort.status).not.toBe(200);
      expect(publicPort.headers.get('content-type')).not.toContain('gzip');

      const backup = await runCli('backup', [dir('running.jsonl.gz')], { DATA_DIR: source });
      expect(backup.output).toMatch(
        /^Backed up \d+ rows in \d+ tables from the data folder .* \(running server, PID \d+\)/,
      );
      expect(backup.code).toBe(0);
      // The server kept serving meanwhile.
      expect(await adminToken(server.url)).toMatch(/^ey/);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const restored = dir('restored-pglite');
    const restore = await runCli('restore', [dir('running.jsonl.gz')], { DATA_DIR: restored });
    expect(restore.output).toMatch(/^Restored \d+ rows in \d+ tables/);
    expect(restore.code).toBe(0);

    const before = await snapshotOf({ dataDir: source });
    expectSeeded(before);
    const after = await inspectRestored({ dataDir: restored });
    expect(after.tables).toEqual(before);
    // "Gone" was deleted in the source after taking id 2 of 3; ids are never handed out twice.
    expect(after.nextInquiryId).toBe(4);

    // The restored folder is a working installation: the admin's password from the source signs in.
    const again = await startServerProcess({ DATA_DIR: restored });
    try {
      expect(await adminToken(again.url)).toMatch(/^ey/);
    } finally {
      expect(await again.stop()).toBe(0);
    }

    const twice = await runCli('restore', [dir('running.jsonl.gz')], { DATA_DIR: restored });
    expect(twice.code).toBe(1);
    expect(twice.output).toBe(
      `The data folder ${restored} is not empty (table ${twice.output.match(/table (\w+)/)?.[1]} has rows); restore only into an empty DATA_DIR or database.`,
    );
  }, 240_000); // seven PGlite starts of a few seconds each on a busy machine

  test('PostgreSQL -> backup -> restore into a new database: same data; a non-empty database is refused', async () => {
    const { sourceUrl, file } = await postgresBackup();

    const targetUrl = await createDatabase(pgUrl(), 'backup_target');
    const restore = await runCli('restore', [file], { DATABASE_URL: targetUrl });
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);

    const before = await snapshotOf({ databaseUrl: sourceUrl });
    expectSeeded(before);
    const restored = await inspectRestored({ databaseUrl: targetUrl });
    expect(restored.tables).toEqual(before);
    expect(restored.nextInquiryId).toBe(4);

    const refused = await runCli('restore', [file], { DATABASE_URL: targetUrl });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /^The database postgres:\/\/.*\/backup_target is not empty \(table \w+ has rows\);/,
    );
    expect(refused.output.split('\n')).toHaveLength(1);
    // Nothing was added by the refused restore.
    const after = await snapshotOf({ databaseUrl: targetUrl });
    expect(after.inquiries).toHaveLength((before.inquiries?.length ?? 0) + 1); // + the probe
  });

  test('PGlite (stopped) -> backup with a relative FILE through npm -> restore into PostgreSQL: the move to a server', async () => {
    const source = await seededPglite('moving');
    const backup = await runCli(
      'backup',
      ['moving.jsonl.gz'],
      { DATA_DIR: source },
      { viaNpm: true, cwd: work },
    );
    expect(backup.output).toContain(`to ${dir('moving.jsonl.gz')}`);
    expect(backup.code).toBe(0);

    const targetUrl = await createDatabase(pgUrl(), 'moved_from_pglite');
    const restore = await runCli('restore', [dir('moving.jsonl.gz')], { DATABASE_URL: targetUrl });
    expect(restore.code).toBe(0);

    const before = await snapshotOf({ dataDir: source });
    expectSeeded(before);
    expect(await snapshotOf({ databaseUrl: targetUrl })).toEqual(before);
  }, 240_000);

  test('a backup from an older version (fewer migrations) restores into this one, newer migrations applied after', async () => {
    const known = knownMigrations();
    expect(known.length).toBeGreaterThan(1);
    const oldUrl = await createDatabase(pgUrl(), 'older_version');
    const old = await openDatabase({ databaseUrl: oldUrl, migrate: false });
    await migrateUpTo(old, known[known.length - 2] as number);
    await seedAwkwardData(old);
    const file = dir('older.jsonl.gz');
    const header = await writeBackupFile(file, gzippedDump(old));
    await old.close();
    expect(header.migrations.count).toBe(known.length - 1);

    const targetUrl = await createDatabase(pgUrl(), 'newer_version');
    const restore = await runCli('restore', [file], { DATABASE_URL: targetUrl });
    expect(restore.code).toBe(0);
    const target = await openDatabase({ databaseUrl: targetUrl, migrate: false });
    try {
      expect((await appliedMigrations(target.db)).count).toBe(known.length);
      expect((await snapshot(target)).packages).toHaveLength(2);
    } finally {
      await target.close();
    }
  });

  test('a damaged or cut backup is refused and leaves the target empty', async () => {
    const { file } = await postgresBackup();
    const whole = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const cut = dir('cut.jsonl.gz');
    writeFileSync(cut, gzipSync(whole.slice(0, -5).join('\n')));
    const targetUrl = await createDatabase(pgUrl(), 'restore_cut');
    const restore = await runCli('restore', [cut], { DATABASE_URL: targetUrl });
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/incomplete/);
    const tables = await snapshotOf({ databaseUrl: targetUrl });
    expect(Object.keys(tables).length).toBeGreaterThan(5);
    for (const [name, lines] of Object.entries(tables)) expect(lines, name).toEqual([]);

    // Bytes cut from the gzip stream itself: caught by the gzip checks.
    const truncated = dir('truncated.jsonl.gz');
    const bytes = readFileSync(file);
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 20));
    const second = await runCli('restore', [truncated], { DATABASE_URL: targetUrl });
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/damaged or incomplete|incomplete/);

    // A backup from a newer version (a migration this one does not know) is refused too.
    const header = JSON.parse(whole[0] ?? '');
    header.migrations = { count: header.migrations.count + 1, last: header.migrations.last + 1 };
    const newer = dir('newer.jsonl.gz');
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...whole.slice(1)].join('\n')));
    const third = await runCli('restore', [newer], { DATABASE_URL: targetUrl });
    expect(third.code).toBe(1);
    expect(third.output).toMatch(
      /comes from a newer version of the application .* update the application first\.$/,
    );

    // Once a good file comes, the same (still empty) target takes it.
    expect((await runCli('restore', [file], { DATABASE_URL: targetUrl })).code).toBe(0);
  });
});
