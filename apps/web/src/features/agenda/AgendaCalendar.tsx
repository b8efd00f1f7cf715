import { AGENDA_DAY_LIMIT, timeZoneLabel } from '@clean/shared';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import {
  Calendar,
  dateFnsLocalizer,
  type EventProps,
  type EventWrapperProps,
  type View,
} from 'react-big-calendar';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { cx } from '../../lib/ui/cx';
import { AgendaList } from './AgendaList';
import { useAgenda, useVisits } from './api';
import {
  type CalendarRange,
  monthRange,
  normalizeRange,
  rangeQuery,
  toCalendarDate,
  visitsRange,
} from './calendarTime';
import { useComingRequests } from './comingVisits';
import { EventDetails } from './EventDetails';
import { type AgendaEvent, buildEvents } from './events';
import { PersonFilter } from './PersonFilter';
import { byPerson, type PersonFilter as Filter, peopleOf, personColor, personOf } from './people';
import './calendar.css';

/** "2026-09-10" → "Sep 10" (a business date, no zone involved). */
const formatDay = (day: string) => format(parse(day, 'yyyy-MM-dd', new Date()), 'MMM d');

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });
const VIEWS: View[] = ['month', 'week', 'day'];
/** Week and day views open at 7 AM, where the working day starts. */
const SCROLL_TO = new Date(1970, 0, 1, 7, 0);
/** Below Tailwind's `sm` a month grid's cells are too narrow to read a name: phones start with the list. */
const PHONE = '(max-width: 639px)';
const startsAsList = () => typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches === true;

/** What each event colour is (eventClass gives them): the recurring kinds say paid or not, as their events differ. */
const LEGEND = [
  { color: 'bg-brand-700', label: 'One-time cleaning' },
  { color: 'bg-sky-800', label: 'Recurring visit, paid' },
  { color: 'bg-amber-700', label: 'Recurring visit, not paid yet' },
  { color: 'bg-violet-700', label: 'Request holding its time' },
] as const;

function eventClass({ detail }: AgendaEvent): string {
  if (detail.kind === 'one-time')
    return detail.visit?.status === 'cancelled'
      ? 'hub-event-one-time hub-event-skipped'
      : 'hub-event-one-time';
  if (detail.kind === 'recurring') return 'hub-event-recurring';
  if (detail.kind === 'request') return 'hub-event-request';
  return detail.item.status === 'skipped' ? 'hub-event-visit hub-event-skipped' : 'hub-event-visit';
}

/** A person's visit carries their colour as a thick left edge (the fill still says the kind). */
function personStyle(event: AgendaEvent) {
  const person = personOf(event);
  return person ? { boxShadow: `inset 6px 0 0 ${personColor(person.id)}` } : undefined;
}

/**
 * The event label as a real button, so keyboard users can open the details too. A phone's month cell is about 48 px
 * wide: there it shows the customer's first name alone (the colour says the kind, see the legend) rather than a cut
 * "Requ…"; its accessible name is always the whole title.
 */
function EventButton({ event, title }: EventProps<AgendaEvent>) {
  const full = String(title);
  return (
    <button type="button" className="hub-event-button" aria-label={full} title={full}>
      <span className="hub-event-long" aria-hidden="true">
        {full}
      </span>
      <span className="hub-event-short" aria-hidden="true">
        {event.detail.item.inquiry_name.trim().split(/\s+/)[0]}
      </span>
    </button>
  );
}

/**
 * In the month grid an event sits in a row of role "row"; the wrapper gives the event button the cell role
 * a row may contain (the time grids have no such roles and need no wrapper).
 */
function EventCellWrapper({
  type,
  children,
}: EventWrapperProps<AgendaEvent> & { type?: 'date' | 'time'; children?: ReactNode }) {
  // biome-ignore lint/a11y/useSemanticElements: react-big-calendar's grid is made of divs with ARIA roles
  return type === 'date' ? <div role="cell">{children}</div> : children;
}

/**
 * Agenda → 'Cleaning Calendar' (month view by default, height 500). Dates are shown in the business
 * time zone whatever the browser's (see calendarTime); only the visible range is fetched.
 */
