import { z } from 'zod';
import { id, idParam, optionalText, pageQuery, requiredText } from '../common/fields';
import { money } from '../common/money';

/** Invoices and payments (docs/product.md#getting-paid). Money in dollars with two decimals, as everywhere. */

export const INVOICE_STATUS = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[number];
export const PAYMENT_METHOD = ['cash', 'check', 'card', 'zelle', 'venmo', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD)[number];
export const MAX_INVOICE_LINES = 100;

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDate = (field: string) =>
  z
    .string({ error: `${field} must be a date like 2027-03-02.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2027-03-02.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${field} must be a date that exists.`);

const quantity = z
  .number({ error: 'quantity must be a number.' })
  .positive('quantity must be more than 0.')
  .max(10_000, 'quantity must be at most 10000.')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'quantity can have at most 2 decimals.');

export const invoiceLineInput = z.strictObject({
  description: requiredText('description', 200),
  quantity,
  unit_amount: money('unit_amount'),
  taxable: z.boolean({ error: 'taxable must be true or false.' }).default(true),
  visit_key: z
    .string({ error: 'visit_key must be text.' })
    .trim()
    .max(80, 'visit_key must be at most 80 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type InvoiceLineInput = z.output<typeof invoiceLineInput>;

const lines = z
  .array(invoiceLineInput, { error: 'lines must be a list.' })
  .min(1, 'lines must hold at least one line.')
  .max(MAX_INVOICE_LINES, `lines can hold at most ${MAX_INVOICE_LINES}.`);

/** POST /api/invoices: a draft for an inquiry. */
export const createInvoiceInput = z.strictObject({
  inquiry_id: id('inquiry_id'),
  lines,
  discount: money('discount').default(0),
  notes: optionalText('notes', 2000),
});
export type CreateInvoiceInput = z.output<typeof createInvoiceInput>;

/** PATCH /api/invoices/{id}: the fields given replace those of the draft. */
export const updateInvoiceInput = z.strictObject({
  lines: lines.optional(),
  discount: money('discount').optional(),
  notes: optionalText('notes', 2000).optional(),
});
export type UpdateInvoiceInput = z.output<typeof updateInvoiceInput>;

const notifyCustomer = z.boolean({ error: 'notify_customer must be true or false.' }).default(true);

/** POST /api/invoices/{id}/issue: no body, or `{ notify_customer: false }` to send the customer no mail. */
export const issueInvoiceInput = z
  .strictObject({ notify_customer: notifyCustomer })
  .nullish()
  .transform((v) => ({ notify_customer: v?.notify_customer ?? true }));

/** POST /api/invoices/{id}/void: the customer is mailed the reason unless `notify_customer` is false. */
export const voidInvoiceInput = z.strictObject({
  reason: requiredText('reason', 500),
  notify_customer: notifyCustomer,
});

export const paymentInput = z.strictObject({
  amount: money('amount'),
  method: z.enum(PAYMENT_METHOD, { error: `method must be one of: ${PAYMENT_METHOD.join(', ')}.` }),
  received_on: calendarDate('received_on'),
  tip: money('tip').default(0),
  note: optionalText('note', 500),
  notify_customer: notifyCustomer,
});
export type PaymentInput = z.output<typeof paymentInput>;

export const paymentParams = z.object({ id: idParam(), payment_id: idParam('payment_id') });

/** GET /api/invoices: newest first; `from`/`to` are issue dates (both included). */
export const invoiceListQuery = pageQuery.extend({
  status: z
    .enum(INVOICE_STATUS, { error: `status must be one of: ${INVOICE_STATUS.join(', ')}.` })
    .optional(),
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false.' }).optional(),
  inquiry_id: z.coerce
    .number({ error: 'inquiry_id must be a whole number.' })
    .pipe(id('inquiry_id'))
    .optional(),
  from: calendarDate('from').optional(),
  to: calendarDate('to').optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit_amount: z.number(),
  amount: z.number(),
  taxable: z.boolean(),
  visit_key: z.string().nullable(),
  /** The visit's business date for a visit's line, else the issue date (null on a draft). */
  date: z.string().nullable(),
});
export const paymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHOD),
  received_on: z.string(),
  tip: z.number(),
  note: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUS),
  overdue: z.boolean(),
  inquiry_id: z.number().int(),
  bill_to: z.object({ name: z.string(), email: z.string().nullable(), address: z.string().nullable() }),
  issued_on: z.string().nullable(),
  due_on: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  tax_rate_percent: z.number(),
  tax_label: z.string(),
  tax: z.number(),
  total: z.number(),
  paid: z.number(),
  amount_due: z.number(),
  tips: z.number(),
  notes: z.string().nullable(),
  void_reason: z.string().nullable(),
  payments: z.array(paymentSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;
