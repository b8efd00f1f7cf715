import type {
  Invoice,
  InvoiceLineInput,
  InvoiceListQuery,
  Payment,
  PaymentInput,
  Totals,
} from '@clean/shared';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries, invoiceCounters, invoiceLines, invoicePayments, invoices } from '../../db/schema';
import { ConflictError } from '../../lib/errors';
import { countUpTo, type ListPage } from '../../lib/paging';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type InvoiceRow = typeof invoices.$inferSelect;
type Row = InvoiceRow & { inquiryName: string; inquiryEmail: string | null; inquiryTown: string | null };

/** What a write stores of the amounts: the shared module's totals with the rule they were taken by. */
export type Amounts = Totals & { tax_rate_percent: number; tax_label: string; prices_include_tax: boolean };

const dollars = (cents: number) => cents / 100;
const cents = (value: number) => Math.round(value * 100);

const amountColumns = (a: Amounts) => ({
  subtotal: dollars(a.subtotal_cents),
  discount: dollars(a.discount_cents),
  taxableAmount: dollars(a.taxable_cents),
  nonTaxableAmount: dollars(a.non_taxable_cents),
  tax: dollars(a.tax_cents),
  total: dollars(a.total_cents),
  taxRatePercent: a.tax_rate_percent,
  taxLabel: a.tax_label,
  pricesIncludeTax: a.prices_include_tax,
});

/** Still owed and past its due date (business dates compare as text). */
export const overdueCondition = (today: string): SQL =>
  sql`${invoices.status} in ('open', 'partially_paid') and ${invoices.dueOn} < ${today}`;

const selectRows = (db: Db | Tx) =>
  db
    .select({
      invoice: invoices,
      inquiryName: inquiries.name,
      inquiryEmail: inquiries.email,
      inquiryTown: inquiries.town,
    })
    .from(invoices)
    .innerJoin(inquiries, eq(inquiries.id, invoices.inquiryId));

/** Rows with their lines and payments, as the API answers them. */
async function withDetails(db: Db | Tx, rows: Row[], today: string): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lineRows, paymentRows] = await Promise.all([
    db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids)).orderBy(invoiceLines.position),
    db
      .select()
      .from(invoicePayments)
      .where(inArray(invoicePayments.invoiceId, ids))
      .orderBy(invoicePayments.id),
  ]);
  return rows.map((row) => {
    const payments: Payment[] = paymentRows
      .filter((p) => p.invoiceId === row.id)
      .map((p) => ({
        id: p.id,
        amount: p.amount,
        method: p.method as Payment['method'],
        received_on: p.receivedOn,
        tip: p.tip,
        note: p.note,
      }));
    const paidCents = payments.reduce((s, p) => s + cents(p.amount), 0);
    const tipCents = payments.reduce((s, p) => s + cents(p.tip), 0);
    const issued = row.status !== 'draft';
    const owing = row.status === 'open' || row.status === 'partially_paid';
    return {
      id: row.id,
      number: row.number,
      status: row.status as Invoice['status'],
      overdue: owing && row.dueOn !== null && row.dueOn < today,
      inquiry_id: row.inquiryId,
      // A draft bills whoever the inquiry names now; issuing copies it (later edits never rewrite an invoice).
      bill_to: issued
        ? { name: row.billToName ?? '', email: row.billToEmail, address: row.billToAddress }
        : { name: row.inquiryName, email: row.inquiryEmail, address: row.inquiryTown },
      issued_on: row.issuedOn,
      due_on: row.dueOn,
      lines: lineRows
        .filter((l) => l.invoiceId === row.id)
        .map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unit_amount: l.unitAmount,
          amount: l.amount,
          taxable: l.taxable,
          visit_key: l.visitKey,
          date: l.visitOn ?? row.issuedOn,
        })),
      subtotal: row.subtotal,
      discount: row.discount,
      tax_rate_percent: row.taxRatePercent ?? 0,
      tax_label: row.taxLabel ?? '',
      tax: row.tax,
      total: row.total,
      paid: dollars(paidCents),
      amount_due: owing ? dollars(cents(row.total) - paidCents) : 0,
      tips: dollars(tipCents),
      notes: row.notes,
      void_reason: row.voidReason,
      payments,
    };
  });
}

