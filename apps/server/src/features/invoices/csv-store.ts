import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Cell } from '../../lib/csv';
import { cents, inBatches } from '../../lib/csv';

type Row = Record<string, unknown> & { id: number };
type Rows = { rows: Record<string, unknown>[] };
const money = (v: unknown) => cents(Number(v ?? 0));

export const INVOICE_CSV_HEADER = [
  'Number',
  'Status',
  'Issued',
  'Due',
  'Customer',
  'Email',
  'Subtotal',
  'Discount',
  'Taxable sales',
  'Non-taxable sales',
  'Tax',
  'Total',
  'Paid',
  'Tips',
  'Void reason',
];
export const PAYMENT_CSV_HEADER = ['Invoice', 'Received', 'Method', 'Amount', 'Tip', 'Customer', 'Note'];

/**
 * The accountant's files: every issued invoice (drafts have no number and are left out) and every payment, newest
 * first, in keyset batches; amounts summed in SQL, to the cent.
 */
export const csvStore = (db: Db) => ({
  invoices(): AsyncIterable<Cell[]> {
    return (async function* () {
      for await (const batch of inBatches(async (before, limit) => {
        const result = (await db.execute(sql`
          select i.id, i.number, i.status, i.issued_on::text as issued_on, i.due_on::text as due_on, i.bill_to_name,
                 i.bill_to_email, i.subtotal, i.discount, i.taxable_amount, i.non_taxable_amount, i.tax, i.total,
                 coalesce(sum(p.amount), 0) as paid, coalesce(sum(p.tip), 0) as tips, i.void_reason
            from invoices i left join invoice_payments p on p.invoice_id = i.id
           where i.status <> 'draft' and (${before}::int is null or i.id < ${before}::int)
           group by i.id order by i.id desc limit ${limit}`)) as unknown as Rows;
        return result.rows.map((r): Row => ({ ...r, id: Number(r.id) }));
      }))
        for (const r of batch)
          yield [
            r.number as string,
            r.status as string,
            r.issued_on as string,
            r.due_on as string,
            r.bill_to_name as string,
            r.bill_to_email as string | null,
            money(r.subtotal),
            money(r.discount),
            money(r.taxable_amount),
            money(r.non_taxable_amount),
            money(r.tax),
            money(r.total),
            money(r.paid),
            money(r.tips),
            r.void_reason as string | null,
          ];
    })();
  },

  payments(): AsyncIterable<Cell[]> {
    return (async function* () {
      for await (const batch of inBatches(async (before, limit) => {
        const result = (await db.execute(sql`
          select p.id, i.number, p.received_on::text as received_on, p.method, p.amount, p.tip, i.bill_to_name, p.note
            from invoice_payments p join invoices i on i.id = p.invoice_id
           where (${before}::int is null or p.id < ${before}::int)
           order by p.id desc limit ${limit}`)) as unknown as Rows;
        return result.rows.map((r): Row => ({ ...r, id: Number(r.id) }));
      }))
        for (const r of batch)
          yield [
            r.number as string,
            r.received_on as string,
            r.method as string,
            money(r.amount),
            money(r.tip),
            r.bill_to_name as string,
            r.note as string | null,
          ];
    })();
  },
});
