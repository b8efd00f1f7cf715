import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries, onMyWay, reminderOptOuts, users } from '../../db/schema';

export type OnMyWayRow = typeof onMyWay.$inferSelect;

/** "On my way" rows, and what the message needs: the customer's contact and opt-out, the team member's name. */
export function onMyWayStore(db: Db) {
  return {
    async of(visitKey: string): Promise<OnMyWayRow | undefined> {
      const [row] = await db.select().from(onMyWay).where(eq(onMyWay.visitKey, visitKey));
      return row;
    },

    /** The customer of the visit: how to reach them, and whether they asked for no more reminders. */
    async customer(inquiryId: number) {
      const [row] = await db
        .select({
          email: inquiries.email,
          phone: inquiries.phoneNumber,
          callOrText: inquiries.callOrText,
          optedOut: reminderOptOuts.inquiryId,
        })
        .from(inquiries)
        .leftJoin(reminderOptOuts, eq(reminderOptOuts.inquiryId, inquiries.id))
        .where(eq(inquiries.id, inquiryId));
      return row;
    },

    async nameOf(userId: number): Promise<string | null> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
    },

    /**
     * Inserts the visit's row and, in the same transaction, `send`s its message; the primary key decides between
     * two taps at once (the second waits for the first, then inserts nothing and sends nothing). Answers the new
     * row, or undefined when the visit already had one.
     */
    claim(row: typeof onMyWay.$inferInsert, send: (tx: Db) => Promise<void>) {
      return db.transaction(async (tx) => {
        const [claimed] = await tx.insert(onMyWay).values(row).onConflictDoNothing().returning();
        if (claimed) await send(tx as unknown as Db);
        return claimed;
      });
    },
  };
}
