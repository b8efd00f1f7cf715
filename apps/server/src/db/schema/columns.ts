import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Column kinds several features' tables share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Money is exact: numeric(12,2), returned to JS as a number of at most 2 decimals. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull();

/** Raw bytes: a Buffer in, a Buffer (pg) or Uint8Array (PGlite) out. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
