import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { inquiries } from './inquiries';

/** Invoice statuses (docs/product.md#getting-paid); `overdue` is computed, never stored. */
export const INVOICE_STATUSES = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;

export const PAYMENT_METHODS = ['cash', 'check', 'card', 'zelle', 'venmo', 'other'] as const;
const listOf = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Invoices (features/invoices). A draft has no number and its amounts follow the billing settings; issuing gives
 * it `YYYY-NNNN` from `invoice_counters` in the same transaction and freezes the bill-to, the tax rule and the
 * amounts (whole cents computed by the shared tax module, stored exactly). A void invoice keeps its number.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'restrict' }),
    number: text('number'),
    status: text('status').notNull().default('draft'),
    discount: money('discount').default(0),
    notes: text('notes'),
    billToName: text('bill_to_name'),
    billToEmail: text('bill_to_email'),
    billToAddress: text('bill_to_address'),
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    taxRatePercent: numeric('tax_rate_percent', { precision: 6, scale: 3, mode: 'number' }),
    taxLabel: text('tax_label'),
    pricesIncludeTax: boolean('prices_include_tax'),
    /** Frozen at issue: the lines' sum, the taxable and non-taxable parts after discount, the tax and the total. */
    subtotal: money('subtotal').default(0),
    taxableAmount: money('taxable_amount').default(0),
    nonTaxableAmount: money('non_taxable_amount').default(0),
    tax: money('tax').default(0),
    total: money('total').default(0),
    voidReason: text('void_reason'),
    /** The monthly run's invoice of a recurring schedule: the schedule and the month (YYYY-MM) it bills. */
    recurringPaymentId: integer('recurring_payment_id'),
    billingMonth: text('billing_month'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_status_known', sql.raw(`status in (${listOf(INVOICE_STATUSES)})`)),
    check('invoices_number_when_issued', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    uniqueIndex('invoices_number_idx').on(t.number),
    // One monthly invoice per schedule and month, however many servers run the month's billing at once.
    uniqueIndex('invoices_schedule_month_idx').on(t.recurringPaymentId, t.billingMonth),
    index('invoices_inquiry_idx').on(t.inquiryId),
    index('invoices_status_issued_idx').on(t.status, t.issuedOn),
    // The invoices still owed, a few among years of paid ones: what is owed is summed from this index alone.
    index('invoices_owed_idx')
      .on(t.dueOn, t.id, t.total)
      .where(sql`${t.status} in ('open', 'partially_paid')`),
    // By issue date, with what the sales-tax report sums: the report reads the index alone (docs/performance.md).
    index('invoices_issued_idx').on(
      t.issuedOn,
      t.status,
      t.taxableAmount,
      t.nonTaxableAmount,
      t.tax,
      t.pricesIncludeTax,
    ),
  ],
);

/**
 * An invoice's lines, in order; `visit_key` names the visit a line bills (features/visits keys) and `visit_on` its
 * business date, copied when the line is made (the visit's own row may move or be cleaned up later).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    unitAmount: money('unit_amount'),
    amount: money('amount'),
    taxable: boolean('taxable').notNull().default(true),
    visitKey: text('visit_key'),
    visitOn: date('visit_on', { mode: 'string' }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_visit_idx').on(t.visitKey),
  ],
);

/** Payments the owner received against an invoice; the tip is kept apart (never taxed, never in the balance). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    tip: money('tip').default(0),
    method: text('method').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoice_payments_method_known', sql.raw(`method in (${listOf(PAYMENT_METHODS)})`)),
    check('invoice_payments_amounts_nonnegative', sql`${t.amount} >= 0 and ${t.tip} >= 0`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    // By date received, with the invoice and the tip: the month's tips are summed from the index alone.
    index('invoice_payments_received_idx').on(t.receivedOn, t.invoiceId, t.tip),
  ],
);

/**
 * Overdue reminders sent: one row per invoice and reminder day (`overdue_reminder_days`), inserted in the
 * transaction that puts the mail in the outbox, so servers and restarts send each reminder once.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    daysAfter: smallint('days_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.daysAfter] })],
);

/**
 * The last invoice number given in each calendar year (business zone). Issuing increments its row with
 * `UPDATE … RETURNING` inside the issuing transaction: the row lock orders concurrent issues, and a rolled-back
 * issue gives its number back, so numbers run without a gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
