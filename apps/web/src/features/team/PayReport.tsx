import { businessDate, formatMoney, type PayVisit } from '@clean/shared';
import { useId, useState } from 'react';
import { formatMinutes } from '../../lib/duration';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { InlineLoading } from '../../lib/ui/Loading';
import { monthRange, usePayReport } from './pay-api';

/** A visit that took longer than planned, by more than this, is marked as an overrun. */
const OVERRUN_MINUTES = 15;

/** "Thu, Dec 3": a business date (already in the business zone, so read as UTC). */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

const overran = (v: Pick<PayVisit, 'planned_minutes' | 'clocked_minutes'>) =>
  v.clocked_minutes > v.planned_minutes + OVERRUN_MINUTES;

/**
 * The Team page's pay summary of one team member for a month (docs/api.md#pay): pay, tips, planned against
 * clocked time, and each visit, the overruns marked; the month's CSV.
 */
export function PayReport({
  member,
  month: initialMonth,
}: {
  member: { id: number; name: string };
  month?: string;
}) {
  const { timezone } = useSiteConfig();
  const [month, setMonth] = useState(initialMonth ?? businessDate(new Date(), timezone).slice(0, 7));
  const monthId = useId();
  const { data, error, isPending } = usePayReport(member.id, month);
  return (
    <section aria-label={`Pay of ${member.name}`} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={monthId} className="block text-sm font-medium">
          Month
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="mt-1 block rounded border border-gray-300 px-2 py-1"
          />
        </label>
        <DownloadCsvButton
          path={`/api/team/${member.id}/pay.csv`}
          query={monthRange(month)}
          what={`pay of ${member.name}`}
        />
      </div>
      {error && <Alert tone="error">{failureMessage('Failed to load the pay.', error)}</Alert>}
      {isPending && <InlineLoading label="Loading pay..." />}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <Figure label="Pay" value={formatMoney(data.totals.pay)} />
            <Figure label="Tips" value={formatMoney(data.totals.tips)} />
            <Figure label="Planned" value={formatMinutes(data.totals.planned_minutes)} />
            <Figure label="Clocked" value={formatMinutes(data.totals.clocked_minutes)} />
          </dl>
          {data.visits.length === 0 ? (
            <p className="text-sm text-gray-600">No visits this month.</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Visits of {member.name}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col">Date</th>
                  <th scope="col">Planned</th>
                  <th scope="col">Clocked</th>
                  <th scope="col">Pay</th>
                  <th scope="col">Tips</th>
                </tr>
              </thead>
              <tbody>
                {data.visits.map((v) => (
                  <tr key={v.key} className={overran(v) ? 'bg-amber-50' : undefined}>
                    <td>{dayFormat.format(Date.parse(v.date))}</td>
                    <td>{formatMinutes(v.planned_minutes)}</td>
                    <td>
                      {formatMinutes(v.clocked_minutes)}
                      {overran(v) && <span className="ml-1 font-semibold text-amber-800"> (overran)</span>}
                    </td>
                    <td>{formatMoney(v.pay)}</td>
                    <td>{formatMoney(v.tips)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded border border-gray-200 p-2">
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