export function AgendaCalendar() {
  const { timezone } = useSiteConfig();
  const headingId = useId();
  const getNow = useCallback(() => toCalendarDate(new Date(), timezone) ?? new Date(), [timezone]);
  const [date, setDate] = useState(getNow);
  const [view, setView] = useState<View>('month');
  const [range, setRange] = useState<CalendarRange>(() => monthRange(getNow()));
  const [selected, setSelected] = useState<AgendaEvent | null>(null);
  const [asList, setAsList] = useState(startsAsList);

  function showList(list: boolean) {
    setAsList(list);
    if (list) setRange(monthRange(date));
    else setView('month');
  }

  const query = useAgenda(rangeQuery(range, timezone));
  const visits = useVisits(visitsRange(range));
  const allEvents = useMemo(
    () => buildEvents(query.data, timezone, visits.data),
    [query.data, timezone, visits.data],
  );
  const [person, setPerson] = useState<Filter>('all');
  const people = useMemo(() => peopleOf(allEvents), [allEvents]);
  const events = useMemo(() => byPerson(allEvents, person), [allEvents, person]);
  const coming = useComingRequests(timezone);
  const comingEvents = useMemo(
    () => buildEvents({ one_time_cleanings: [], recurring_paid_records: [] }, timezone, coming.data),
    [timezone, coming.data],
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          Cleaning Calendar
        </h2>
        <div className="text-sm text-stone-600">
          <p>Times in {timeZoneLabel(timezone)}.</p>
          <ul aria-label="Colors" className="flex flex-wrap gap-x-3 gap-y-1">
            {LEGEND.map(({ color, label }) => (
              <li key={label} className="inline-flex items-center gap-1">
                <span aria-hidden="true" className={cx('inline-block h-3 w-3 rounded-sm', color)} /> {label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {query.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>Failed to load cleaning dates.</span>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => Promise.all([query.refetch(), visits.isError && visits.refetch()])}
          >
            Try again
          </Button>
        </Alert>
      )}
      {visits.isError && !query.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>Failed to load the recurring visits.</span>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => visits.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.data?.truncated_days?.length ? (
        <Alert tone="info">
          Busy {query.data.truncated_days.length === 1 ? 'day' : 'days'} (
          {query.data.truncated_days.map((day) => formatDay(day)).join(', ')}): only the first{' '}
          {AGENDA_DAY_LIMIT} cleanings and paid dates of a day are shown here. The Manage tab lists them all.
        </Alert>
      ) : null}
      <fieldset className="flex gap-1 rounded-full border border-stone-200 bg-white p-1 shadow-sm sm:inline-flex">
        <legend className="sr-only">Show the cleanings as</legend>
        {[
          { list: true, label: 'List' },
          { list: false, label: 'Month grid' },
        ].map((option) => (
          <button
            key={option.label}
            type="button"
            aria-pressed={asList === option.list}
            onClick={() => showList(option.list)}
            className={cx(
              'min-h-11 flex-1 rounded-full px-4 text-sm font-semibold whitespace-nowrap',
              asList === option.list ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-brand-50',
            )}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
      <PersonFilter people={people} value={person} onChange={setPerson} />
      {query.isPending ? (
        <p role="status" className="grid h-[500px] place-items-center rounded-2xl bg-white text-stone-600">
          Loading calendar...
        </p>
      ) : asList ? (
        <AgendaList
          month={date}
          today={getNow()}
          events={events}
          comingRequests={comingEvents}
          onNavigate={(next) => {
            setDate(next);
            setRange(monthRange(next));
          }}
          onSelect={setSelected}
        />
      ) : (
        <div className="hub-calendar overflow-x-auto rounded-2xl border border-stone-200 bg-white p-2 shadow-sm sm:p-4">
          <Calendar<AgendaEvent>
            localizer={localizer}
            culture="en-US"
            events={events}
            date={date}
            onNavigate={setDate}
            view={view}
            onView={setView}
            views={VIEWS}
            getNow={getNow}
            onRangeChange={(next) => {
              const normalized = normalizeRange(next);
              if (normalized) setRange(normalized);
            }}
            onSelectEvent={setSelected}
            eventPropGetter={(event) => ({ className: eventClass(event), style: personStyle(event) })}
            components={{ event: EventButton, eventWrapper: EventCellWrapper }}
            // Every event in its day cell (the cell scrolls) rather than "+N more": that link is no cell of the month
            // row's "row" role, and a week whose days all overflow failed axe (aria-required-children) once
            // recurring visits filled the grid.
            showAllEvents
            scrollToTime={SCROLL_TO}
            style={{ height: 500 }}
          />
        </div>
      )}
      <EventDetails event={selected} timeZone={timezone} onClose={() => setSelected(null)} />
    </section>
  );
}
