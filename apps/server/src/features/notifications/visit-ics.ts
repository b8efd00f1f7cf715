import { TZDate } from '@date-fns/tz';
import { icsPlain, icsText } from '../../lib/ics-text';
import type { Series } from './series';

/** What a customer's calendar entry of one visit says. */
export type VisitEvent = {
  /** The feed's UID of this visit (calendar-feed/store.ts), so a later `.ics` of it updates the same entry. */
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string | null;
  /** A later version of the entry (a change the customer made): the higher sequence wins in their calendar. */
  sequence?: number;
  /** The visit is off (cancelled or skipped): METHOD:CANCEL, STATUS:CANCELLED, so the entry is removed. */
  cancelled?: boolean;
  /**
   * A schedule's visit: the file carries the whole series instead (from its first visit: RRULE, EXDATE for each
   * skipped occurrence, and a VEVENT with RECURRENCE-ID for each moved one, all under `uid`); `start` is unused.
   */
  series?: Series;
};

/**
 * One visit as an iCalendar file (RFC 5545, METHOD:PUBLISH) in the business zone: DTSTART with its TZID and the
 * zone's VTIMEZONE block, as the owner's feed writes them (ical-generator, timezones-ical-library, loaded on first use);
 * every text value through lib/ics-text.ts.
 */
export async function visitIcs(event: VisitEvent, timezone: string, businessName: string): Promise<string> {
  const ical = (await import('ical-generator')).default;
  const { tzlib_get_ical_block } = await import('timezones-ical-library');
  const { ICalCalendarMethod, ICalEventStatus } = await import('ical-generator');
  const calendar = ical({
    name: icsText(businessName),
    prodId: { company: icsText(businessName), product: 'visits', language: 'EN' },
    timezone: { name: timezone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  const at = (d: Date) => new TZDate(d.getTime(), timezone);
  const common = {
    id: event.uid,
    ...(event.sequence === undefined ? {} : { sequence: event.sequence }),
    ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    timezone,
    summary: icsPlain(event.summary),
    description: icsPlain(event.description),
    ...(event.location ? { location: icsPlain(event.location) } : {}),
  };
  const span = (start: Date) => ({
    start: at(start),
    end: at(new Date(start.getTime() + event.minutes * 60_000)),
  });
  const { series } = event;
  if (!series) {
    calendar.createEvent({ ...common, ...span(event.start) });
  } else {
    const { ICalEventRepeatingFreq, ICalWeekday } = await import('ical-generator');
    const weeks = 'days' in series.period && series.period.days % 7 === 0 ? series.period.days / 7 : null;
    calendar.createEvent({
      ...common,
      ...span(series.first),
      repeating: {
        // Wall time in the business zone, as the schedule's own occurrences (features/visits/rule.ts).
        ...('months' in series.period
          ? {
              freq: ICalEventRepeatingFreq.MONTHLY,
              interval: series.period.months,
              ...monthEnd(at(series.first).getDate(), Object.values(ICalWeekday)),
            }
          : weeks
            ? { freq: ICalEventRepeatingFreq.WEEKLY, interval: weeks }
            : { freq: ICalEventRepeatingFreq.DAILY, interval: series.period.days }),
        ...(series.skipped.length ? { exclude: series.skipped.map(at), excludeTimezone: timezone } : {}),
      },
    });
    for (const moved of series.moved)
      calendar.createEvent({ ...common, ...span(moved.to), recurrenceId: at(moved.from) });
  }
  // DTSTAMP in UTC, marked Z (ical-generator writes it floating): see calendar-feed/service.ts.
  const stamp = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${stamp}`);
}

/**
 * A monthly series from the 29th-31st: the schedule's visit falls on the month's last day when the month is shorter
 * (features/visits/rule.ts), where a plain monthly RRULE would skip that month. "The last of the days 28 up to the
 * first visit's day that the month has" says the same: BYMONTHDAY=28,…,d with BYSETPOS=-1. ical-generator takes
 * BYSETPOS only beside a BYDAY, so BYDAY names all seven days (it then filters nothing). See docs/architecture.md.
 */
function monthEnd<Weekday>(day: number, everyWeekday: Weekday[]) {
  if (day < 29) return {};
  return {
    byMonthDay: Array.from({ length: day - 27 }, (_, i) => 28 + i),
    byDay: everyWeekday,
    bySetPos: [-1],
  };
}

/** "Tuesday, March 2, 2027 at 9:00 AM EST": the visit's time in the business zone, the zone named. */
export function visitTimeText(start: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full' }).format(start);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(start);
  return `${day} at ${time}`;
}
