import type { HeardFrom, Inquiry, InquiryStatus } from '@clean/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries, oneTimeCleanings, recurringPayments } from '../../db/schema';
import { type DependantsMessages, type DependantsPlan, deleteWithDependants } from '../../lib/dependants';
import { StaleVersionError } from '../../lib/errors';
import { countUpTo, type ListPage } from '../../lib/paging';
import { atVersion } from '../../lib/rows';
import { contains } from '../../lib/search';
import { refuseWithInvoices } from '../invoices/store';

export type InquiryRow = typeof inquiries.$inferSelect;

export const toInquiry = (row: InquiryRow): Inquiry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone_number: row.phoneNumber,
  call_or_text: row.callOrText,
  town: row.town,
  description: row.description,
  status: row.status,
  submitted_at: row.submittedAt.toISOString(),
  quote: row.quote ?? null,
  heard_from: (row.heardFrom as HeardFrom | null) ?? null,
  utm_source: row.utmSource,
  utm_medium: row.utmMedium,
  utm_campaign: row.utmCampaign,
  referrer: row.referrer,
  version: String(row.version),
  street_address: row.streetAddress,
  zip: row.zip,
  access_notes: row.accessNotes,
});

export type InquiryFilters = { name?: string; phone_number?: string; status?: InquiryStatus };
export type InquiryChanges = Partial<
  Pick<
    typeof inquiries.$inferInsert,
    | 'name'
    | 'email'
    | 'phoneNumber'
    | 'callOrText'
    | 'description'
    | 'status'
    | 'streetAddress'
    | 'zip'
    | 'accessNotes'
  >
>;
export type Dependants = { oneTimeCleanings: number; recurringPayments: number };

/** Deletes the inquiries' schedules (with their paid records) and one-time cleanings, on the delete's transaction. */
export type RemoveVisitsOf = (on: Db, inquiryIds: number[]) => Promise<void>;

const dependantsPlan = (id: number, removeVisitsOf: RemoveVisitsOf): DependantsPlan<Dependants> => ({
  async lock(tx) {
    const [found] = await tx
      .select({ version: inquiries.version })
      .from(inquiries)
      .where(eq(inquiries.id, id))
      .for('update');
    if (found) await refuseWithInvoices(tx, id);
    return found?.version;
  },
  async count(tx) {
    const [cleanings] = await tx
      .select({ n: count() })
      .from(oneTimeCleanings)
      .where(eq(oneTimeCleanings.inquiryId, id));
    const [schedules] = await tx
      .select({ n: count() })
      .from(recurringPayments)
      .where(eq(recurringPayments.inquiryId, id));
    return { oneTimeCleanings: cleanings?.n ?? 0, recurringPayments: schedules?.n ?? 0 };
  },
  async removeDependants(tx) {
    // The features that own them delete them (recurring_paid_dates follow their paid record: on delete cascade).
    await removeVisitsOf(tx as unknown as Db, [id]);
  },
  async remove(tx) {
    await tx.delete(inquiries).where(eq(inquiries.id, id));
  },
});

/** Phone numbers are stored as digits; the search text may carry formatting such as "(860) 555-". */
function phoneFilter(text: string): SQL {
  const digits = text.replace(/\D/g, '');
  if (digits) return contains(inquiries.phoneNumber, digits);
  // Only formatting typed so far ("(", "-"): no filter yet. Letters can never match a phone number.
  return /^[\s()+\-.]*$/.test(text) ? sql`true` : sql`false`;
}

/** The Manage search over inquiries (also what the CSV export selects). */
export function inquiryCondition(filters: InquiryFilters): SQL | undefined {
  return and(
    filters.name ? contains(inquiries.name, filters.name) : undefined,
    filters.phone_number ? phoneFilter(filters.phone_number) : undefined,
    filters.status ? eq(inquiries.status, filters.status) : undefined,
  );
}

export const inquiriesStore = (db: Db) => ({
  async create(values: typeof inquiries.$inferInsert): Promise<Inquiry> {
    const [row] = await db.insert(inquiries).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return toInquiry(row);
  },

  async exists(id: number): Promise<boolean> {
    const [row] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, id));
    return Boolean(row);
  },

  /** Newest submitted first; one page and the filtered total, or the whole filtered list. */
  async list(
    filters: InquiryFilters,
    page: { limit: number; offset: number } | null,
  ): Promise<ListPage<Inquiry>> {
    const condition = inquiryCondition(filters);
    const query = db
      .select()
      .from(inquiries)
      .where(condition)
      .orderBy(desc(inquiries.submittedAt), desc(inquiries.id))
      .$dynamic();
    if (!page) {
      const rows = await query;
      return { items: rows.map(toInquiry), total: rows.length };
    }
    const [rows, counted] = await Promise.all([
      query.limit(page.limit).offset(page.offset),
      countUpTo(db, db.select({ id: inquiries.id }).from(inquiries).where(condition)),
    ]);
    return { items: rows.map(toInquiry), ...counted };
  },

  /** Changes the given fields; undefined when there is no such inquiry. With `version`: only at that version. */
  async update(
    id: number,
    changes: InquiryChanges,
    version?: string,
    stale = '',
  ): Promise<Inquiry | undefined> {
    const [row] = await db
      .update(inquiries)
      .set(changes)
      .where(and(eq(inquiries.id, id), atVersion(inquiries, version)))
      .returning();
    if (row) return toInquiry(row);
    if (version !== undefined && (await inquiriesStore(db).exists(id))) throw new StaleVersionError(stale);
    return undefined;
  },

  /**
   * Deletes an inquiry. With dependants (one-time cleanings, recurring schedules and their paid records) it is
   * refused, unless `withDependants`: then everything goes in one transaction, leaving no orphan.
   */
  remove(
    id: number,
    withDependants: boolean,
    messages: DependantsMessages<Dependants>,
    removeVisitsOf: RemoveVisitsOf,
    version?: string,
  ): Promise<void> {
    return deleteWithDependants(db, dependantsPlan(id, removeVisitsOf), withDependants, messages, version);
  },

  /**
   * After a customer's cancel: a "Booked" inquiry left with no visit still to come (no other one-time cleaning
   * neither cancelled nor done, no schedule) goes back to "Contacted", as the owner would set it. One UPDATE in the
   * cancel's transaction, so a booking made meanwhile is seen (docs/architecture.md).
   */
  async unbookIfNoVisits(inquiryId: number): Promise<void> {
    await db.execute(sql`
      update inquiries set status = 'Contacted'
       where id = ${inquiryId} and status = 'Booked'
         and not exists (select 1 from one_time_cleanings c
                          where c.inquiry_id = ${inquiryId} and c.cancelled_at is null and c.done_at is null)
         and not exists (select 1 from recurring_payments r where r.inquiry_id = ${inquiryId})`);
  },

  /** After an undone cancel: an inquiry the cancel sent back to "Contacted" is "Booked" again, as it has a visit. */
  async rebook(inquiryId: number): Promise<void> {
    await db
      .update(inquiries)
      .set({ status: 'Booked' })
      .where(and(eq(inquiries.id, inquiryId), eq(inquiries.status, 'Contacted')));
  },
});

/**
 * Deletes these inquiries, their dependants gone first (their links, opt-outs, reminders and review requests
 * cascade); the demo's removal.
 */
export async function removeInquiries(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(inquiries).where(inArray(inquiries.id, ids));
}
