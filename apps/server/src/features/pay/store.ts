import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clockRecords, invoiceLines, invoicePayments, users } from '../../db/schema';

/** What a pay report reads: the person's pay terms, whom each visit is assigned to, clocked time and tips. */
export function payStore(db: Db) {
  return {
    async person(userId: number) {
      const [row] = await db
        .select({ payKind: users.payKind, payAmount: users.payAmount })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Closed clock time of this person per visit, in whole seconds, summed by the database. */
    async clockedSeconds(userId: number, keys: string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({
          key: clockRecords.visitKey,
          seconds: sql<string>`sum(extract(epoch from ${clockRecords.clockOutAt} - ${clockRecords.clockInAt}))::bigint::text`,
        })
        .from(clockRecords)
        .where(
          and(
            eq(clockRecords.userId, userId),
            inArray(clockRecords.visitKey, keys),
            isNotNull(clockRecords.clockOutAt),
          ),
        )
        .groupBy(clockRecords.visitKey);
      return new Map(rows.map((r) => [r.key, Number(r.seconds)]));
    },

    /**
     * Tips per visit in cents, summed by the database: the tips of the payments of each invoice billing the visit.
     * An invoice that bills several visits (a schedule's month) gives its tips to its first visit's line, so a tip
     * counts once.
     */
    async tipCents(keys: string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({
          key: invoiceLines.visitKey,
          cents: sql<string>`(sum(${invoicePayments.tip}) * 100)::bigint::text`,
        })
        .from(invoiceLines)
        .innerJoin(invoicePayments, eq(invoicePayments.invoiceId, invoiceLines.invoiceId))
        .where(
          and(
            inArray(invoiceLines.visitKey, keys),
            sql`${invoiceLines.position} = (select min(f.position) from invoice_lines f
              where f.invoice_id = ${invoiceLines.invoiceId} and f.visit_key is not null)`,
          ),
        )
        .groupBy(invoiceLines.visitKey);
      return new Map(rows.map((r) => [r.key ?? '', Number(r.cents)]));
    },
  };
}
