import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A table whose rows are named by an integer `id` (every feature table). */
type WithId = PgTable & { id: PgColumn };

/** Changes the given columns of one row; false when there is no such row. */
export async function updateById<T extends WithId>(
  db: Db,
  table: T,
  id: number,
  changes: PgUpdateSetSource<T>,
): Promise<boolean> {
  const rows = await db.update(table).set(changes).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

/** Deletes one row; false when there was none (the route answers 404). */
export async function deleteById(db: Db, table: WithId, id: number): Promise<boolean> {
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}
