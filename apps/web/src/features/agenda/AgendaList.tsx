import { format } from 'date-fns';
import { useState } from 'react';
import { Button } from '../../lib/ui/Button';
import { ContactLinks } from '../../lib/ui/ContactLinks';
import { COMING_REQUEST_DAYS } from './comingVisits';
import type { AgendaEvent } from './events';
import { personColor, personOf } from './people';

const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

const KIND_LABEL: Record<AgendaEvent['detail']['kind'], string> = {
  'one-time': 'One-time',
  recurring: 'Recurring',
  visit: 'Visit',
  request: 'Requested',
};
const KIND_BORDER: Record<AgendaEvent['detail']['kind'], string> = {
  'one-time': 'border-brand-700',
  recurring: 'border-sky-800',
  visit: 'border-amber-700',
  request: 'border-violet-700',
};

/**
 * The month's events by day, one card each with its one-tap links: what a phone shows instead of the grid.
 * In the month of `today` it opens at today: the days before are folded away behind a button.
 */
export function AgendaList({
  month,
  today,
  events,
  comingRequests = [],
  onNavigate,
  onSelect,
}: {
  /** Any (shifted) date in the month shown. */
  month: Date;
  /** Now, shifted (business wall time). */
  today: Date;
  events: AgendaEvent[];
  /** Booking requests of the coming COMING_REQUEST_DAYS: those outside the month shown are listed after it. */
  comingRequests?: AgendaEvent[];
  onNavigate: (date: Date) => void;
  onSelect: (event: AgendaEvent) => void;
}) {
  const [showPast, setShowPast] = useState(false);
  const isInMonth = (e: AgendaEvent) =>
    e.start.getFullYear() === month.getFullYear() && e.start.getMonth() === month.getMonth();
  const inMonth = events.filter(isInMonth).sort((a, b) => a.start.getTime() - b.start.getTime());
  const later = comingRequests
    .filter((e) => !isInMonth(e))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const days = new Map<string, AgendaEvent[]>();
  for (const event of inMonth) {
    const key = dayKey(event.start);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  const todayKey = dayKey(today);
  const thisMonth = todayKey.slice(0, 7) === dayKey(month).slice(0, 7);
  const all = [...days];
  const past = thisMonth ? all.filter(([key]) => key < todayKey) : [];
  const shown = showPast ? all : all.slice(past.length);
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
      {past.length > 0 && (
        <Button
          variant="ghost"
          className="px-3"
          aria-expanded={showPast}
          onClick={() => setShowPast(!showPast)}
        >
          {showPast
            ? 'Hide the days before today'
            : `Show ${past.length} earlier ${past.length === 1 ? 'day' : 'days'} this month`}
        </Button>
      )}
      {days.size === 0 && <p className="text-stone-600">No cleanings this month.</p>}
      {thisMonth && days.size > 0 && !days.has(todayKey) && (
        <p className="text-stone-600">Nothing planned today.</p>
      )}
      {shown.map(([key, list]) => (
        <section
          key={key}
          aria-label={format(list[0]?.start ?? month, 'EEEE, MMMM d')}
          aria-current={key === todayKey ? 'date' : undefined}
          className="space-y-2"
        >
          <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
            {key === todayKey ? 'Today, ' : ''}
            {format(list[0]?.start ?? month, 'EEE, MMM d')}
          </h3>
          <ul className="space-y-2">
            {list.map((event) => (
              <AgendaEntry key={event.id} event={event} onSelect={() => onSelect(event)} />
            ))}
          </ul>
        </section>
      ))}
      {later.length > 0 && (
        <section aria-label={`Requests in the next ${COMING_REQUEST_DAYS} days`} className="space-y-2">
          <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
            Requests in the next {COMING_REQUEST_DAYS} days
          </h3>
          <ul className="space-y-2">
            {later.map((event) => (
              <AgendaEntry key={event.id} event={event} withDay onSelect={() => onSelect(event)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function AgendaEntry({
  event,
  withDay = false,
  onSelect,
}: {
  event: AgendaEvent;
  /** Listed outside its day's heading: the entry names its day. */
  withDay?: boolean;
  onSelect: () => void;
}) {
  const { item, kind } = event.detail;
  const skipped = kind === 'visit' && event.detail.item.status === 'skipped';
  const cancelled = event.detail.kind === 'one-time' && event.detail.visit?.status === 'cancelled';
  const person = personOf(event);
  return (
    <li className={`rounded-2xl border-l-4 bg-white p-3 shadow-sm ${KIND_BORDER[kind]}`}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span
          className={`min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-950 ${cancelled ? 'line-through' : ''}`}
        >
          {item.inquiry_name}
        </span>
        <span className="text-sm text-stone-700">
          {format(event.start, withDay ? 'EEE, MMM d, h:mm a' : 'h:mm a')}
          {kind === 'visit' || kind === 'request' ? `–${format(event.end, 'h:mm a')}` : ''} ·{' '}
          {KIND_LABEL[kind]}
          {skipped ? ' (skipped)' : ''}
          {cancelled ? ' (cancelled)' : ''}
          {item.town ? ` · ${item.town}` : ''}
        </span>
      </p>
      {person && (
        <p className="mt-1 inline-flex items-center gap-1 text-sm text-stone-700">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-full"
            style={{ background: personColor(person.id) }}
          />
          {person.name} cleans
        </p>
      )}
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
