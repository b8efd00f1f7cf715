import type { ChecklistItem, VisitChecklistItem } from '@clean/shared';
import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checklistItems, inquiries, packages, visitChecklistTicks } from '../../db/schema';

/** Whose list it is: a package's template or one home's (inquiry's) own items. */
export type ChecklistOwner = { packageId: number } | { inquiryId: number };

const itemColumns = { id: checklistItems.id, label: checklistItems.label, required: checklistItems.required };
const ownedBy = (owner: ChecklistOwner) =>
  'packageId' in owner
    ? eq(checklistItems.packageId, owner.packageId)
    : eq(checklistItems.inquiryId, owner.inquiryId);
/** The package a home's request was quoted for (its quote's package_id; null without a quote). */
const quotedPackage = sql`(${inquiries.quote}->>'package_id')::int`;

export const checklistsStore = (db: Db) => ({
  /** The list in order; undefined when there is no such package or inquiry. */
  async items(owner: ChecklistOwner): Promise<ChecklistItem[] | undefined> {
    if (!(await exists(db, owner, false))) return undefined;
    return db
      .select(itemColumns)
      .from(checklistItems)
      .where(ownedBy(owner))
      .orderBy(asc(checklistItems.position));
  },

  /**
   * Replaces the list, in one transaction under the owner row's lock (two saves at once: one after the other, never
   * a mix). An item whose label stays (case aside) keeps its row, so a visit's tick of it stays; the rest go.
   */
  replace(owner: ChecklistOwner, items: Array<{ label: string; required: boolean }>) {
    return db.transaction(async (tx) => {
      const on = tx as unknown as Db;
      if (!(await exists(on, owner, true))) return undefined;
      const before = await tx.select(itemColumns).from(checklistItems).where(ownedBy(owner));
      const byLabel = new Map(before.map((i) => [i.label.toLowerCase(), i.id]));
      const kept: number[] = [];
      for (const [position, item] of items.entries()) {
        const id = byLabel.get(item.label.toLowerCase());
        if (id !== undefined) {
          kept.push(id);
          await tx
            .update(checklistItems)
            .set({ ...item, position })
            .where(eq(checklistItems.id, id));
        } else {
          const [made] = await tx
            .insert(checklistItems)
            .values({ ...owner, ...item, position })
            .returning({ id: checklistItems.id });
          if (made) kept.push(made.id);
        }
      }
      await tx
        .delete(checklistItems)
        .where(and(ownedBy(owner), kept.length ? notInArray(checklistItems.id, kept) : undefined));
      return tx
        .select(itemColumns)
        .from(checklistItems)
        .where(ownedBy(owner))
        .orderBy(asc(checklistItems.position));
    });
  },

  /**
   * The checklists of these homes' visits (`keys`: each visit's key and home): its package's items, then the
   * home's, each ticked or not for that visit.
   */
  async ofVisits(
    visits: Array<{ key: string; inquiryId: number }>,
  ): Promise<Map<string, VisitChecklistItem[]>> {
    const homes = [...new Set(visits.map((v) => v.inquiryId))];
    if (homes.length === 0) return new Map();
    const [rows, ticks] = await Promise.all([
      db
        .select({
          ...itemColumns,
          home: inquiries.id,
          own: sql<boolean>`${checklistItems.inquiryId} is not null`,
        })
        .from(inquiries)
        .innerJoin(
          checklistItems,
          or(eq(checklistItems.inquiryId, inquiries.id), eq(checklistItems.packageId, quotedPackage)),
        )
        .where(inArray(inquiries.id, homes))
        .orderBy(asc(sql`${checklistItems.inquiryId} is not null`), asc(checklistItems.position)),
      db
        .select({ key: visitChecklistTicks.visitKey, itemId: visitChecklistTicks.itemId })
        .from(visitChecklistTicks)
        .where(
          inArray(
            visitChecklistTicks.visitKey,
            visits.map((v) => v.key),
          ),
        ),
    ]);
    const ticked = new Set(ticks.map((t) => `${t.key} ${t.itemId}`));
    return new Map(
      visits.map((v) => [
        v.key,
        rows
          .filter((r) => r.home === v.inquiryId)
          .map((r) => ({
            id: r.id,
            label: r.label,
            required: r.required,
            done: ticked.has(`${v.key} ${r.id}`),
          })),
      ]),
    );
  },

  /** Ticks or unticks an item of a visit; ticking twice leaves one tick (the primary key). */
  async tick(key: string, itemId: number, userId: number, done: boolean): Promise<void> {
    if (done)
      await db.insert(visitChecklistTicks).values({ visitKey: key, itemId, userId }).onConflictDoNothing();
    else
      await db
        .delete(visitChecklistTicks)
        .where(and(eq(visitChecklistTicks.visitKey, key), eq(visitChecklistTicks.itemId, itemId)));
  },
});

/** Whether the package or inquiry exists; `lock`: and locks its row for the rest of the transaction. */
async function exists(db: Db, owner: ChecklistOwner, lock: boolean): Promise<boolean> {
  const table = 'packageId' in owner ? packages : inquiries;
  const id = 'packageId' in owner ? owner.packageId : owner.inquiryId;
  const query = db.select({ id: table.id }).from(table).where(eq(table.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return Boolean(row);
}

export type ChecklistsStore = ReturnType<typeof checklistsStore>;
