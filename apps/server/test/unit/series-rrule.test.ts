import { wallInstant } from '@clean/shared';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { visitIcs } from '../../src/features/notifications/visit-ics';
import { occurrencesBetween } from '../../src/features/visits/rule';

/**
 * A monthly schedule's calendar file and the app's own rule name the same visits (docs/architecture.md,
 * "iCalendar files"): the RRULE written by visitIcs, expanded by node-ical (rrule-temporal), against
 * occurrencesBetween for 24 months, from the 28th to the 31st, through a non-leap and a leap February.
 */
const ZONE = 'America/New_York';
const MONTHS = 24;

/** The visit starts the customer's calendar shows for the series, as ISO instants. */
async function calendarStarts(
  first: Date,
  months: number,
  until: Date,
): Promise<{ rrule: string; starts: string[] }> {
  const text = await visitIcs(
    {
      uid: 'series-1@clean.example',
      start: first,
      minutes: 120,
      summary: 'Cleaning',
      description: 'Monthly',
      location: null,
      series: { first, period: { months }, skipped: [], moved: [] },
    },
    ZONE,
    'Bristol Eco Clean',
  );
  const event = Object.values(ical.sync.parseICS(text)).find((c): c is VEvent => c?.type === 'VEVENT');
  if (!event) throw new Error('no VEVENT');
  const instances = ical.expandRecurringEvent(event, { from: first, to: new Date(until.getTime() - 1) });
  return {
    // The event's own RRULE (the time zone block has its own), unfolded.
    rrule: /^RRULE:.*$/m.exec(text.slice(text.indexOf('BEGIN:VEVENT')).replace(/\r\n[ \t]/g, ''))?.[0] ?? '',
    starts: instances.map((i) => new Date(i.start.getTime()).toISOString()),
  };
}

describe('a monthly series in the customer’s calendar', () => {
  for (const months of [1, 2])
    for (const day of [28, 29, 30, 31])
      it(`every ${months} month(s) from Jan ${day}: the RRULE's visits are the schedule's for ${MONTHS} months`, async () => {
        // 2:30 PM: wall time kept across the DST changes.
        const first = wallInstant(Date.UTC(2027, 0, day, 14, 30), ZONE).at;
        const until = wallInstant(Date.UTC(2027, MONTHS, 1), ZONE).at;
        const app = occurrencesBetween({ first, period: { months } }, first, until, ZONE).map((d) =>
          d.toISOString(),
        );
        expect(app).toHaveLength(MONTHS / months);
        const { rrule, starts } = await calendarStarts(first, months, until);
        expect(starts).toEqual(app);
        if (day >= 29) expect(rrule).toMatch(new RegExp(`;BYMONTHDAY=28,[\\d,]*${day};BYSETPOS=-1$`));
        else expect(rrule).toBe(`RRULE:FREQ=MONTHLY;INTERVAL=${months}`);
      });
});
