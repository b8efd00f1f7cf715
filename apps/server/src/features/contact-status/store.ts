import type { ContactStatus } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactStatus } from '../../db/schema';

const ROW_ID = 1;

/** The booking form's open/closed switch: one row (id 1), created open the first time it is read. */
export const contactStatusStore = (db: Db) => ({
  async get(): Promise<ContactStatus> {
    const [row] = await db
      .select({ isOpen: contactStatus.isOpen })
      .from(contactStatus)
      .where(eq(contactStatus.id, ROW_ID));
    if (row) return { is_open: row.isOpen };
    await db.insert(contactStatus).values({ id: ROW_ID, isOpen: true }).onConflictDoNothing();
    const [created] = await db
      .select({ isOpen: contactStatus.isOpen })
      .from(contactStatus)
      .where(eq(contactStatus.id, ROW_ID));
    return { is_open: created?.isOpen ?? true };
  },
  async set(isOpen: boolean): Promise<ContactStatus> {
    const [row] = await db
      .insert(contactStatus)
      .values({ id: ROW_ID, isOpen })
      .onConflictDoUpdate({ target: contactStatus.id, set: { isOpen, updatedAt: sql`now()` } })
      .returning({ isOpen: contactStatus.isOpen });
    return { is_open: row?.isOpen ?? isOpen };
  },
});
