import type { ContactStatus } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactStatus } from '../../db/schema';

const ROW_ID = 1;
const OPEN: ContactStatus = { is_open: true, reopens_at: null, message: null };

type Row = { isOpen: boolean; reopensAt: Date | null; message: string | null };
const columns = {
  isOpen: contactStatus.isOpen,
  reopensAt: contactStatus.reopensAt,
  message: contactStatus.message,
};

/** What visitors see now: a closing whose reopening time has passed is open again, without any write. */
export function statusAt(row: Row, now = new Date()): ContactStatus {
  if (row.isOpen || (row.reopensAt && row.reopensAt <= now)) return OPEN;
  return { is_open: false, reopens_at: row.reopensAt?.toISOString() ?? null, message: row.message };
}

/** The booking form's open/closed switch: one row (id 1), created open the first time it is read. */
export const contactStatusStore = (db: Db) => ({
  async get(now = new Date()): Promise<ContactStatus> {
    const [row] = await db.select(columns).from(contactStatus).where(eq(contactStatus.id, ROW_ID));
    if (row) return statusAt(row, now);
    await db.insert(contactStatus).values({ id: ROW_ID, isOpen: true }).onConflictDoNothing();
    const [created] = await db.select(columns).from(contactStatus).where(eq(contactStatus.id, ROW_ID));
    return created ? statusAt(created, now) : OPEN;
  },
  /** Opening clears the reopening time and message; closing sets them (null: closed until switched back). */
  async set(isOpen: boolean, reopensAt: Date | null, message: string | null): Promise<ContactStatus> {
    const values = isOpen ? { isOpen, reopensAt: null, message: null } : { isOpen, reopensAt, message };
    const [row] = await db
      .insert(contactStatus)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: contactStatus.id, set: { ...values, updatedAt: sql`now()` } })
      .returning(columns);
    return row ? statusAt(row) : OPEN;
  },

  /**
   * The booking lock for the rest of the transaction: the switch's one row, FOR UPDATE (docs/architecture.md, "One
   * booking rule"). The row is made first if missing (a fresh install), without blocking when it exists.
   */
  async lockBookings(): Promise<void> {
    await db.insert(contactStatus).values({ id: ROW_ID, isOpen: true }).onConflictDoNothing();
    await db
      .select({ id: contactStatus.id })
      .from(contactStatus)
      .where(eq(contactStatus.id, ROW_ID))
      .for('update');
  },
});

export type ContactStatusStore = ReturnType<typeof contactStatusStore>;
