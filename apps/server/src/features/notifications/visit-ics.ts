import { TZDate } from '@date-fns/tz';
import { icsPlain, icsText } from '../../lib/ics-text';

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
  calendar.createEvent({
    id: event.uid,
    ...(event.sequence === undefined ? {} : { sequence: event.sequence }),
    ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    start: new TZDate(event.start.getTime(), timezone),
    end: new TZDate(event.start.getTime() + event.minutes * 60_000, timezone),
    timezone,
    summary: icsPlain(event.summary),
    description: icsPlain(event.description),
    ...(event.location ? { location: icsPlain(event.location) } : {}),
  });
  // DTSTAMP in UTC, marked Z (ical-generator writes it floating): see calendar-feed/service.ts.
  const stamp = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${stamp}`);
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
