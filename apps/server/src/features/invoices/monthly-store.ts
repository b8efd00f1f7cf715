import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceLines, invoices, recurringPayments, visitExceptions } from '../../db/schema';
import { recurringKey } from '../visits/rule';
import type { Tx } from './store';

/** A recurring visit done in the month, not yet on an invoice: what the monthly run bills. */
export type DoneVisit = { scheduleId: number; inquiryId: number; key: string; start: Date; amount: number };

/** The monthly run's queries (docs/product.md#getting-paid). */
export const monthlyStore = (db: Db) => ({
  /** Done visits of every schedule that start in [from, to), by their time (moved or not), less those invoiced. */
  async doneVisits(from: Date, to: Date): Promise<DoneVisit[]> {
    const at = sql<Date>`coalesce(${visitExceptions.movedTo}, ${visitExceptions.originalStart})`;
    const rows = await db
      .select({
        scheduleId: visitExceptions.recurringPaymentId,
        originalStart: visitExceptions.originalStart,
        movedTo: visitExceptions.movedTo,
        inquiryId: recurringPayments.inquiryId,
        amount: recurringPayments.amount,
      })
      .from(visitExceptions)
      .innerJoin(recurringPayments, eq(recurringPayments.id, visitExceptions.recurringPaymentId))
      .where(and(eq(visitExceptions.status, 'done'), gte(at, from), lt(at, to)))
      .orderBy(visitExceptions.recurringPaymentId, at);
    const visits = rows.map((r) => ({
      scheduleId: r.scheduleId,
      inquiryId: r.inquiryId,
      key: recurringKey(r.scheduleId, r.originalStart),
      start: r.movedTo ?? r.originalStart,
      amount: r.amount,
    }));
    if (visits.length === 0) return [];
    const billed = await db
      .select({ key: invoiceLines.visitKey })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(
        and(
          inArray(
            invoiceLines.visitKey,
            visits.map((v) => v.key),
          ),
          sql`${invoices.status} <> 'void'`,
        ),
      );
    const done = new Set(billed.map((b) => b.key));
    return visits.filter((v) => !done.has(v.key));
  },

  /**
   * The schedule's invoice for the month, claimed by its unique key: null when another server (or an earlier
   * pass) already made it.
   */
  async claim(tx: Tx, scheduleId: number, inquiryId: number, month: string): Promise<number | null> {
    const [row] = await tx
      .insert(invoices)
      .values({ inquiryId, recurringPaymentId: scheduleId, billingMonth: month })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    return row?.id ?? null;
  },
});
