import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  dateTimeInput,
  formatClock,
  formatDateTime,
  money,
  toInstant,
  toWallTime,
} from '../src';

const NY = 'America/New_York';

describe('business-zone date-times', () => {
  it('reads wall time without offset in the business zone, across DST', () => {
    expect(toInstant('2026-07-04T10:00', NY).toISOString()).toBe('2026-07-04T14:00:00.000Z');
    expect(toInstant('2026-12-24T18:30', NY).toISOString()).toBe('2026-12-24T23:30:00.000Z');
    expect(toInstant('2026-07-04T10:00:00Z', NY).toISOString()).toBe('2026-07-04T10:00:00.000Z');
    expect(toInstant('2026-07-04T10:00:00+02:00', NY).toISOString()).toBe('2026-07-04T08:00:00.000Z');
  });

  it('shows an instant as datetime-local wall time, and round-trips', () => {
    expect(toWallTime('2026-07-04T14:00:00.000Z', NY)).toBe('2026-07-04T10:00');
    expect(toWallTime('2026-01-01T04:59:00.000Z', NY)).toBe('2025-12-31T23:59');
    expect(toInstant(toWallTime('2026-03-08T07:30:00.000Z', NY), NY).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(toWallTime(null, NY)).toBe('');
    expect(toWallTime('nonsense', NY)).toBe('');
  });

  it('formats long date, 12-hour clock, in the zone; Invalid Date otherwise', () => {
    expect(formatDateTime('2026-07-04T14:00:00.000Z', NY)).toBe('July 4, 2026 at 10:00 AM');
    expect(formatDateTime('2026-12-24T23:30:00.000Z', NY)).toBe('December 24, 2026 at 6:30 PM');
    expect(formatDateTime('not a date', NY)).toBe('Invalid Date');
    expect(formatDateTime(null, NY)).toBe('Invalid Date');
  });

  it('accepts datetime-local and ISO values, refuses impossible ones', () => {
    const schema = dateTimeInput('When');
    for (const ok of [
      '2026-05-01T14:30',
      '2026-05-01T14:30:15',
      '2026-05-01T14:30:00.000Z',
      '2026-05-01T14:30+01:00',
    ]) {
      expect(schema.safeParse(ok).success).toBe(true);
    }
    for (const bad of ['2026-02-30T10:00', '2026-05-01', 'tomorrow', '2026-05-01T25:00', '']) {
      expect(schema.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses calendar impossibilities instead of rolling them over, and years outside 1900-2999', () => {
    const schema = dateTimeInput('When');
    for (const bad of [
      '2026-02-30T10:00Z',
      '2025-02-29T10:00',
      '0000-01-01T00:00',
      '0001-01-01T00:00Z',
      '3000-01-01T00:00',
    ]) {
      expect(schema.safeParse(bad).success, bad).toBe(false);
    }
    expect(schema.safeParse('0001-01-01T00:00Z').error?.issues[0]?.message).toBe(
      'When must be in the years 1900 to 2999.',
    );
    expect(toInstant('2026-02-30T10:00Z', NY).getTime()).toBeNaN();
    expect(toInstant('2028-02-29T10:00+0130', NY).toISOString()).toBe('2028-02-29T08:30:00.000Z');
    expect(toInstant('1900-01-01T00:00', NY).toISOString()).toBe('1900-01-01T05:00:00.000Z');
  });
});

describe('money', () => {
  const schema = money('Amount');
  it('accepts numbers and numeric strings with at most 2 decimals, exactly', () => {
    expect(schema.parse('19.99')).toBe(19.99);
    expect(schema.parse(0.1 + 0.2 - 0.0000000000000001)).toBe(0.3);
    expect(schema.parse(140)).toBe(140);
  });
  it('refuses negatives, 3 decimals, text and empty', () => {
    for (const bad of [-1, '1.005', 'abc', '', Number.NaN, 1e9, '0x10', '1e3', ' 5', 'Infinity', '-0', '.5'])
      expect(schema.safeParse(bad).success, String(bad)).toBe(false);
    expect(schema.safeParse('0x10').error?.issues[0]?.message).toBe(
      'Amount must be a number like 120 or 99.50.',
    );
  });
  it('applies discounts to the cent; empty gives 0.00', () => {
    expect(applyDiscount('100', 0.9)).toBe('90.00');
    expect(applyDiscount('99.99', 0.85)).toBe('84.99');
    expect(applyDiscount(59.95, 0.7)).toBe('41.97');
    expect(applyDiscount('', 0.7)).toBe('0.00');
    expect(applyDiscount(undefined, 0.9)).toBe('0.00');
  });
});

describe('formatClock', () => {
  it('reads a working-hours time on a 12-hour clock', () => {
    expect(formatClock('08:00')).toBe('8:00 AM');
    expect(formatClock('12:30')).toBe('12:30 PM');
    expect(formatClock('17:05')).toBe('5:05 PM');
    expect(formatClock('00:00')).toBe('12:00 AM');
    expect(formatClock('24:00')).toBe('12:00 AM');
  });
});
