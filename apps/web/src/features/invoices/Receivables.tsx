import { formatMoney } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { receivablesOptions } from './api';

/** Money owed at a glance: what is outstanding, what is overdue, and this month's tips. */
export function Receivables() {
  const { data } = useQuery(receivablesOptions);
  if (!data) return null;
  return (
    <dl className="grid grid-cols-3 gap-3 rounded-xl bg-brand-50 p-4 text-sm" aria-label="Money owed">
      <div>
        <dt>Outstanding</dt>
        <dd className="text-lg font-semibold">{formatMoney(data.outstanding)}</dd>
      </div>
      <div>
        <dt>Overdue</dt>
        <dd className="text-lg font-semibold">{formatMoney(data.overdue)}</dd>
      </div>
      <div>
        <dt>Tips this month</dt>
        <dd className="text-lg font-semibold">{formatMoney(data.tips_this_month)}</dd>
      </div>
    </dl>
  );
}
