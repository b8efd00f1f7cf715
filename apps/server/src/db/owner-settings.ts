import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './client';
import { ownerSettings } from './schema';

/**
 * One of the owner's settings documents (working hours, price table…), a row of `owner_settings` by key. A stored
 * document is read through its schema: one written by an older version gets the defaults it lacks, and one that no
 * longer reads answers `fallback` whole (never half-used).
 */
export function ownerSetting<S extends z.ZodType>(db: Db, key: string, schema: S, fallback: z.output<S>) {
  return {
    async get(): Promise<z.output<S>> {
      const [row] = await db
        .select({ value: ownerSettings.value })
        .from(ownerSettings)
        .where(eq(ownerSettings.key, key));
      const parsed = row ? schema.safeParse(row.value) : undefined;
      return parsed?.success ? parsed.data : fallback;
    },
    async set(value: z.output<S>): Promise<void> {
      await db
        .insert(ownerSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: ownerSettings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}
