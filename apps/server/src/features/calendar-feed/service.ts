import { addressOrTown, formatPhone, OLD_RECORD_DAYS } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { NotFoundError } from '../../lib/errors';
import { icsPlain, icsText } from '../../lib/ics-text';
import { type CalendarFeedStore, SECRET_PATTERN } from './store';

/**
 * The feed covers the last OLD_RECORD_DAYS (what the Cleanup keeps; a year took ten years' busiest seed to
 * 15,000 events and 1.3 s of a core) and everything ahead, at most AGENDA_DAY_LIMIT of each kind a day.
 */
const PAST_DAYS = OLD_RECORD_DAYS;
/** Paid dates have no length in the data; a two-hour block reads well in a calendar. */
const EVENT_MS = 2 * 60 * 60 * 1000;
/** Recurring visits are listed from this many days back to VISITS_FEED_DAYS ahead (schedules run for years). */
export const VISITS_FEED_PAST_DAYS = 14;
export const VISITS_FEED_DAYS = 92;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD` as this process's local midnight of that date. */
function localMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1);
}

/** The all-day event of a day with more than AGENDA_DAY_LIMIT cleanings or paid dates. */
export const MORE_THAN_SHOWN = 'More cleanings this day than the feed lists: see the Agenda';
const NOT_FOUND = 'No calendar feed at this address. Copy the current address from the Agenda.';

export type CalendarFeedDeps = {
  store: CalendarFeedStore;
  publicUrl: string;
  timezone: string;
  businessName: string;
  /** The state an address ends with ("CT"). */
  region: string;
};

/** The iCal writer and its zone data are loaded by the first feed request (a calendar app's poll), not at start. */
const icalModules = async () => ({
  ical: (await import('ical-generator')).default,
  tzlib_get_ical_block: (await import('timezones-ical-library')).tzlib_get_ical_block,
});

/** The owner's calendar feed (RFC 5545) behind a secret address, which the owner can replace. */
export function calendarFeedService({ store, publicUrl, timezone, businessName, region }: CalendarFeedDeps) {
  const urlOf = (secret: string) => ({ url: `${publicUrl}/api/calendar/${secret}.ics` });

  return {
    address: async () => urlOf(await store.secret()),
    rotate: async () => urlOf(await store.rotate()),

    /** The feed for `<secret>.ics`; NotFoundError unless it is the current secret. */
    async ics(file: string): Promise<string> {
      const secret = file.replace(/\.ics$/, '');
      if (!SECRET_PATTERN.test(secret) || !(await store.isCurrent(secret)))
        throw new NotFoundError(NOT_FOUND);
      const now = Date.now();
      const since = new Date(now - PAST_DAYS * DAY_MS);
      const host = new URL(publicUrl).hostname;
      const { ical, tzlib_get_ical_block } = await icalModules();
      const calendar = ical({
        name: icsText(`${businessName} cleanings`),
        // A VTIMEZONE block, so every client reads the TZID the same way.
        timezone: { name: timezone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null },
      });
      const { events, truncatedDays } = await store.events(since, timezone, {
        from: new Date(now - VISITS_FEED_PAST_DAYS * DAY_MS),
        to: new Date(now + VISITS_FEED_DAYS * DAY_MS),
      });
      for (const event of events) {
        const start = new TZDate(event.start.getTime(), timezone);
        calendar.createEvent({
          id: `${event.uid}@${host}`,
          start,
          end: new TZDate(
            event.start.getTime() + (event.minutes === undefined ? EVENT_MS : event.minutes * 60_000),
            timezone,
          ),
          timezone,
          summary: icsPlain(`${event.kind}: ${event.name}`),
          location: nullOr(addressOrTown(event.address, region), icsPlain),
          description: icsPlain(
            [
              `Phone: ${formatPhone(event.phone)}`,
              ...(event.cleaner ? [`Cleaner: ${event.cleaner}`] : []),
              ...(event.notes ? [`Notes: ${event.notes}`] : []),
            ].join('\n'),
          ),
        });
      }
      // A day with more than the feed lists says so, as the Agenda does.
      for (const day of truncatedDays) {
        calendar.createEvent({
          id: `more-${day}@${host}`,
          // ical-generator writes an all-day date from the Date's local fields: midnight here, of that date.
          start: localMidnight(day),
          allDay: true,
          summary: MORE_THAN_SHOWN,
        });
      }
      // ical-generator writes DTSTAMP in the calendar's zone without a TZID (a floating time, and the process's
      // own zone at that); RFC 5545 wants it in UTC, marked Z.
      const stamp = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
      return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${stamp}`);
    },
  };
}

const nullOr = (value: string | null, f: (v: string) => string) => (value === null ? null : f(value));
