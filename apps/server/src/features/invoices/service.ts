import { setTimeout as pause } from 'node:timers/promises';
import {
  addressOrTown,
  type BillingSettings,
  businessDate,
  type CreateInvoiceInput,
  formatDate,
  formatMoney,
  type Invoice,
  type InvoiceLineInput,
  type InvoiceListQuery,
  lineCents,
  MONEY_MAX,
  type PaymentInput,
  type PaymentMethod,
  totals,
  type UpdateInvoiceInput,
  type Visit,
} from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { type ListPage, paging } from '../../lib/paging';
import { invoiceMail, type MailKind } from './mails';
import { monthlyStore } from './monthly-store';
import { invoicePdf, type PdfContext } from './pdf';
import { type Amounts, invoicesStore, type Tx } from './store';

const NOT_FOUND = 'There is no such invoice.';
const ISSUED =
  'This invoice has been issued and can no longer change. Void it and issue another if it is wrong.';

export type InvoicesDeps = {
  db: Db;
  timezone: string;
  clock: () => Date;
  /** The billing settings in force (features/billing), read on `on`. */
  billingSettings: (on: Db) => Promise<BillingSettings>;
  /** What the PDF and the customer's mails show of the business, read on `on`. */
  facts: (on: Db) => Promise<PdfContext>;
};

/**
 * The monthly run rests this long after each invoice it issues, so the owner's requests meanwhile are not queued
 * behind a run of PDFs: 500 invoices take about half a minute instead of seven seconds (docs/performance.md).
 */
const MONTHLY_RUN_PAUSE_MS = 40;
/** YYYY-MM-DD plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const formatNumber = (year: number, n: number) => `${year}-${String(n).padStart(4, '0')}`;

/** Each line's amount and the invoice's totals, by the shared tax module, under the billing settings. */
function price<L extends InvoiceLineInput>(lines: readonly L[], discount: number, billing: BillingSettings) {
  const priced = lines.map((l) => ({ ...l, amount: lineCents(l.quantity, l.unit_amount) / 100 }));
  const subtotal = priced.reduce((s, l) => s + Math.round(l.amount * 100), 0);
  const discountCents = Math.round(discount * 100);
  if (discountCents > subtotal)
    throw new ValidationError('discount cannot be more than the lines add up to.');
  const amounts: Amounts = {
    ...totals(
      priced.map((l) => ({ amount_cents: Math.round(l.amount * 100), taxable: l.taxable })),
      discountCents,
      billing,
    ),
    tax_rate_percent: billing.tax_rate_percent,
    tax_label: billing.tax_label,
    prices_include_tax: billing.prices_include_tax,
  };
  // Every amount is stored as money (numeric(12,2), at most MONEY_MAX as everywhere in the API).
  if (Math.max(amounts.subtotal_cents, amounts.total_cents) > Math.round(MONEY_MAX * 100))
    throw new ValidationError(`lines: an invoice can add up to at most ${formatMoney(MONEY_MAX)}.`);
  return { priced, amounts };
}

/**
 * Invoices (docs/product.md#getting-paid): drafts change freely; issuing numbers an invoice and freezes it; payments
 * move it to partially paid and paid. Every change of one invoice runs in a transaction holding its row lock.
 */