const flatten = (r: {
  invoice: InvoiceRow;
  inquiryName: string;
  inquiryEmail: string | null;
  inquiryTown: string | null;
}): Row => ({
  ...r.invoice,
  inquiryName: r.inquiryName,
  inquiryEmail: r.inquiryEmail,
  inquiryTown: r.inquiryTown,
});

export const invoicesStore = (db: Db) => ({
  transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

  async idOfNumber(inquiryId: number, number: string): Promise<number | null> {
    const [row] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.inquiryId, inquiryId), eq(invoices.number, number)));
    return row?.id ?? null;
  },

  async inquiryExists(id: number): Promise<boolean> {
    const [row] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, id));
    return Boolean(row);
  },

  async get(on: Db | Tx, id: number, today: string): Promise<Invoice | null> {
    const rows = (await selectRows(on).where(eq(invoices.id, id))).map(flatten);
    return (await withDetails(on, rows, today))[0] ?? null;
  },

  /** The invoice's row, locked until the transaction ends: every change of one invoice goes one at a time. */
  async lock(tx: Tx, id: number): Promise<InvoiceRow | null> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    return row ?? null;
  },

  async insert(tx: Tx, inquiryId: number, notes: string | null, amounts: Amounts): Promise<number> {
    const [row] = await tx
      .insert(invoices)
      .values({ inquiryId, notes, ...amountColumns(amounts) })
      .returning({ id: invoices.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(tx: Tx, id: number, values: Partial<typeof invoices.$inferInsert>, amounts?: Amounts) {
    await tx
      .update(invoices)
      .set({ ...values, ...(amounts ? amountColumns(amounts) : {}) })
      .where(eq(invoices.id, id));
  },

  async lines(tx: Tx, id: number): Promise<InvoiceLineInput[]> {
    const rows = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(invoiceLines.position);
    return rows.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_amount: l.unitAmount,
      taxable: l.taxable,
      visit_key: l.visitKey,
    }));
  },

  /** `visit_on`: a visit's line keeps the visit's business date. */
  async replaceLines(
    tx: Tx,
    id: number,
    lines: ReadonlyArray<InvoiceLineInput & { amount: number; visit_on?: string }>,
  ) {
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    await tx.insert(invoiceLines).values(
      lines.map((l, position) => ({
        invoiceId: id,
        position,
        description: l.description,
        quantity: l.quantity,
        unitAmount: l.unit_amount,
        amount: l.amount,
        taxable: l.taxable,
        visitKey: l.visit_key,
        visitOn: l.visit_on ?? null,
      })),
    );
  },

  async removeDraft(tx: Tx, id: number) {
    await tx.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.status, 'draft')));
  },

  /** Who the invoice bills now and the home's address (copied at issue). */
  async billTo(tx: Tx, inquiryId: number) {
    const [row] = await tx
      .select({
        name: inquiries.name,
        email: inquiries.email,
        street_address: inquiries.streetAddress,
        town: inquiries.town,
        zip: inquiries.zip,
      })
      .from(inquiries)
      .where(eq(inquiries.id, inquiryId));
    return row ?? null;
  },

  /**
   * The next number of `year`, in the caller's transaction: the counter row's update lock orders concurrent
   * issues (on any server), and a rolled-back issue gives its number back, so numbers run without a gap.
   */
  async nextNumber(tx: Tx, year: number): Promise<number> {
    await tx.insert(invoiceCounters).values({ year, last: 0 }).onConflictDoNothing();
    const [row] = await tx
      .update(invoiceCounters)
      .set({ last: sql`${invoiceCounters.last} + 1` })
      .where(eq(invoiceCounters.year, year))
      .returning({ last: invoiceCounters.last });
    if (!row) throw new Error('the invoice counter row vanished inside its transaction');
    return row.last;
  },

  /** The invoice (not void) that bills this visit, if any. */
  async invoiceOfVisit(tx: Tx, visitKey: string): Promise<number | null> {
    const [row] = await tx
      .select({ id: invoices.id })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(eq(invoiceLines.visitKey, visitKey), sql`${invoices.status} <> 'void'`))
      .limit(1);
    return row?.id ?? null;
  },

  /** The method of the last payment recorded, for Done & paid. */
  async lastMethod(tx: Tx): Promise<PaymentInput['method'] | null> {
    const [row] = await tx
      .select({ method: invoicePayments.method })
      .from(invoicePayments)
      .orderBy(desc(invoicePayments.id))
      .limit(1);
    return (row?.method as PaymentInput['method'] | undefined) ?? null;
  },

  /** What has been paid on an invoice, in cents (tips apart). */
  async paidCents(tx: Tx, id: number): Promise<number> {
    const [row] = await tx
      .select({ paid: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)` })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id));
    return cents(Number(row?.paid ?? 0));
  },

  async addPayment(tx: Tx, id: number, payment: PaymentInput): Promise<number> {
    const [row] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId: id,
        amount: payment.amount,
        tip: payment.tip,
        method: payment.method,
        receivedOn: payment.received_on,
        note: payment.note,
      })
      .returning({ id: invoicePayments.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async removePayment(tx: Tx, id: number, paymentId: number): Promise<boolean> {
    const rows = await tx
      .delete(invoicePayments)
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, id)))
      .returning({ id: invoicePayments.id });
    return rows.length > 0;
  },

  /** Newest first; one page and the filtered total, or the whole filtered list. */
  async list(
    query: InvoiceListQuery,
    page: { limit: number; offset: number } | null,
    today: string,
  ): Promise<ListPage<Invoice>> {
    const condition = and(
      query.status ? eq(invoices.status, query.status) : undefined,
      query.overdue === 'true' ? overdueCondition(today) : undefined,
      query.overdue === 'false' ? sql`not (${overdueCondition(today)})` : undefined,
      query.inquiry_id ? eq(invoices.inquiryId, query.inquiry_id) : undefined,
      query.from ? gte(invoices.issuedOn, query.from) : undefined,
      query.to ? lte(invoices.issuedOn, query.to) : undefined,
    );
    const base = selectRows(db).where(condition).orderBy(desc(invoices.id));
    const rows = (page ? await base.limit(page.limit).offset(page.offset) : await base).map(flatten);
    const items = await withDetails(db, rows, today);
    if (!page) return { items, total: items.length };
    const { total, more } = await countUpTo(
      db,
      db.select({ id: invoices.id }).from(invoices).where(condition),
    );
    return { items, total, more };
  },
});

/**
 * Invoices are records kept for years (docs/product.md#getting-paid): an inquiry that has any cannot be deleted,
 * with its dependants or not. Run under the inquiry's row lock, which a new invoice's foreign key waits for.
 */
export async function refuseWithInvoices(tx: Tx, inquiryId: number): Promise<void> {
  const rows = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.inquiryId, inquiryId))
    .orderBy(invoices.id)
    .limit(20);
  if (rows.length === 0) return;
  const names = rows.map((r) => r.number ?? 'a draft').join(', ');
  throw new ConflictError(`This inquiry has invoices (${names}), which are kept: it cannot be deleted.`);
}

/** A customer's issued invoices for their link's page, newest first, with what is still due. */
export async function customerInvoices(db: Db, inquiryId: number) {
  const rows = await db
    .select({
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      status: invoices.status,
      total: invoices.total,
      // Qualified by hand: drizzle writes a column in a select's sql as a bare "id", which inside this subquery
      // would be the payment's own id.
      paid: sql<string>`coalesce((select sum(p.amount) from invoice_payments p where p.invoice_id = "invoices"."id"), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.inquiryId, inquiryId), sql`${invoices.status} <> 'draft'`))
    .orderBy(desc(invoices.id))
    .limit(100);
  return rows.map((r) => ({
    number: r.number ?? '',
    issuedOn: r.issuedOn ?? '',
    status: r.status as 'open' | 'partially_paid' | 'paid' | 'void',
    total: r.total,
    amountDue:
      r.status === 'open' || r.status === 'partially_paid'
        ? (cents(r.total) - cents(Number(r.paid))) / 100
        : 0,
  }));
}
