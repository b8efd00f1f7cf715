import { DEFAULT_WORKING_HOURS } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hoursConflict,
  isOccurrence,
  occurrence,
  occurrencesBetween,
  overlapConflicts,
  parseKey,
  recurringKey,
  ruleOf,
} from '../../src/features/visits/rule';

const NY = 'America/New_York';
const iso = (d: Date) => d.toISOString();

describe('the visits rule', () => {
  it('keeps the wall time across DST and takes the month’s last day for a monthly 31st', () => {
    const weekly = { first: new Date('2027-03-02T14:00:00Z'), period: { days: 7 } };
    expect([0, 1, 2, 3].map((k) => iso(occurrence(weekly, k, NY)))).toEqual([
      '2027-03-02T14:00:00.000Z',
      '2027-03-09T14:00:00.000Z',
      '2027-03-16T13:00:00.000Z',
      '2027-03-23T13:00:00.000Z',
    ]);
    const monthly = { first: new Date('2027-01-31T15:00:00Z'), period: { months: 1 } };
    expect([1, 2, 13].map((k) => iso(occurrence(monthly, k, NY)))).toEqual([
      '2027-02-28T15:00:00.000Z',
      '2027-03-31T14:00:00.000Z',
      '2028-02-29T15:00:00.000Z',
    ]);
  });

  it('gives what date-fns gives on a TZDate (the slow way), for any first visit, period and zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.oneof(
          fc.integer({ min: 1, max: 12 }).map((n) => ({ days: 7 * n })),
          fc.integer({ min: 1, max: 12 }).map((n) => ({ months: n })),
        ),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(NY, 'Europe/London', 'Australia/Sydney', 'UTC', 'America/Denver'),
        (first, period, k, zone) => {
          // Whole minutes, at a wall time every day has (no 1:00-3:00 local: skipped or repeated somewhere).
          const start = new TZDate(first.getTime(), zone);
          start.setHours(4 + (start.getHours() % 18), start.getMinutes(), 0, 0);
          const rule = { first: new Date(start.getTime()), period };
          const slow =
            'days' in period ? addDays(start, k * period.days) : addMonths(start, k * period.months);
          expect(iso(occurrence(rule, k, zone))).toBe(iso(new Date(slow.getTime())));
          expect(isOccurrence(rule, occurrence(rule, k, zone), zone)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lists the occurrences of a range, and no others', () => {
    const rule = { first: new Date('2027-01-05T14:00:00Z'), period: { days: 14 } };
    const found = occurrencesBetween(
      rule,
      new Date('2027-03-01T05:00:00Z'),
      new Date('2027-04-01T04:00:00Z'),
      NY,
    );
    expect(found.map(iso)).toEqual([
      '2027-03-02T14:00:00.000Z',
      '2027-03-16T13:00:00.000Z',
      '2027-03-30T13:00:00.000Z',
    ]);
    expect(isOccurrence(rule, new Date('2027-03-09T14:00:00Z'), NY)).toBe(false);
    expect(isOccurrence(rule, new Date('2026-12-22T14:00:00Z'), NY)).toBe(false);
  });

  it('reads keys back, and refuses what is not one', () => {
    const at = new Date('2027-03-16T13:00:00Z');
    expect(recurringKey(7, at)).toBe('r7-20270316T130000Z');
    expect(parseKey('r7-20270316T130000Z')).toEqual({ kind: 'recurring', scheduleId: 7, originalStart: at });
    expect(parseKey('o12')).toEqual({ kind: 'one_time', id: 12 });
    for (const bad of [
      'o0',
      'o-1',
      'r7-20270230T130000Z',
      'r7-20270316T130000',
      'x',
      'o99999999999',
      'r07-20270316T130000Z',
    ])
      expect(parseKey(bad), bad).toBeNull();
  });

  it('says why a schedule has no visits', () => {
    expect(ruleOf(null, 'Weekly')).toEqual({ note: expect.stringMatching(/no first visit/) });
    expect(ruleOf(new Date(), 'now and then')).toEqual({ note: expect.stringMatching(/"now and then"/) });
    expect(ruleOf(new Date(0), 'every 2 weeks')).toEqual({ first: new Date(0), period: { days: 14 } });
  });

  it('finds overlaps beyond max_overlap and visits outside the working hours', () => {
    const at = (h: number, m = 0) => new Date(Date.UTC(2027, 2, 2, h + 5, m)); // Tuesday, EST
    const others = [
      { key: 'o1', name: 'Ann', start: at(9), end: at(11) },
      { key: 'o2', name: 'Bo', start: at(10, 30), end: at(12) },
      { key: 'o3', name: 'Cy', start: at(13), end: at(14) },
    ];
    expect(overlapConflicts(at(11, 30), at(12, 30), others, 1, NY).map((c) => c.key)).toEqual(['o2']);
    expect(overlapConflicts(at(11, 30), at(12, 30), others, 2, NY)).toEqual([]);
    // 10:30-11:00 both Ann and Bo are on: a third visit then is over max_overlap 2.
    expect(overlapConflicts(at(10), at(11), others, 2, NY).map((c) => c.key)).toEqual(['o1', 'o2']);
    expect(overlapConflicts(at(12), at(13), others, 1, NY)).toEqual([]);
    expect(hoursConflict(at(8), at(17), DEFAULT_WORKING_HOURS, NY)).toBeNull();
    // US dates and 12-hour times, as everywhere else a person reads a time.
    expect(hoursConflict(at(16), at(18), DEFAULT_WORKING_HOURS, NY)?.message).toBe(
      'Outside working hours (Tue, Mar 2, 2027, 4:00 PM–6:00 PM): working hours on Tuesday are 8:00 AM–5:00 PM.',
    );
    expect(overlapConflicts(at(11, 30), at(12, 30), others, 1, NY)[0]?.message).toBe(
      'Overlaps Bo (Tue, Mar 2, 2027, 10:30 AM–12:00 PM).',
    );
  });
});
