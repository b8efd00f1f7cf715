import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder } from '../../db/client';

type JournalEntry = { idx: number; when: number; tag: string };
type Journal = { entries: JournalEntry[] } & Record<string, unknown>;

function readJournal(): Journal {
  return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The journal timestamps of the migrations this version of the application ships, oldest first. */
export function knownMigrations(): number[] {
  return readJournal().entries.map((e) => e.when);
}

async function migrateFrom(database: Database, folder: string) {
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  }
}

export async function migrateToLatest(database: Database) {
  await migrateFrom(database, migrationsFolder);
}

/**
 * Applies the migrations up to and including the one stamped `last`, and no further: rows from an older backup go
 * into the schema they were written for, and later migrations then convert them as they would have in place.
 * Drizzle's migrator reads a folder, so it gets a copy whose journal stops there.
 */
export async function migrateUpTo(database: Database, last: number) {
  const journal = readJournal();
  const entries = journal.entries.filter((e) => e.when <= last);
  const folder = mkdtempSync(path.join(tmpdir(), 'clean-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) {
      copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    }
    await migrateFrom(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
