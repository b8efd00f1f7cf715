import { expect, it } from 'vitest';
import { cellText, neutralise, wallTime } from '../../src/lib/csv';

it.each([
  ['=1+1', "'=1+1"],
  ['+33 6 12', "'+33 6 12"],
  ['-5', "'-5"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\t=1', "'\t=1"],
  ['\r=1', "'\r=1"],
  ['＝1+1', "'＝1+1"],
  ['＋1', "'＋1"],
  ['－1', "'－1"],
  ['＠SUM(A1)', "'＠SUM(A1)"],
  ['Ana Lopez', 'Ana Lopez'],
  ['a=b', 'a=b'],
  ['', ''],
])('neutralises %j as %j', (input, expected) => {
  expect(neutralise(input)).toBe(expected);
});

it('writes wall time in the zone, right on both sides of daylight-saving changes', () => {
  const zone = 'America/New_York';
  const reference = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  // Around 2026-03-08 07:00Z (spring forward) and 2026-11-01 06:00Z (fall back), minute by minute.
  for (const start of [Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 10, 1, 4)]) {
    for (let m = 0; m < 240; m += 7) {
      const date = new Date(start + m * 60_000);
      expect(wallTime(date, zone)).toBe(reference.format(date));
    }
  }
  expect(wallTime(new Date('2030-01-15T14:05:00Z'), 'Asia/Kolkata')).toBe('2030-01-15 19:35');
});

it('writes booleans as yes/no, numbers as they are, nothing for null', () => {
  expect(cellText(true, 'UTC')).toBe('yes');
  expect(cellText(false, 'UTC')).toBe('no');
  expect(cellText(12.5, 'UTC')).toBe('12.5');
  expect(cellText(null, 'UTC')).toBe('');
});
