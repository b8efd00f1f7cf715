import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What the database holds, read from PostgreSQL's catalog rather than from the Drizzle schema, so a table added by
 * a new migration is backed up and restored without touching this code.
 */
export type Executor = Pick<Db, 'execute'>;

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualifiedName = (name: string) => `public.${quoteIdent(name)}`;
export const tableRef = (name: string) => sql.raw(qualifiedName(name));

export type TableInfo = { name: string; columns: string[] };

/** The application's tables (schema public), parents before the tables whose foreign keys refer to them. */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const tables = await rows<{ name: string; columns: string }>(
    db,
    sql`select c.relname as name,
          (select coalesce(json_agg(a.attname order by a.attnum), '[]')
             from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '')::text as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
         and c.relpersistence = 'p' -- unlogged tables hold transient state (rate-limit counters)
       order by c.relname`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public'`,
  );
  const infos = tables.map((t) => ({ name: t.name, columns: JSON.parse(t.columns) as string[] }));
  return foreignKeyOrder(infos, references);
}

/** Depth-first topological order; a table referring to itself is fine (one INSERT holds all its rows' checks). */
export function foreignKeyOrder<T extends { name: string }>(
  tables: T[],
  references: { child: string; parent: string }[],
): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`Tables refer to each other in a cycle (${[...path, name].join(' -> ')}).`);
    }
    state.set(name, 'visiting');
    for (const ref of references) {
      if (ref.child === name && ref.parent !== name && byName.has(ref.parent))
        visit(ref.parent, [...path, name]);
    }
    state.set(name, 'done');
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const t of tables) visit(t.name, []);
  return ordered;
}

export type SequenceInfo = { table: string; column: string; sequence: string };

/** The sequences behind serial and identity columns. */
export async function listSequences(db: Executor): Promise<SequenceInfo[]> {
  return rows<SequenceInfo>(
    db,
    sql`select s.table, s.column, s.sequence from (
          select c.relname as table, a.attname as column,
                 pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as sequence
            from pg_attribute a
            join pg_class c on c.oid = a.attrelid
            join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        ) s where s.sequence is not null order by s.table, s.column`,
  );
}

/** Drizzle's record of applied migrations: how many, and the newest one's journal timestamp. */
export async function appliedMigrations(db: Executor): Promise<{ count: number; last: number | null }> {
  const [exists] = await rows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return { count: 0, last: null };
  const [level] = await rows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: level?.count ?? 0, last: level?.last == null ? null : Number(level.last) };
}
