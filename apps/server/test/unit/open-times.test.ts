import { DEFAULT_WORKING_HOURS, offsetMinutes, type WorkingHours } from '@clean/shared';
import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  countOverlapping,
  gridStarts,
  onGrid,
  visitsOf,
  withOffset,
} from '../../src/features/slots/open-times';

const NY = 'America/New_York';
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const grid = (from: string, days: number, minutes: number, earliest: Date, hours = DEFAULT_WORKING_HOURS) =>
  gridStarts({ fromDay: day(from), days, minutes, hours, timeZone: NY, earliest }).map((d) =>
    withOffset(d, NY),
  );
const LONG_AGO = new Date(0);

describe('the grid of open times', () => {
  it('every 30 minutes from 08:00 while a 2-hour visit fits before 17:00, weekdays only', () => {
    const monday = grid('2027-03-08', 1, 120, LONG_AGO);
    expect(monday[0]).toBe('2027-03-08T08:00:00-05:00');
    expect(monday.at(-1)).toBe('2027-03-08T15:00:00-05:00');
    expect(monday).toHaveLength(15);
    // Saturday and Sunday are not working days.
    expect(grid('2027-03-13', 2, 120, LONG_AGO)).toEqual([]);
  });

  it('keeps the wall times across the March 2027 change (EST to EDT on Sunday 14 March)', () => {
    const week = grid('2027-03-12', 4, 60, LONG_AGO);
    expect(week).toContain('2027-03-12T08:00:00-05:00');
    expect(week).toContain('2027-03-15T08:00:00-04:00');
    expect(week.filter((s) => s.startsWith('2027-03-15'))).toHaveLength(17);
  });

  it('keeps the wall times across the November 2027 change (EDT to EST on Sunday 7 November)', () => {
    const week = grid('2027-11-05', 4, 60, LONG_AGO);
    expect(week).toContain('2027-11-05T16:00:00-04:00');
    expect(week).toContain('2027-11-08T08:00:00-05:00');
  });

  it('on the change nights themselves: a skipped wall time is not offered, a repeated one is its first', () => {
    const night: WorkingHours = {
      ...DEFAULT_WORKING_HOURS,
      days: { ...DEFAULT_WORKING_HOURS.days, sun: [['01:00', '04:00']] },
    };
    // 14 March 2027: 02:00–03:00 does not exist. A 30-minute visit from 01:30 ends at 03:00 EDT (wall).
    const march = grid('2027-03-14', 1, 30, LONG_AGO, night);
    expect(march).toEqual([
      '2027-03-14T01:00:00-05:00',
      '2027-03-14T01:30:00-05:00',
      '2027-03-14T03:00:00-04:00',
      '2027-03-14T03:30:00-04:00',
    ]);
    // 7 November 2027: 01:00–02:00 happens twice; the grid offers each wall time once (the first, EDT). A visit
    // from 01:30 EDT lasting an hour ends at 01:30 EST (wall), still within the span.
    const november = grid('2027-11-07', 1, 60, LONG_AGO, night);
    expect(november).toEqual([
      '2027-11-07T01:00:00-04:00',
      '2027-11-07T01:30:00-04:00',
      '2027-11-07T02:00:00-05:00',
      '2027-11-07T02:30:00-05:00',
      '2027-11-07T03:00:00-05:00',
    ]);
  });

  it('nothing before `earliest` (the notice ahead of now): the clock is a parameter', () => {
    const now = new Date('2027-03-08T15:10:00Z'); // 10:10 New York
    const earliest = new Date(now.getTime() + 24 * 3_600_000);
    const starts = grid('2027-03-08', 3, 120, earliest);
    expect(starts[0]).toBe('2027-03-09T10:30:00-05:00');
  });

  it('onGrid: a start between grid points, outside the hours or running past them is no open time', () => {
    const at = (iso: string) => new Date(iso);
    expect(onGrid(at('2027-03-09T09:00:00-05:00'), 120, DEFAULT_WORKING_HOURS, NY)).toBe(true);
    expect(onGrid(at('2027-03-09T09:10:00-05:00'), 120, DEFAULT_WORKING_HOURS, NY)).toBe(false);
    expect(onGrid(at('2027-03-09T15:30:00-05:00'), 120, DEFAULT_WORKING_HOURS, NY)).toBe(false);
    expect(onGrid(at('2027-03-13T09:00:00-05:00'), 120, DEFAULT_WORKING_HOURS, NY)).toBe(false);
  });
});

describe('a recurring request’s visits', () => {
  it('weekly from 1 November 2027 09:00 EDT: the next at 09:00 EST (wall time across the change), 12 in all', () => {
    const visits = visitsOf(new Date('2027-11-01T09:00:00-04:00'), 'weekly', NY).map((d) =>
      withOffset(d, NY),
    );
    expect(visits).toHaveLength(12);
    expect(visits.slice(0, 2)).toEqual(['2027-11-01T09:00:00-04:00', '2027-11-08T09:00:00-05:00']);
    expect(visits.at(-1)).toBe('2028-01-17T09:00:00-05:00');
  });

  it('every 4 weeks from 1 March 2027 09:00 EST: 29 March at 09:00 EDT', () => {
    const visits = visitsOf(new Date('2027-03-01T09:00:00-05:00'), 'every_4_weeks', NY);
    expect(withOffset(visits[1] ?? new Date(0), NY)).toBe('2027-03-29T09:00:00-04:00');
    expect(visitsOf(new Date('2027-03-01T09:00:00-05:00'), 'one_time', NY)).toHaveLength(1);
  });
});

describe('counting busy spans', () => {
  const h = (n: number) => n * 3_600_000;
  const spans = [
    { start: h(1), end: h(2) },
    { start: h(3), end: h(4) },
    { start: h(3.5), end: h(5) },
    { start: h(10), end: h(11) },
  ];
  it('counts those overlapping a window, ends exclusive', () => {
    expect(countOverlapping(spans, h(2), h(3), h(12))).toBe(0);
    expect(countOverlapping(spans, h(1.5), h(3.25), h(12))).toBe(2);
    expect(countOverlapping(spans, h(3.75), h(4.5), h(12))).toBe(2);
    expect(countOverlapping(spans, h(11), h(20), h(12))).toBe(0);
    expect(countOverlapping([], h(0), h(20), h(12))).toBe(0);
  });
});

describe('the offset cache', () => {
  it('answers what tzOffset does every 37 minutes through two years, DST days included, in odd zones too', () => {
    for (const zone of [NY, 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC', 'Europe/Dublin']) {
      const from = Date.UTC(2027, 0, 1);
      for (let ms = from; ms < from + 2 * 365 * 86_400_000; ms += 37 * 60_000 + 13_000) {
        if (offsetMinutes(zone, ms) !== tzOffset(zone, new Date(ms)))
          throw new Error(`${zone} at ${new Date(ms).toISOString()}`);
      }
    }
    expect(offsetMinutes(NY, Date.parse('2027-03-14T06:59:59Z'))).toBe(-300);
    expect(offsetMinutes(NY, Date.parse('2027-03-14T07:00:00Z'))).toBe(-240);
  });
});
