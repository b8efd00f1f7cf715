import {
  DEFAULT_WORKING_HOURS,
  offsetMinutes,
  toInstant,
  type WorkingHours,
  wallInstant,
} from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { whichDay } from '../../src/features/reminders/service';
import { gridStarts } from '../../src/features/slots/open-times';
import { occurrence } from '../../src/features/visits/rule';
import { ValidationError } from '../../src/lib/errors';
import { instantIn } from '../../src/lib/wall-time';

/**
 * The one wall-clock rule (docs/architecture.md, "Wall time") at both clock changes of 2027 in three zones with
 * DST (Sydney's spring is October) and on the same dates in two without: a repeated wall time is the earlier
 * instant, a skipped one is refused when typed and moved forward by the gap when computed.
 */

const wallMs = (wall: string) => Date.parse(`${wall}Z`);
const iso = (d: Date) => d.toISOString();

type Zone = {
  zone: string;
  /** A wall time the clocks skip, and the instant a computed one moves forward to. */
  skipped?: [string, string];
  /** A wall time the clocks repeat, and its earlier instant. */
  repeated?: [string, string];
  /** The same dates in a zone without DST: one instant each. */
  plain?: [string, string][];
};

const zones: Zone[] = [
  {
    zone: 'America/New_York',
    skipped: ['2027-03-14T02:30', '2027-03-14T07:30:00.000Z'], // 03:30 EDT
    repeated: ['2027-11-07T01:30', '2027-11-07T05:30:00.000Z'], // 01:30 EDT, not EST
  },
  {
    zone: 'Europe/London',
    skipped: ['2027-03-28T01:30', '2027-03-28T01:30:00.000Z'], // 02:30 BST
    repeated: ['2027-10-31T01:30', '2027-10-31T00:30:00.000Z'], // 01:30 BST, not GMT
  },
  {
    zone: 'Australia/Sydney',
    skipped: ['2027-10-03T02:30', '2027-10-02T16:30:00.000Z'], // 03:30 AEDT
    repeated: ['2027-04-04T02:30', '2027-04-03T15:30:00.000Z'], // 02:30 AEDT, not AEST
  },
  {
    zone: 'America/Phoenix',
    plain: [
      ['2027-03-14T02:30', '2027-03-14T09:30:00.000Z'],
      ['2027-11-07T01:30', '2027-11-07T08:30:00.000Z'],
    ],
  },
  {
    zone: 'Asia/Kolkata',
    plain: [
      ['2027-03-28T01:30', '2027-03-27T20:00:00.000Z'],
      ['2027-10-31T01:30', '2027-10-30T20:00:00.000Z'],
    ],
  },
];

/** Every change of 2027 above falls on a Sunday. */
const sundayAllDay: WorkingHours = {
  ...DEFAULT_WORKING_HOURS,
  days: { ...DEFAULT_WORKING_HOURS.days, sun: [['00:00', '23:30']] },
};

/** The wall time of an instant in the zone, as YYYY-MM-DDTHH:mm. */
const wallOf = (at: Date, zone: string) =>
  new Date(at.getTime() + offsetMinutes(zone, at.getTime()) * 60_000).toISOString().slice(0, 16);

