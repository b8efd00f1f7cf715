import { Link } from 'react-router';
import { cx } from '../../lib/ui/cx';
import { addDays, DAY_OFFSETS, dayLabel } from './days';

/** Yesterday, today and the days ahead as links (`?day=`), so a reload or Back keeps the day. */
export function DayPicker({ day, todayIs }: { day: string; todayIs: string }) {
  return (
    <nav aria-label="Day">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2">
        {DAY_OFFSETS.map((offset) => {
          const value = addDays(todayIs, offset);
          const current = value === day;
          return (
            <li key={value} className="shrink-0">
              <Link
                to={offset === 0 ? '?' : `?day=${value}`}
                replace
                aria-current={current ? 'date' : undefined}
                className={cx(
                  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap',
                  current
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:bg-brand-50',
                )}
              >
                {dayLabel(value, todayIs)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
