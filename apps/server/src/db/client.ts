import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { checkDataDir, StartupError } from './data-dir';
import { diskGuard, isWrite } from './disk-space';
import type { WorkerData } from './pglite-protocol';
import { openPGliteThread, type PGliteLike, type QueryClient, startPGliteWorker } from './pglite-thread';
import type { PoolTimeouts } from './postgres-pool';
import * as schema from './schema';
import { isDatabaseUnavailable } from './unavailable';

/** The innermost message of a wrapped error (drizzle's "Failed query: …" hides the driver's reason). */
function rootMessage(err: unknown): string {
  let e = err as { cause?: unknown; message?: string };
  while (e?.cause) e = e.cause as typeof e;
  return String(e?.message ?? err).split('\n')[0] ?? '';
}

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Hears NOTIFY on `channel` (a plain lowercase name), delivered when the notifying transaction commits, from
   * this server and, on PostgreSQL, every other one; the answer stops listening. A notice sent while a
   * PostgreSQL listener reconnects is missed.
   */
  listen: (channel: string, onNotice: (payload: string) => void) => Promise<() => Promise<void>>;
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PGlite's PostgreSQL page cache. PostgreSQL's default (128 MB) is zeroed at start, so all of it is resident from
 * the first second; docs/performance.md "Memory and start-up" has the measurements behind this smaller default.
 */
export const DEFAULT_SHARED_BUFFERS_MB = 16;

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** false: leave the schema as found (a restore migrates in steps around the data it inserts). */
  migrate?: boolean;
  /** The server passes its configured limits; without them (tests, scripts) statements may run as long as they need. */
  timeouts?: PoolTimeouts;
  /** Embedded database on disk: writes are refused (507) below this much free space. */
  minFreeMb?: number;
  /** Embedded database on disk: PostgreSQL's page cache (`shared_buffers`), most of its memory. */
  sharedBuffersMb?: number;
  log?: FastifyBaseLogger;
};

/** The database the server's configuration names, with its limits. */
export const configuredDatabase = (config: Config): DatabaseOptions => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: { connectMs: config.timeouts.databaseConnectMs, queryMs: config.timeouts.databaseQueryMs },
  minFreeMb: config.dataDirMinFreeMb,
  sharedBuffersMb: config.pgliteSharedBuffersMb,
});

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir/db` (or in memory without a dataDir).
 * Migrations are applied before the database is handed out.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-driver');
    try {
      const { db, close } = await openPostgres(
        options.databaseUrl,
        options.timeouts,
        options.log,
        options.migrate === false ? undefined : migrationsFolder,
      );
      const { postgresListen } = await import('./postgres-listen');
      const url = options.databaseUrl;
      return {
        db: db as unknown as Db,
        kind: 'postgres',
        close,
        listen: async (channel, onNotice) => postgresListen(url, channel, onNotice, options.log),
      };
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const where = new URL(options.databaseUrl);
      throw new StartupError(
        `Cannot reach the database at ${where.hostname}:${where.port || 5432} (DATABASE_URL): ${rootMessage(err)}`,
      );
    }
  }
  if (options.dataDir && !options.pglite) return openEmbedded(options.dataDir, options);
  const { PGlite, pg_trgm, drizzlePglite, migratePglite } = await import('./pglite-driver');
  const client = options.pglite ?? (await PGlite.create('memory://', { extensions: { pg_trgm } }));
  const db = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    listen: async (channel, onNotice) => {
      const stop = await client.listen(channel, onNotice);
      return () => stop();
    },
  };
}

/** What the PGlite worker opens for `dataDir`. */
function embeddedWorkerData(dataDir: string, options: DatabaseOptions): WorkerData {
  return {
    dir: path.join(dataDir, 'db'),
    // A restore migrates in steps around the rows it inserts, so it opens the folder as found.
    migrationsFolder: options.migrate === false ? undefined : migrationsFolder,
    settings: [`shared_buffers=${options.sharedBuffersMb ?? DEFAULT_SHARED_BUFFERS_MB}MB`],
  };
}

/**
 * The server's entry calls this first: the embedded database starts opening on a core of its own while the rest
 * of the server loads, and `openDatabase` with the same options takes it over. A folder that fails its checks
 * is left to `openDatabase` to report.
 */
export function openEmbeddedEarly(options: DatabaseOptions) {
  if (options.databaseUrl || !options.dataDir || options.pglite) return;
  const data = embeddedWorkerData(options.dataDir, options);
  try {
    checkDataDir(data.dir, diskGuard(options.dataDir, (options.minFreeMb ?? 64) * 1024 * 1024));
  } catch {
    return;
  }
  startPGliteWorker(data);
}

/** PGlite on disk, in a worker thread (see pglite-thread.ts), with writes refused while the disk is nearly full. */
async function openEmbedded(dataDir: string, options: DatabaseOptions): Promise<Database> {
  const data = embeddedWorkerData(dataDir, options);
  const guard = diskGuard(dataDir, (options.minFreeMb ?? 64) * 1024 * 1024);
  checkDataDir(data.dir, guard);
  let thread: PGliteLike;
  try {
    thread = await openPGliteThread({
      ...data,
      callTimeoutMs: options.timeouts?.queryMs ?? 600_000,
      openTimeoutMs: 120_000,
      log: options.log,
    });
  } catch (err) {
    throw new StartupError(`Cannot open the embedded database in ${data.dir}: ${rootMessage(err)}`);
  }
  const checked =
    (run: QueryClient['query']): QueryClient['query'] =>
    (sql, params, opts) => {
      if (isWrite(sql)) guard.assertRoom();
      return run(sql, params, opts);
    };
  const client = {
    query: checked(thread.query),
    transaction: <T>(callback: (tx: QueryClient) => Promise<T>) =>
      thread.transaction((tx) => callback({ query: checked(tx.query) })),
  };
  const { drizzlePglite } = await import('./pglite-driver');
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return { db: db as unknown as Db, kind: 'pglite', close: () => thread.close(), listen: thread.listen };
}
