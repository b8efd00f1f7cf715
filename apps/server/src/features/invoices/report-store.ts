import type { Receivables, SalesTaxReport } from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Rows<T> = { rows: T[] };
const n = (v: unknown) => Number(v ?? 0);

/** The first day of the month of a business date, and of the next month. */
const monthBounds = (today: string) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first: `${today.slice(0, 7)}-01`, next };
};

/**
 * The owner's figures, summed in SQL over exact numerics (never in floating point). Void and draft invoices count
 * nowhere; what is owed is each open invoice's total less its payments (tips apart).
 */
export const reportStore = (db: Db) => ({
  async receivables(today: string): Promise<Receivables> {
    const { first, next } = monthBounds(today);
    const result = (await db.execute(sql`
      with open as materialized (
        select id, total, ${today}::date - due_on as late from invoices where status in ('open', 'partially_paid')),
      owed as (
        select o.late, o.total - coalesce(sum(p.amount), 0) as due
          from open o left join invoice_payments p on p.invoice_id = o.id
         group by o.id, o.total, o.late)
      select coalesce(sum(due), 0)::text as outstanding,
             coalesce(sum(due) filter (where late > 0), 0)::text as overdue,
             coalesce(sum(due) filter (where late between 1 and 30), 0)::text as a0_30,
             coalesce(sum(due) filter (where late between 31 and 60), 0)::text as a31_60,
             coalesce(sum(due) filter (where late between 61 and 90), 0)::text as a61_90,
             coalesce(sum(due) filter (where late > 90), 0)::text as over_90,
             (select coalesce(sum(p.tip), 0)::text from invoice_payments p
               where p.received_on >= ${first}::date and p.received_on < ${next}::date
                 and not exists (select 1 from invoices v where v.id = p.invoice_id and v.status = 'void')) as tips
        from owed`)) as unknown as Rows<Record<string, string>>;
    const row = result.rows[0] ?? {};
    return {
      outstanding: n(row.outstanding),
      overdue: n(row.overdue),
      tips_this_month: n(row.tips),
      aging: {
        '0_30': n(row.a0_30),
        '31_60': n(row.a31_60),
        '61_90': n(row.a61_90),
        over_90: n(row.over_90),
      },
    };
  },

  /**
   * By month of issue. Gross excludes the tax: when prices include it, the tax inside the taxable part is taken
   * out of both gross and taxable sales.
   */
  async salesTax(from: string, to: string): Promise<SalesTaxReport> {
    // Summed by day first, in the index's order, then by month over those few rows: a quarter's invoices are read
    // from the index alone (docs/performance.md).
    const result = (await db.execute(sql`
      with days as (
        select issued_on, sum(taxable_amount) as taxable, sum(non_taxable_amount) as non_taxable, sum(tax) as tax,
               coalesce(sum(tax) filter (where prices_include_tax), 0) as included_tax
          from invoices
         where issued_on between ${from}::date and ${to}::date and status not in ('draft', 'void')
         group by issued_on)
      select to_char(issued_on, 'YYYY-MM') as month,
             sum(taxable + non_taxable - included_tax)::text as gross,
             sum(taxable - included_tax)::text as taxable,
             sum(non_taxable)::text as non_taxable,
             sum(tax)::text as tax
        from days
       group by grouping sets ((to_char(issued_on, 'YYYY-MM')), ())
       order by month nulls last`)) as unknown as Rows<Record<string, string | null>>;
    const figures = (row: Record<string, string | null> | undefined) => ({
      gross_sales: n(row?.gross),
      taxable_sales: n(row?.taxable),
      non_taxable_sales: n(row?.non_taxable),
      tax: n(row?.tax),
    });
    const months = result.rows.filter((r) => r.month !== null);
    return {
      months: months.map((r) => ({ month: r.month as string, ...figures(r) })),
      totals: figures(result.rows.find((r) => r.month === null)),
    };
  },
});
