import { formatMoney, type RevenueTotals } from '@clean/shared';
import { useId } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { useRevenueSummary } from './api';

/** "2026-05" (or a longer ISO date) → "May 2026" / "May". */
export function monthLabel(month: string, style: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat('en-US', {
    month: style === 'long' ? 'long' : 'short',
    year: style === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  }).format(date);
}

function Totals({ label, totals }: { label: string; totals: RevenueTotals }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900">{formatMoney(totals.total)}</dd>
      <dd className="mt-1 text-xs text-stone-600">
        One-time {formatMoney(totals.one_time)} · Recurring {formatMoney(totals.recurring)}
      </dd>
    </div>
  );
}

/** Paid revenue: this month, this year, all time, and a bar chart of the last 12 months. */
export function RevenueSummary() {
  const headingId = useId();
  const chartId = useId();
  const query = useRevenueSummary();
  const data = query.data;
  const months = data?.by_month ?? [];
  const max = Math.max(0, ...months.map((m) => m.total));

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Revenue
      </h2>
      {query.isError && (
        <Alert tone="error">{failureMessage('Failed to load the revenue summary.', query.error)}</Alert>
      )}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading revenue...
        </p>
      )}
      {data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Totals label="This month" totals={data.this_month} />
            <Totals label="This year" totals={data.this_year} />
            <Totals label="All time" totals={data.all_time} />
          </dl>
          <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <figcaption id={chartId} className="text-sm font-semibold text-stone-800">
              Paid per month, last 12 months
            </figcaption>
            <div aria-hidden="true" className="mt-4 flex h-40 items-end gap-1 sm:gap-2">
              {months.map((m) => {
                const height = max > 0 ? (m.total / max) * 100 : 0;
                const oneTimeShare = m.total > 0 ? (m.one_time / m.total) * 100 : 0;
                return (
                  <div
                    key={m.month}
                    className="flex h-full min-w-0 flex-1 flex-col justify-end"
                    title={`${monthLabel(m.month)}: ${formatMoney(m.total)}`}
                  >
                    <div
                      className="flex w-full flex-col overflow-hidden rounded-t-md bg-sky-800"
                      style={{ height: `${height}%`, minHeight: m.total > 0 ? 2 : 0 }}
                    >
                      <div className="mt-auto w-full bg-brand-600" style={{ height: `${oneTimeShare}%` }} />
                    </div>
                  </div>
                );
              })}
            </div>
            <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
              {months.map((m) => (
                <span
                  key={m.month}
                  className="min-w-0 flex-1 truncate text-center text-[0.65rem] text-stone-600 sm:text-xs"
                >
                  {monthLabel(m.month, 'short')}
                </span>
              ))}
            </div>
            <p aria-hidden="true" className="mt-3 flex flex-wrap gap-4 text-xs text-stone-600">
              <span className="inline-flex items-center gap-1">
                <span className="inline-block h-3 w-3 rounded-sm bg-brand-600" /> One-time
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="inline-block h-3 w-3 rounded-sm bg-sky-800" /> Recurring
              </span>
            </p>
            {/* The wrapper hides it: a table takes its content's width whatever its own, so an sr-only table
                stuck out past a phone's screen once its months had amounts. */}
            <div className="sr-only">
              <table aria-labelledby={chartId}>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">One-time</th>
                    <th scope="col">Recurring</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month)}</th>
                      <td>{formatMoney(m.one_time)}</td>
                      <td>{formatMoney(m.recurring)}</td>
                      <td>{formatMoney(m.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        </>
      )}
    </section>
  );
}
