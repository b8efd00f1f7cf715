/**
 * PGlite and its drizzle driver, loaded only for the embedded database (client.ts), so a server on DATABASE_URL
 * never loads PGlite's JavaScript.
 */
export { PGlite } from '@electric-sql/pglite';
export { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
export { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
export { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
