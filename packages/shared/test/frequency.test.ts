import { expect, it } from 'vitest';
import { FREQUENCY_SUGGESTIONS, recognisedPeriod } from '../src/recurring/frequency';

it.each([
  ['Weekly', { days: 7 }],
  ['weekly', { days: 7 }],
  ['Once a week', { days: 7 }],
  ['Every 2 weeks', { days: 14 }],
  ['biweekly', { days: 14 }],
  ['Bi-Weekly', { days: 14 }],
  ['every other week', { days: 14 }],
  ['Fortnightly', { days: 14 }],
  ['Every two weeks', { days: 14 }],
  ['Every 3 weeks', { days: 21 }],
  ['Every 4 weeks', { days: 28 }],
  ['every four weeks', { days: 28 }],
  ['Monthly', { months: 1 }],
  ['once a month', { months: 1 }],
  ['Every 2 months', { months: 2 }],
])('recognises %j', (text, period) => {
  expect(recognisedPeriod(text)).toEqual(period);
});

it.each(['', 'When needed', 'Tuesdays', 'every 0 weeks', 'every 40 weeks', 'weekly-ish sometimes'])(
  'does not guess at %j',
  (text) => {
    expect(recognisedPeriod(text)).toBeNull();
  },
);

it('recognises every suggestion the form offers', () => {
  for (const s of FREQUENCY_SUGGESTIONS) expect(recognisedPeriod(s)).not.toBeNull();
});