describe.each(zones)('the wall-clock rule in $zone', ({ zone, skipped, repeated, plain }) => {
  if (skipped)
    it('a skipped wall time: refused with the field named when typed, moved forward by the gap when computed', () => {
      const [wall, forward] = skipped;
      expect(wallInstant(wallMs(wall), zone)).toEqual({ at: new Date(forward), skipped: true });
      expect(() => instantIn(wall, zone, 'start')).toThrow(ValidationError);
      expect(() => instantIn(wall, zone, 'start')).toThrow(/^start: .* does not exist in/);
      expect(iso(toInstant(wall, zone))).toBe(forward);
      // A weekly visit at that wall time, first a week before: moved forward on the day, back the week after.
      const first = instantIn(shiftDays(wall, -7), zone, 'first_visit_at');
      const weekly = { first, period: { days: 7 } };
      expect(iso(occurrence(weekly, 1, zone))).toBe(forward);
      expect(wallOf(occurrence(weekly, 2, zone), zone)).toBe(shiftDays(wall, 7));
      // The open times skip it rather than offer another time under its name, and offer each wall time once.
      const offered = gridStarts({
        fromDay: wallMs(`${wall.slice(0, 10)}T00:00`),
        days: 1,
        minutes: 30,
        hours: sundayAllDay,
        timeZone: zone,
        earliest: new Date(0),
      }).map((at) => wallOf(at, zone));
      expect(offered).not.toContain(wall);
      expect(offered).toContain(wallOf(new Date(forward), zone));
      expect(new Set(offered).size).toBe(offered.length);
    });

  if (repeated)
    it('a repeated wall time is the earlier instant, typed or computed', () => {
      const [wall, earlier] = repeated;
      expect(wallInstant(wallMs(wall), zone)).toEqual({ at: new Date(earlier), skipped: false });
      expect(iso(instantIn(wall, zone, 'start'))).toBe(earlier);
      const weekly = { first: instantIn(shiftDays(wall, -7), zone, 'first_visit_at'), period: { days: 7 } };
      expect(iso(occurrence(weekly, 1, zone))).toBe(earlier);
      const fortnightly = {
        first: instantIn(shiftDays(wall, -28), zone, 'first_visit_at'),
        period: { days: 14 },
      };
      expect(iso(occurrence(fortnightly, 2, zone))).toBe(earlier);
    });

  for (const [wall, instant] of plain ?? [])
    it(`no DST: ${wall} is one instant, typed or computed`, () => {
      expect(wallInstant(wallMs(wall), zone)).toEqual({ at: new Date(instant), skipped: false });
      expect(iso(instantIn(wall, zone, 'start'))).toBe(instant);
      const weekly = { first: instantIn(shiftDays(wall, -7), zone, 'first_visit_at'), period: { days: 7 } };
      expect(iso(occurrence(weekly, 1, zone))).toBe(instant);
    });

  it('every instant of the change days reads back: its wall time gives it, or an earlier instant of that wall time', () => {
    const days = [...(skipped ?? []), ...(repeated ?? []), ...(plain ?? []).flat()].filter(
      (v) => !v.endsWith('Z'),
    );
    for (const wall of days) {
      const start = wallMs(`${wall.slice(0, 10)}T00:00`) - 86_400_000;
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 15 * 60_000) {
        const at = new Date(ms);
        const back = wallInstant(wallMs(wallOf(at, zone)), zone);
        expect(back.skipped).toBe(false);
        expect(wallOf(back.at, zone)).toBe(wallOf(at, zone));
        expect(back.at.getTime()).toBeLessThanOrEqual(ms);
        expect(ms - back.at.getTime()).toBeLessThanOrEqual(3_600_000);
      }
    }
  });
});

describe('the reminder’s day follows the business calendar, not elapsed hours', () => {
  const NY = 'America/New_York';
  const at = (wall: string) => instantIn(wall, NY, 'now');
  it.each([
    // REMINDER_HOURS=24: the visit is a day ahead, whatever the hour.
    ['24 h at 23:30', '2027-05-10T23:30', '2027-05-11T23:30', 'tomorrow'],
    ['24 h at 00:30', '2027-05-12T00:30', '2027-05-13T00:30', 'tomorrow'],
    // REMINDER_HOURS=2: across midnight it is tomorrow; after it, today.
    ['2 h at 23:30', '2027-05-13T23:30', '2027-05-14T01:30', 'tomorrow'],
    ['2 h at 00:30', '2027-05-15T00:30', '2027-05-15T02:30', 'today'],
    ['72 h on a Monday', '2027-05-17T09:00', '2027-05-20T09:00', 'on Thursday'],
    ['ten days', '2027-05-17T09:00', '2027-05-27T09:00', 'on Thursday, May 27'],
  ])('%s', (_, now, start, words) => {
    expect(whichDay(at(start), at(now), NY)).toBe(words);
  });

  it('in Sydney too, on the night its clocks go back', () => {
    const SYD = 'Australia/Sydney';
    expect(
      whichDay(instantIn('2027-04-04T01:30', SYD, 's'), instantIn('2027-04-03T23:30', SYD, 'n'), SYD),
    ).toBe('tomorrow');
  });
});

function shiftDays(wall: string, days: number): string {
  return new Date(wallMs(wall) + days * 86_400_000).toISOString().slice(0, 16);
}
