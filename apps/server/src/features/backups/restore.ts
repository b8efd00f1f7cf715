import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type Executor,
  listTables,
  qualifiedName,
  quoteIdent,
  rows,
  type TableInfo,
  tableRef,
} from './catalog';
import { BackupFileError, type BackupHeader, type BackupReader, openBackup } from './format';
import { knownMigrations, migrateToLatest, migrateUpTo } from './migrations';

/** A restore refused before anything was written; the message is one line. */
export class RestoreError extends Error {}

/** Rows per INSERT, and a cap on the JSON text sent with one. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Restores a backup into an empty database (`target`, e.g. "the data folder /srv/data", names it in messages): migrations up to the backup's level,
 * then every row in one transaction (tables locked, emptiness checked again inside it, parents before children, id
 * sequences moved past the restored ids, counts verified), then the remaining migrations. A failure leaves the
 * target empty, so the restore can simply be run again.
 */
export async function restoreBackup(database: Database, file: string, target: string): Promise<BackupHeader> {
  const reader = await openBackup(file);
  try {
    const { header } = reader;
    const known = knownMigrations();
    const latest = known.at(-1) ?? 0;
    if (header.migrations.last !== null && header.migrations.last > latest) {
      throw new RestoreError(
        `${file} comes from a newer version of the application (${header.migrations.count} database migrations, this one knows ${known.length}); update the application first.`,
      );
    }
    await refuseNonEmpty(database.db, await listTables(database.db), target);
    if (header.migrations.last !== null) await migrateUpTo(database, header.migrations.last);
    await database.db.transaction(async (tx) => {
      const tables = await listTables(tx);
      if (tables.length > 0) {
        const names = tables.map((t) => qualifiedName(t.name)).join(', ');
        // Nobody else writes (a server started meanwhile) until this commits.
        await tx.execute(sql.raw(`lock table ${names} in access exclusive mode`));
      }
      await refuseNonEmpty(tx, tables, target);
      await insertRows(tx, reader, header, tables);
      await moveSequences(tx, header);
      await verifyCounts(tx, header);
    });
    await migrateToLatest(database);
    return header;
  } finally {
    reader.close();
  }
}

async function refuseNonEmpty(db: Executor, tables: TableInfo[], target: string) {
  for (const t of tables) {
    const [row] = await rows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${tableRef(t.name)}) as found`,
    );
    if (row?.found) {
      throw new RestoreError(
        `${target.charAt(0).toUpperCase()}${target.slice(1)} is not empty (table ${t.name} has rows); restore only into an empty DATA_DIR or database.`,
      );
    }
  }
}

async function insertRows(tx: Executor, reader: BackupReader, header: BackupHeader, tables: TableInfo[]) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const table of header.tables) {
    const target = byName.get(table.name);
    const missing = target ? table.columns.filter((c) => !target.columns.includes(c)) : [];
    if (!target || missing.length > 0) {
      throw new RestoreError(
        `The backup's table ${table.name}${missing.length ? ` (columns ${missing.join(', ')})` : ''} does not exist in this database after migrating; the backup does not fit this version.`,
      );
    }
    const columns = sql.raw(table.columns.map(quoteIdent).join(', '));
    const insert = (json: string) =>
      tx.execute(
        sql`insert into ${tableRef(table.name)} (${columns}) overriding system value
            select ${columns} from json_populate_recordset(null::${tableRef(table.name)}, ${json}::json)`,
      );
    let batch: string[] = [];
    let chars = 0;
    for (let i = 0; i < table.rows; i++) {
      const line = await reader.next();
      if (line === undefined) {
        throw new BackupFileError(`The backup is incomplete: it ends inside table ${table.name}.`);
      }
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
        await insert(`[${batch.join(',')}]`);
        batch = [];
        chars = 0;
      }
    }
    if (batch.length > 0) await insert(`[${batch.join(',')}]`);
  }
  // Reading to the end also checks gzip's checksum over the whole file.
  if ((await reader.next()) !== undefined) {
    throw new BackupFileError('The backup is damaged: it holds more rows than its header lists.');
  }
}

/** Each id sequence continues after both the highest restored id and the highest id the source had handed out. */
async function moveSequences(tx: Executor, header: BackupHeader) {
  for (const s of header.sequences) {
    const [found] = await rows<{ sequence: string | null; next: string }>(
      tx,
      sql`select pg_get_serial_sequence(${qualifiedName(s.table)}, ${s.column}) as sequence,
                 greatest(${s.value}::bigint, coalesce((select max(${sql.raw(quoteIdent(s.column))})
                                                          from ${tableRef(s.table)}), 0))::text as next`,
    );
    if (!found?.sequence || BigInt(found.next) < 1n) continue;
    await tx.execute(sql`select setval(${found.sequence}, ${found.next}::bigint, true)`);
  }
}

async function verifyCounts(tx: Executor, header: BackupHeader) {
  for (const t of header.tables) {
    const [row] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${tableRef(t.name)}`);
    if (row?.n !== t.rows) {
      throw new Error(
        `Table ${t.name} holds ${row?.n} rows after the restore where the backup has ${t.rows}.`,
      );
    }
  }
}
