import { formatDate, formatMoney, OVERDUE_GRACE_DAYS } from '@clean/shared';
import { useId } from 'react';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { useOverduePayments } from './api';

/** Agenda → "Payments overdue": recurring clients whose payment is late, the latest first. */
export function OverduePayments() {
  const headingId = useId();
  const { timezone } = useSiteConfig();
  const query = useOverduePayments();
  const list = query.data ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Payments overdue
      </h2>
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Checking recurring payments...
        </p>
      )}
      {query.isError && (
        <Alert tone="error">{failureMessage('Failed to check recurring payments.', query.error)}</Alert>
      )}
      {query.data && list.length === 0 && (
        <p className="text-stone-600">
          No recurring payment is late. (Weekly, every 2 weeks, every 4 weeks and monthly schedules are
          checked; a payment counts as late {OVERDUE_GRACE_DAYS} days after it was due.)
        </p>
      )}
      {list.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {list.map((o) => (
            <li
              key={o.id}
              className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm shadow-sm"
              aria-label={`${o.inquiry_name}, ${o.days_overdue} days overdue`}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-base font-semibold break-words text-brand-950">{o.inquiry_name}</span>
                <span className="rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
                  {o.days_overdue} days late
                </span>
              </p>
              <p className="mt-1 text-stone-700">
                {formatMoney(o.amount)} · {o.frequency}
              </p>
              <p className="text-stone-700">
                {o.last_paid ? `Last paid ${formatDate(o.last_paid, timezone)}` : 'Never paid'} · expected by{' '}
                {formatDate(o.expected_by, timezone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
