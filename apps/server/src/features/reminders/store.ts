import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCleanings, recurringPayments, reminderOptOuts, visitReminders } from '../../db/schema';
import { isForeignKeyViolation } from '../../lib/db-errors';

export type ReminderRow = { visitKey: string; hoursBefore: number; startsAt: Date };

/** The reminders' tables: the reminders sent (one row each, its key decides) and the customers who opted out. */
export const remindersStore = (db: Db) => ({
  /** Which of these customers (inquiry ids) opted out. */
  async optedOut(inquiryIds: number[]): Promise<Set<number>> {
    if (inquiryIds.length === 0) return new Set();
    const rows = await db
      .select({ id: reminderOptOuts.inquiryId })
      .from(reminderOptOuts)
      .where(inArray(reminderOptOuts.inquiryId, inquiryIds));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * When these cleanings and schedules were booked (their rows' created_at): read only, so a reminder is not sent
   * right after the confirmation of a late booking.
   */
  async bookedAt(cleaningIds: number[], scheduleIds: number[]) {
    const [cleanings, schedules] = await Promise.all([
      cleaningIds.length
        ? db
            .select({ id: oneTimeCleanings.id, at: oneTimeCleanings.createdAt })
            .from(oneTimeCleanings)
            .where(inArray(oneTimeCleanings.id, cleaningIds))
        : [],
      scheduleIds.length
        ? db
            .select({ id: recurringPayments.id, at: recurringPayments.createdAt })
            .from(recurringPayments)
            .where(inArray(recurringPayments.id, scheduleIds))
        : [],
    ]);
    return {
      cleanings: new Map(cleanings.map((c) => [c.id, c.at.getTime()])),
      schedules: new Map(schedules.map((c) => [c.id, c.at.getTime()])),
    };
  },

  /**
   * Records a reminder and queues its messages (`enqueue`, on the transaction) in one transaction; the row's key
   * decides, so a reminder already recorded (another server, a restart) queues nothing. Answers whether it did.
   */
  async remind(row: ReminderRow, enqueue: (on: Db) => Promise<unknown>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(visitReminders)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: visitReminders.visitKey });
      if (claimed.length === 0) return false;
      await enqueue(tx as unknown as Db);
      return true;
    });
  },

  /** Deletes the rows of reminders whose visits started before `before`. */
  async prune(before: Date): Promise<void> {
    await db.delete(visitReminders).where(lt(visitReminders.startsAt, before));
  },

  /** This customer opted out (idempotent); false when no such customer exists (deleted since: the foreign key). */
  async optOut(inquiryId: number): Promise<boolean> {
    try {
      await db.insert(reminderOptOuts).values({ inquiryId }).onConflictDoNothing();
      return true;
    } catch (err) {
      if (isForeignKeyViolation(err)) return false;
      throw err;
    }
  },
});
export type RemindersStore = ReturnType<typeof remindersStore>;
