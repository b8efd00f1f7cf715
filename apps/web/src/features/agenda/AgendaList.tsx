import { format } from 'date-fns';
import { Button } from '../../lib/ui/Button';
import { ContactLinks } from '../../lib/ui/ContactLinks';
import type { AgendaEvent } from './events';

const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** The month's events by day, one card each with its one-tap links: what a phone shows instead of the grid. */
export function AgendaList({
  month,
  events,
  onNavigate,
  onSelect,
}: {
  /** Any (shifted) date in the month shown. */
  month: Date;
  events: AgendaEvent[];
  onNavigate: (date: Date) => void;
  onSelect: (event: AgendaEvent) => void;
}) {
  const inMonth = events
    .filter((e) => e.start.getFullYear() === month.getFullYear() && e.start.getMonth() === month.getMonth())
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const days = new Map<string, AgendaEvent[]>();
  for (const event of inMonth) {
    const key = dayKey(event.start);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  const shift = (months: number) => onNavigate(new Date(month.getFullYear(), month.getMonth() + months, 1));
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="secondary" className="px-3" onClick={() => shift(-1)}>
          <span aria-hidden="true">‹</span> Previous
        </Button>
        <p className="text-lg font-semibold text-brand-950" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </p>
        <Button variant="secondary" className="px-3" onClick={() => shift(1)}>
          Next <span aria-hidden="true">›</span>
        </Button>
      </div>
      {days.size === 0 && <p className="text-stone-600">No cleanings this month.</p>}
      {[...days].map(([key, list]) => (
        <section key={key} aria-label={format(list[0]?.start ?? month, 'EEEE, MMMM d')} className="space-y-2">
          <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
            {format(list[0]?.start ?? month, 'EEE, MMM d')}
          </h3>
          <ul className="space-y-2">
            {list.map((event) => (
              <AgendaEntry key={event.id} event={event} onSelect={() => onSelect(event)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function AgendaEntry({ event, onSelect }: { event: AgendaEvent; onSelect: () => void }) {
  const { item, kind } = event.detail;
  return (
    <li
      className={
        kind === 'one-time'
          ? 'rounded-2xl border-l-4 border-brand-700 bg-white p-3 shadow-sm'
          : 'rounded-2xl border-l-4 border-sky-800 bg-white p-3 shadow-sm'
      }
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-950">
          {item.inquiry_name}
        </span>
        <span className="text-sm text-stone-700">
          {format(event.start, 'h:mm a')} · {kind === 'one-time' ? 'One-time' : 'Recurring'}
          {item.town ? ` · ${item.town}` : ''}
        </span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <ContactLinks
          name={item.inquiry_name}
          phone={item.phone_number}
          email={item.email}
          prefers={item.call_or_text}
        />
        <Button variant="ghost" className="px-3" onClick={onSelect} aria-label={`Details of ${event.title}`}>
          Details
        </Button>
      </div>
    </li>
  );
}
