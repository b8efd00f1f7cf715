import { businessDate, formatMoney } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { downloadFile } from '../../lib/download';
import { useSiteConfig } from '../../lib/site-config';
import { Button } from '../../lib/ui/Button';
import { Options, SelectField } from '../../lib/ui/FormFields';
import { TextField } from '../../lib/ui/TextField';
import { salesTaxOptions } from './api';

const PERIODS = [
  { value: '1', label: 'Month' },
  { value: '3', label: 'Quarter' },
  { value: '12', label: 'Year' },
];

/** The first and last day of `months` months from the month `start` (YYYY-MM). */
export function periodOf(start: string, months: number): { from: string; to: string } {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m - 1 + months, 0));
  return { from: `${start}-01`, to: last.toISOString().slice(0, 10) };
}

/**
 * The accountant's report (Connecticut returns are monthly, quarterly or yearly): gross, taxable and non-taxable
 * sales and the tax by month of issue, with the CSV file.
 */
export function SalesTaxReport() {
  const headingId = useId();
  const { timezone } = useSiteConfig();
  const [start, setStart] = useState(() => businessDate(new Date(), timezone).slice(0, 7));
  const [months, setMonths] = useState('3');
  const { from, to } = periodOf(/^\d{4}-\d{2}$/.test(start) ? start : '2000-01', Number(months));
  const { data } = useQuery(salesTaxOptions(from, to));
  const cells = (f: { gross_sales: number; taxable_sales: number; non_taxable_sales: number; tax: number }) =>
    [f.gross_sales, f.taxable_sales, f.non_taxable_sales, f.tax].map((v, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
      <td key={i} className="px-2 text-right tabular-nums">
        {formatMoney(v)}
      </td>
    ));
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-xl font-semibold">
        Sales tax report
      </h3>
      <div className="flex flex-wrap items-end gap-4">
        <TextField
          label="From month"
          type="month"
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
        />
        <SelectField label="Period" value={months} onChange={(e) => setMonths(e.currentTarget.value)}>
          <Options values={PERIODS} />
        </SelectField>
        <Button
          variant="secondary"
          onClick={() =>
            void downloadFile(
              '/api/reports/sales-tax',
              { from, to, format: 'csv' },
              `sales-tax-${from}-${to}.csv`,
            )
          }
        >
          Download CSV
        </Button>
      </div>
      {data && (
        <table className="text-sm" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th className="px-2 text-left">Month</th>
              <th className="px-2 text-right">Gross</th>
              <th className="px-2 text-right">Taxable</th>
              <th className="px-2 text-right">Non-taxable</th>
              <th className="px-2 text-right">Tax</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month}>
                <td className="px-2">{m.month}</td>
                {cells(m)}
              </tr>
            ))}
            <tr className="font-semibold">
              <td className="px-2">Total</td>
              {cells(data.totals)}
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