export function invoicesService({ db, timezone, clock, facts, billingSettings }: InvoicesDeps) {
  const store = invoicesStore(db);
  const today = () => businessDate(clock(), timezone);

  const read = async (on: Db | Tx, id: number): Promise<Invoice> => {
    const invoice = await store.get(on, id, today());
    if (!invoice) throw new NotFoundError(NOT_FOUND);
    return invoice;
  };
  const locked = async (tx: Tx, id: number) => {
    const row = await store.lock(tx, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  };
  const draft = async (tx: Tx, id: number) => {
    const row = await locked(tx, id);
    if (row.status !== 'draft') throw new ConflictError(ISSUED);
    return row;
  };

  /**
   * The business facts a mail shows, read on `on`: before a transaction, or inside the caller's (a read beside an
   * open transaction waits for it on the embedded database).
   */
  const mailContext = (notify: boolean, on: Db = db) => (notify ? facts(on) : Promise.resolve(null));

  /**
   * Puts the customer's mail about the invoice (with its PDF, but a void notice) in the outbox inside the change's
   * transaction. Answers whether there was one to send (none without a context or the bill-to's e-mail).
   */
  async function enqueue(tx: Tx, kind: MailKind, id: number, context: PdfContext | null) {
    if (!context) return false;
    const invoice = await read(tx, id);
    const pdf = kind === 'void' ? null : await invoicePdf(invoice, context);
    const message = invoiceMail(kind, invoice, context, pdf);
    if (message) await enqueueMails(tx as unknown as Db, [message]);
    return message !== null;
  }

  async function issueIn(tx: Tx, id: number, billing: BillingSettings) {
    const issuedOn = today();
    const row = await draft(tx, id);
    const { amounts } = price(await store.lines(tx, id), row.discount, billing);
    const billTo = await store.billTo(tx, row.inquiryId);
    const { region } = (await facts(tx as unknown as Db)).business;
    const year = Number(issuedOn.slice(0, 4));
    const number = formatNumber(year, await store.nextNumber(tx, year));
    await store.update(
      tx,
      id,
      {
        status: amounts.total_cents === 0 ? 'paid' : 'open',
        number,
        issuedOn,
        dueOn: addDays(issuedOn, billing.terms_days),
        billToName: billTo?.name ?? '',
        billToEmail: billTo?.email ?? null,
        billToAddress: billTo ? addressOrTown(billTo, region) : null,
      },
      amounts,
    );
  }

  async function payIn(tx: Tx, id: number, payment: PaymentInput) {
    const row = await locked(tx, id);
    if (row.status === 'draft') throw new ConflictError('Issue this invoice before recording a payment.');
    if (row.status === 'void') throw new ConflictError('This invoice is void: it takes no payments.');
    const balance = Math.round(row.total * 100) - (await store.paidCents(tx, id));
    const amount = Math.round(payment.amount * 100);
    if (amount > balance) {
      throw new ConflictError(
        `That is more than the $${(balance / 100).toFixed(2)} still due. Record the extra as a tip.`,
      );
    }
    if (amount === 0 && payment.tip === 0)
      throw new ValidationError('amount: a payment of $0 records nothing.');
    await store.addPayment(tx, id, payment);
    await store.update(tx, id, { status: amount === balance ? 'paid' : 'partially_paid' });
  }

  /** A line per visit, dated in the business zone. */
  const visitLine = (visit: { key: string; start: string | Date; amount: number }) => ({
    description: `Cleaning on ${formatDate(new Date(visit.start).toISOString(), timezone)}`,
    quantity: 1,
    unit_amount: visit.amount,
    taxable: true,
    visit_key: visit.key,
    visit_on: businessDate(new Date(visit.start), timezone),
  });

  return {
    get: (id: number) => read(db, id),

    /**
     * Overdue reminders: on each of overdue_reminder_days after the due date, until paid or void, once each
     * (claimed by its (invoice, day) key in the transaction that queues the mail). Answers how many were queued.
     */
    async remind(now: Date): Promise<number> {
      const billing = await billingSettings(db);
      const due = await monthlyStore(db).remindersDue(
        billing.overdue_reminder_days,
        businessDate(now, timezone),
      );
      if (due.length === 0) return 0;
      const context = await mailContext(true);
      let sent = 0;
      for (const { id, day } of due) {
        const claimed = await store.transaction(async (tx) => {
          if (!(await monthlyStore(db).claimReminder(tx, id, day))) return false;
          await enqueue(tx, 'reminder', id, context);
          return true;
        });
        if (claimed) sent += 1;
      }
      return sent;
    },

    /**
     * The monthly run (recurring_billing "monthly"): from 08:00 on the 1st (business time), one invoice per schedule
     * for the previous month's done visits not yet invoiced. Each is claimed by its unique (schedule, month) key
     * in its own transaction, so any number of servers running at once issue each one once. Answers how many.
     */
    async billMonth(now: Date): Promise<number> {
      const billing = await billingSettings(db);
      if (billing.recurring_billing !== 'monthly') return 0;
      const wall = new TZDate(now, timezone);
      if (wall.getDate() === 1 && wall.getHours() < 8) return 0;
      const from = new TZDate(wall.getFullYear(), wall.getMonth() - 1, 1, timezone);
      const to = new TZDate(wall.getFullYear(), wall.getMonth(), 1, timezone);
      const month = format(from, 'yyyy-MM');
      const visits = await monthlyStore(db).doneVisits(from, to);
      const bySchedule = new Map<number, typeof visits>();
      for (const v of visits) bySchedule.set(v.scheduleId, [...(bySchedule.get(v.scheduleId) ?? []), v]);
      const context = await mailContext(true);
      let issued = 0;
      for (const [scheduleId, done] of bySchedule) {
        const first = done[0];
        if (!first) continue;
        const made = await store.transaction(async (tx) => {
          const id = await monthlyStore(db).claim(tx, scheduleId, first.inquiryId, month);
          if (id === null) return false;
          const { priced, amounts } = price(done.map(visitLine), 0, billing);
          await store.update(tx, id, {}, amounts);
          await store.replaceLines(tx, id, priced);
          await issueIn(tx, id, billing);
          await enqueue(tx, 'issued', id, context);
          return true;
        });
        if (!made) continue;
        issued += 1;
        await pause(MONTHLY_RUN_PAUSE_MS);
      }
      return issued;
    },

    /** A customer's own issued invoice as a PDF, by its number; anyone else's (or a draft) is not found. */
    async customerPdf(inquiryId: number, number: string): Promise<{ file: string; body: Buffer }> {
      const id = await store.idOfNumber(inquiryId, number);
      if (id === null) throw new NotFoundError(NOT_FOUND);
      return this.pdf(id);
    },

    /** The invoice as a PDF and its file name (invoice-2027-0001.pdf; a draft's names its id). */
    async pdf(id: number): Promise<{ file: string; body: Buffer }> {
      const invoice = await read(db, id);
      const context = await facts(db);
      const file = invoice.number ? `invoice-${invoice.number}.pdf` : `invoice-draft-${invoice.id}.pdf`;
      return { file, body: await invoicePdf(invoice, context) };
    },

    async list(query: InvoiceListQuery): Promise<ListPage<Invoice>> {
      return store.list(query, paging(query), today());
    },

    async create(input: CreateInvoiceInput): Promise<Invoice> {
      if (!(await store.inquiryExists(input.inquiry_id)))
        throw new ValidationError(`inquiry_id: there is no inquiry with id ${input.inquiry_id}.`);
      const { priced, amounts } = price(input.lines, input.discount, await billingSettings(db));
      const id = await store.transaction(async (tx) => {
        const created = await store.insert(tx, input.inquiry_id, input.notes, amounts);
        await store.replaceLines(tx, created, priced);
        return created;
      });
      return read(db, id);
    },

    async update(id: number, input: UpdateInvoiceInput): Promise<Invoice> {
      const billing = await billingSettings(db);
      await store.transaction(async (tx) => {
        const row = await draft(tx, id);
        const lines = input.lines ?? (await store.lines(tx, id));
        const { priced, amounts } = price(lines, input.discount ?? row.discount, billing);
        await store.update(tx, id, input.notes !== undefined ? { notes: input.notes } : {}, amounts);
        if (input.lines) await store.replaceLines(tx, id, priced);
      });
      return read(db, id);
    },

    async remove(id: number): Promise<void> {
      await store.transaction(async (tx) => {
        await draft(tx, id);
        await store.removeDraft(tx, id);
      });
    },

    /**
     * Gives the draft the next number of this year (business zone) and freezes it: the bill-to copied from the
     * inquiry, the amounts under today's billing settings, due after the terms.
     */
    async issue(id: number, notify = true): Promise<Invoice> {
      const [billing, context] = await Promise.all([billingSettings(db), mailContext(notify)]);
      await store.transaction(async (tx) => {
        await issueIn(tx, id, billing);
        await enqueue(tx, 'issued', id, context);
      });
      return read(db, id);
    },

    /** The number stays; the amounts leave every total. The customer is told why, unless `notify` is false. */
    async void(id: number, reason: string, notify = true): Promise<Invoice> {
      const context = await mailContext(notify);
      await store.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.status === 'draft')
          throw new ConflictError('A draft has no number: delete it instead of voiding it.');
        if (row.status === 'void') throw new ConflictError('This invoice is already void.');
        await store.update(tx, id, { status: 'void', voidReason: reason });
        await enqueue(tx, 'void', id, context);
      });
      return read(db, id);
    },

    /** Mails the issued invoice again (each call one more mail); a draft, a void one or no e-mail is a 409. */
    async resend(id: number): Promise<Invoice> {
      const context = await facts(db);
      await store.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.status === 'draft') throw new ConflictError('A draft has not been sent: issue it first.');
        if (row.status === 'void')
          throw new ConflictError('This invoice is void: there is nothing to resend.');
        if (!(await enqueue(tx, 'issued', id, context)))
          throw new ConflictError('This invoice has no e-mail address to send it to.');
      });
      return read(db, id);
    },

    /** More than the balance is a 409 (the extra is a tip); the invoice becomes partially paid or paid. */
    async addPayment(id: number, payment: PaymentInput, notify = true): Promise<Invoice> {
      const context = await mailContext(notify);
      await store.transaction(async (tx) => {
        await payIn(tx, id, payment);
        await enqueue(tx, 'receipt', id, context);
      });
      return read(db, id);
    },

    /**
     * A visit the owner marked done (in the visit's own transaction, which holds its row lock: one invoice however
     * often it is sent). A one-time visit is invoiced at once, a recurring one when the owner bills per visit;
     * Done & paid also records the payment in full, by the method the owner named, else the one used last (cash at
     * first).
     */
    async visitChanged(visit: Visit, within: Db, method?: PaymentMethod): Promise<void> {
      if (visit.status !== 'done' || visit.kind === 'request') return;
      // The visits store hands its transaction over as a Db; it is one.
      const on = within as unknown as Tx;
      const billing = await billingSettings(within);
      if (visit.kind === 'recurring' && billing.recurring_billing !== 'per_visit') return;
      const context = await mailContext(true, within);
      let id = await store.invoiceOfVisit(on, visit.key);
      if (id === null) {
        const { priced, amounts } = price([visitLine(visit)], 0, billing);
        id = await store.insert(on, visit.inquiry_id, null, amounts);
        await store.replaceLines(on, id, priced);
        await issueIn(on, id, billing);
        // Done & paid mails only the receipt.
        if (!visit.paid) {
          await enqueue(on, 'issued', id, context);
        }
      }
      if (!visit.paid) return;
      const row = await locked(on, id);
      const due = Math.round(row.total * 100) - (await store.paidCents(on, id));
      if (row.status === 'void' || due <= 0) return;
      await payIn(on, id, {
        amount: due / 100,
        tip: 0,
        method: method ?? (await store.lastMethod(on)) ?? 'cash',
        received_on: today(),
        note: null,
        notify_customer: true,
      });
      await enqueue(on, 'receipt', id, context);
    },

    /** For a payment entered by mistake: the balance and the status follow. */
    async removePayment(id: number, paymentId: number): Promise<Invoice> {
      await store.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.status === 'void')
          throw new ConflictError('This invoice is void: its payments stay as they were.');
        if (!(await store.removePayment(tx, id, paymentId)))
          throw new NotFoundError('There is no such payment.');
        const paid = await store.paidCents(tx, id);
        await store.update(tx, id, {
          status: paid === 0 ? 'open' : paid >= Math.round(row.total * 100) ? 'paid' : 'partially_paid',
        });
      });
      return read(db, id);
    },
  };
}
