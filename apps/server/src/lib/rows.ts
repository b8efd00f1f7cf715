import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { StaleVersionError } from './errors';

/** A table whose rows are named by an integer `id` (every feature table). */
type WithId = PgTable & { id: PgColumn };
/** A table whose rows carry the version a trigger bumps on every change (migration 0024). */
type Versioned = WithId & { version: PgColumn };

/**
 * The version a client sent as the integer column holds it. An opaque string that is no integer of ours is
 * simply not current (-1 matches no row), never a database error.
 */
export const versionNumber = (version: string): number => (/^\d{1,9}$/.test(version) ? Number(version) : -1);

/**
 * A conditional write's condition and its refusal: `version` undefined (no If-Match, or `*`) is no condition.
 * The check is the write's own WHERE, so nothing can change the row between the check and the write.
 */
export const atVersion = (table: Versioned, version: string | undefined) =>
  version === undefined ? undefined : eq(table.version, versionNumber(version));

/** After a conditional write that touched no row: the row is there, so its version was no longer current. */
async function refuseIfThere(db: Db, table: WithId, id: number, stale: string): Promise<false> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (row) throw new StaleVersionError(stale);
  return false;
}

/**
 * Changes the given columns of one row; false when there is no such row. With `version`, only the row at that
 * version: another answers StaleVersionError(`stale`) and nothing changes.
 */
export async function updateById<T extends Versioned>(
  db: Db,
  table: T,
  id: number,
  changes: PgUpdateSetSource<T>,
  version?: string,
  stale = '',
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set(changes)
    .where(and(eq(table.id, id), atVersion(table, version)))
    .returning({ id: table.id });
  return rows.length > 0 || (version !== undefined && refuseIfThere(db, table, id, stale));
}

/** Deletes one row; false when there was none (the route answers 404). With `version`: as `updateById`. */
export async function deleteById(
  db: Db,
  table: WithId | Versioned,
  id: number,
  version?: string,
  stale = '',
): Promise<boolean> {
  const condition = version !== undefined && 'version' in table ? atVersion(table, version) : undefined;
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), condition))
    .returning({ id: table.id });
  return rows.length > 0 || (condition !== undefined && refuseIfThere(db, table, id, stale));
}
