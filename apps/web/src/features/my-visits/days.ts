import { businessDate } from '@clean/shared';

/** The days the picker offers, relative to today in the business zone: yesterday, today and the week ahead. */
export const DAY_OFFSETS = [-1, 0, 1, 2, 3, 4, 5, 6] as const;

/** YYYY-MM-DD `offset` calendar days from `day` (plain calendar arithmetic: no clock change moves a date). */
export function addDays(day: string, offset: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

export const today = (now: number, timeZone: string) => businessDate(new Date(now), timeZone);

export const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;

const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });
const longFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const asUtc = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** "Yesterday", "Today", "Tomorrow", else "Sat 5". */
export function dayLabel(day: string, todayIs: string): string {
  const names: Record<string, string> = {
    [addDays(todayIs, -1)]: 'Yesterday',
    [todayIs]: 'Today',
    [addDays(todayIs, 1)]: 'Tomorrow',
  };
  return names[day] ?? `${weekdayFormat.format(asUtc(day))} ${Number(day.slice(8))}`;
}

/** "Saturday, December 5". */
export const longDay = (day: string) => longFormat.format(asUtc(day));

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "9:40 AM" in the business zone. */
export function clockTime(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
