import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { createPool, type PoolTimeouts } from './postgres-pool';
import * as schema from './schema';

/**
 * drizzle over `pg`, migrated when given the migrations folder. A module of its own, loaded only with DATABASE_URL
 * (client.ts), so a server on the embedded database never loads `pg`.
 */
export async function openPostgres(
  url: string,
  timeouts: PoolTimeouts | undefined,
  log: FastifyBaseLogger | undefined,
  migrationsFolder: string | undefined,
) {
  const pool = createPool(url, timeouts, log);
  const db = drizzle(pool, { schema });
  try {
    if (migrationsFolder) await migrate(db, { migrationsFolder });
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return { db, close: () => pool.end() };
}
