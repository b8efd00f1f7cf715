import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { DurableNodeFS, durableStartParams, pgliteDefaultStartParams } from './durable-fs';
import { createPool, type PoolTimeouts } from './postgres-pool';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** PostgreSQL only; the defaults suit tests that build an app without a config. */
  timeouts?: PoolTimeouts;
  log?: FastifyBaseLogger;
};

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir/db` (or in memory without a dataDir).
 * Migrations are applied before the database is handed out.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(
      options.databaseUrl,
      options.timeouts ?? { connectMs: 5_000, queryMs: 10_000 },
      options.log,
    );
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = dir
      ? await PGlite.create({
          fs: new DurableNodeFS(dir),
          extensions: { pg_trgm },
          startParams: [...pgliteDefaultStartParams(), ...durableStartParams],
        })
      : await PGlite.create('memory://', { extensions: { pg_trgm } });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const pglite = client;
  return { db: db as unknown as Db, kind: 'pglite', close: () => pglite.close() };
}
