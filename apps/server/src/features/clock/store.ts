import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clockRecords } from '../../db/schema';

export type ClockRow = typeof clockRecords.$inferSelect;

/** Clock records (docs/api.md#clock-in-and-out): the indexes decide, every write is one statement. */
export function clockStore(db: Db) {
  return {
    /** The record a tap with this key made (in or out), if any. */
    async byKey(userId: number, which: 'in' | 'out', key: string): Promise<ClockRow | undefined> {
      const column = which === 'in' ? clockRecords.inKey : clockRecords.outKey;
      const [row] = await db
        .select()
        .from(clockRecords)
        .where(and(eq(clockRecords.userId, userId), eq(column, key)));
      return row;
    },

    /**
     * Opens a clock; nothing (undefined) when a unique index refused it: this tap's key already made one, or the
     * person has an open clock (the partial index: one open clock a person, whichever server each tap reached).
     */
    async open(userId: number, visitKey: string, at: Date, offline: boolean, key: string) {
      const [row] = await db
        .insert(clockRecords)
        .values({ userId, visitKey, clockInAt: at, inRecordedOffline: offline, inKey: key })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * Closes this person's open clock on the visit at `at`, in one statement (the row's lock orders two taps);
     * nothing when there is none, or when a tap with this key already closed one (the out_key index).
     */
    async close(userId: number, visitKey: string, at: Date, offline: boolean, key: string) {
      const [row] = await db
        .update(clockRecords)
        .set({ clockOutAt: at, outRecordedOffline: offline, outKey: key })
        .where(
          and(
            eq(clockRecords.userId, userId),
            eq(clockRecords.visitKey, visitKey),
            isNull(clockRecords.clockOutAt),
            sql`${clockRecords.clockInAt} <= ${at}`,
          ),
        )
        .returning();
      return row;
    },

    /** This person's open clock, if any (to say where they are clocked in). */
    async openOf(userId: number): Promise<ClockRow | undefined> {
      const [row] = await db
        .select()
        .from(clockRecords)
        .where(and(eq(clockRecords.userId, userId), isNull(clockRecords.clockOutAt)));
      return row;
    },
  };
}
