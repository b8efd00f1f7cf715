import type { QuoteFrequency } from '@clean/shared';
import { and, asc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Customer, customerColumns } from '../../db/customer';
import { holds, inquiries } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const holdColumns = {
  id: holds.id,
  start: holds.start,
  durationMinutes: holds.durationMinutes,
  frequency: holds.frequency,
  amount: holds.amount,
  status: holds.status,
  createdAt: holds.createdAt,
  oneTimeCleaningId: holds.oneTimeCleaningId,
  recurringPaymentId: holds.recurringPaymentId,
  ...customerColumns,
  description: inquiries.description,
};
export type HoldRow = Customer & {
  id: number;
  start: Date;
  durationMinutes: number;
  frequency: QuoteFrequency;
  amount: number;
  status: 'held' | 'confirmed' | 'declined';
  createdAt: Date;
  oneTimeCleaningId: number | null;
  recurringPaymentId: number | null;
  description: string | null;
};

/** The visit a confirmed request became: a one-time cleaning, or a schedule. */
export type BookedVisit =
  | { made: 'one_time'; cleaningId: number }
  | { made: 'recurring'; scheduleId: number };

/** The longest visit (12 hours): a visit overlapping a moment starts at most this long before it. */
export const LONGEST_MINUTES = 720;

/** Holds (docs/product.md#open-times-and-holds): a booking request's time kept for it. */
export const holdsStore = (db: Db) => ({
  /** Holds still held (not confirmed, declined or lapsed: made after `madeAfter`) starting in [from, to), by start. */
  live: (from: Date, to: Date, madeAfter: Date): Promise<HoldRow[]> =>
    db
      .select(holdColumns)
      .from(holds)
      .innerJoin(inquiries, eq(inquiries.id, holds.inquiryId))
      .where(
        and(
          eq(holds.status, 'held'),
          gte(holds.start, from),
          lt(holds.start, to),
          gt(holds.createdAt, madeAfter),
        ),
      )
      .orderBy(asc(holds.start), asc(holds.id)) as Promise<HoldRow[]>,

  /**
   * How many held requests (still held, made after `madeAfter`) came from this e-mail address (any case) or phone
   * number, up to `cap`. Read under the booking lock, so two requests from one contact count each other.
   */
  async waiting(contact: { email: string | null; phone: string | null }, madeAfter: Date, cap: number) {
    const sameContact = [
      ...(contact.email ? [sql`lower(${inquiries.email}) = lower(${contact.email})`] : []),
      ...(contact.phone ? [eq(inquiries.phoneNumber, contact.phone)] : []),
    ];
    if (sameContact.length === 0) return 0;
    const rows = await db
      .select({ id: holds.id })
      .from(holds)
      .innerJoin(inquiries, eq(inquiries.id, holds.inquiryId))
      .where(and(eq(holds.status, 'held'), gt(holds.createdAt, madeAfter), or(...sameContact)))
      .limit(cap);
    return rows.length;
  },

  async create(values: {
    inquiryId: number;
    start: Date;
    durationMinutes: number;
    frequency: QuoteFrequency;
    amount: number;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await db.insert(holds).values(values).returning({ id: holds.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /**
   * Changes one hold in a transaction holding its row lock: concurrent confirms (on any server) run one after
   * the other, and each sees what the one before did. `change` gets the locked row (undefined: no such hold).
   * The booking lock is taken first, as every booking and move takes it (and in that order, so none waits on
   * another in a circle): a confirm's visit is written under the same rule as theirs.
   */
  change<T>(
    id: number,
    lockBookings: (on: Db) => Promise<void>,
    change: (tx: Tx, row: HoldRow | undefined) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await lockBookings(tx as unknown as Db);
      const [locked] = await tx.select({ id: holds.id }).from(holds).where(eq(holds.id, id)).for('update');
      const [row] = locked
        ? await tx
            .select(holdColumns)
            .from(holds)
            .innerJoin(inquiries, eq(inquiries.id, holds.inquiryId))
            .where(eq(holds.id, id))
        : [];
      return change(tx, row as HoldRow | undefined);
    });
  },

  async setStatus(id: number, status: HoldRow['status']): Promise<void> {
    await db.update(holds).set({ status }).where(eq(holds.id, id));
  },

  /** A confirmed request names the visit made of it (inside `change`, under its row lock). */
  async confirmed(id: number, made: BookedVisit): Promise<void> {
    await db
      .update(holds)
      .set(
        made.made === 'one_time'
          ? { status: 'confirmed', oneTimeCleaningId: made.cleaningId }
          : { status: 'confirmed', recurringPaymentId: made.scheduleId },
      )
      .where(eq(holds.id, id));
  },
});

export type HoldsStore = ReturnType<typeof holdsStore>;
