import { formatMoney, HEARD_FROM_LABELS, type LeadSource, type LeadSources as Sources } from '@clean/shared';
import { useId } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { useLeadSources } from './api';

type LeadSourceRow = Sources['sources'][number];

const labelOf = (source: LeadSource) => (source === 'unknown' ? 'Not said' : HEARD_FROM_LABELS[source]);

const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/** The best earners first; among equals, the most requests. */
const byRevenue = (a: LeadSourceRow, b: LeadSourceRow) => b.revenue - a.revenue || b.requests - a.requests;

/**
 * Where leads come from, last 12 months: per source a bar of requests with the booked share filled in, and a bar
 * of the revenue they brought, so the best source stands out at a glance. Plain CSS bars, as the revenue chart:
 * a chart library would add more to the hub than this whole feature; the table behind it is for screen readers.
 */
export function LeadSources() {
  const headingId = useId();
  const chartId = useId();
  const query = useLeadSources();
  // Every source comes, zeros included: only those with something to show are drawn.
  const rows = (query.data?.sources ?? []).filter((r) => r.requests > 0 || r.revenue > 0).sort(byRevenue);
  const best = rows[0];
  const maxRequests = Math.max(0, ...rows.map((r) => r.requests));
  const maxRevenue = Math.max(0, ...rows.map((r) => r.revenue));
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Where leads come from
      </h2>
      {query.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{failureMessage('Failed to load the lead sources.', query.error)}</span>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading lead sources...
        </p>
      )}
      {query.isSuccess && rows.length === 0 && (
        <p className="text-stone-600">No booking requests in the last 12 months yet.</p>
      )}
      {rows.length > 0 && (
        <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <figcaption id={chartId} className="text-sm font-semibold text-stone-800">
            Requests, booked and revenue per source, last 12 months
          </figcaption>
          {best && best.revenue > 0 && (
            <p className="mt-1 text-sm text-stone-700">
              {labelOf(best.source)} brought the most: {formatMoney(best.revenue)} from {best.booked} booked.
            </p>
          )}
          <p aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-sm bg-brand-700" /> Booked
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-sm bg-brand-200" /> Not booked
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-sm bg-amber-600" /> Revenue
            </span>
          </p>
          <ul aria-hidden="true" className="mt-4 space-y-4">
            {rows.map((row) => (
              <li key={row.source} className="grid gap-x-3 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)]">
                <span className="text-sm font-semibold text-stone-900 sm:pt-0.5">{labelOf(row.source)}</span>
                <div className="min-w-0 space-y-1">
                  <div className="flex items-center gap-2">
                    <div className="h-5 min-w-0 flex-1">
                      <div
                        className="flex h-full overflow-hidden rounded-md bg-brand-200"
                        style={{
                          width: `${percent(row.requests, maxRequests)}%`,
                          minWidth: row.requests ? 4 : 0,
                        }}
                      >
                        <div
                          className="h-full bg-brand-700"
                          style={{ width: `${percent(row.booked, row.requests)}%` }}
                        />
                      </div>
                    </div>
                    <span className="w-28 shrink-0 text-right text-xs text-stone-700 tabular-nums">
                      {row.booked} of {row.requests} booked
                    </span>
                  </div>
                  <div className="flex items-center gap-2">
                    <div className="h-2.5 min-w-0 flex-1">
                      <div
                        className="h-full rounded-full bg-amber-600"
                        style={{
                          width: `${percent(row.revenue, maxRevenue)}%`,
                          minWidth: row.revenue ? 4 : 0,
                        }}
                      />
                    </div>
                    <span className="w-28 shrink-0 text-right text-xs font-semibold text-stone-800 tabular-nums">
                      {formatMoney(row.revenue)}
                    </span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {/* Wrapped: a table takes its content's width whatever its own, so a bare sr-only table could stick out
              past a phone's screen (as RevenueSummary found). */}
          <div className="sr-only">
            <table aria-labelledby={chartId}>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Requests</th>
                  <th scope="col">Booked</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.source}>
                    <th scope="row">{labelOf(row.source)}</th>
                    <td>{row.requests}</td>
                    <td>{row.booked}</td>
                    <td>{formatMoney(row.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </section>
  );
}
