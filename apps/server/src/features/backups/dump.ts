import { closeSync, createWriteStream, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  appliedMigrations,
  type Executor,
  listSequences,
  listTables,
  quoteIdent,
  rows,
  tableRef,
} from './catalog';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  gzipSink,
  type TextSink,
  verifyBackup,
} from './format';

/** Rows fetched per round trip from the cursor. */
const FETCH_ROWS = 1000;

/**
 * Every table in one snapshot: a REPEATABLE READ, READ ONLY transaction sees the database as it was at its first
 * query, whatever commits meanwhile. On PostgreSQL it blocks no one; on PGlite (one connection) requests wait for
 * the dump, which takes well under a second for a small business's data.
 */
export async function dumpDatabase(database: Database, sink: TextSink): Promise<BackupHeader> {
  return database.db.transaction((tx) => dumpInTransaction(tx, database.kind, sink), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** The dump itself, inside a transaction the caller opened as REPEATABLE READ (the nightly job adds a lock). */
export async function dumpInTransaction(
  tx: Executor,
  source: Database['kind'],
  sink: TextSink,
): Promise<BackupHeader> {
  const tables = await listTables(tx);
  const counted = [];
  for (const table of tables) {
    const [row] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${tableRef(table.name)}`);
    counted.push({ ...table, rows: row?.n ?? 0 });
  }
  const sequences = [];
  for (const s of await listSequences(tx)) {
    const [state] = await rows<{ value: string }>(
      tx,
      sql`select (case when is_called then last_value else last_value - 1 end)::text as value
            from ${sql.raw(s.sequence)}`,
    );
    sequences.push({ table: s.table, column: s.column, value: state?.value ?? '0' });
  }
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    migrations: await appliedMigrations(tx),
    tables: counted,
    sequences,
  };
  await sink.write(`${JSON.stringify(header)}\n`);

  for (const table of counted) {
    const cursor = sql.raw(quoteIdent(`backup_${table.name}`));
    await tx.execute(
      sql`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${tableRef(table.name)} t`,
    );
    let written = 0;
    for (;;) {
      const batch = await rows<{ j: string }>(tx, sql`fetch ${sql.raw(String(FETCH_ROWS))} from ${cursor}`);
      if (batch.length === 0) break;
      // JSON has no raw line breaks except as white space (a json column keeps its own), so they can go.
      await sink.write(`${batch.map((r) => r.j.replace(/[\r\n]/g, ' ')).join('\n')}\n`);
      written += batch.length;
    }
    await tx.execute(sql`close ${cursor}`);
    if (written !== table.rows) {
      throw new Error(`Table ${table.name} gave ${written} rows where it counted ${table.rows}.`);
    }
  }
  return header;
}

/** A producer for writeBackupFile: this database's dump, gzipped. */
export function gzippedDump(database: Database) {
  return async (dest: Writable) => {
    const sink = gzipSink(dest);
    try {
      await dumpDatabase(database, sink);
      await sink.end();
    } catch (err) {
      sink.abort(err as Error);
      throw err;
    }
  };
}

/**
 * Writes a backup file through `FILE.partial`: synced to disk, read back whole to check it, and only then renamed
 * over FILE — so FILE is always either the previous backup or a complete new one.
 * `produce` writes the gzipped backup into the stream it is given and resolves once it is flushed.
 */
export async function writeBackupFile(
  file: string,
  produce: (dest: Writable) => Promise<void>,
): Promise<BackupHeader> {
  const partial = `${file}.partial`;
  try {
    await produce(createWriteStream(partial, { mode: 0o600 }));
    syncFile(partial);
    const header = await verifyBackup(partial);
    renameSync(partial, file);
    return header;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

function syncFile(file: string) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
