import type { AgendaOneTime, AgendaRecurringPaid, CleaningDatesSummary } from '@clean/shared';
import { toCalendarDate } from './calendarTime';

export type AgendaEventDetail =
  | { kind: 'one-time'; at: string; item: AgendaOneTime }
  | { kind: 'recurring'; at: string; item: AgendaRecurringPaid; dates: string[] };

export type AgendaEvent = {
  id: string;
  title: string;
  /** Shifted dates (see calendarTime): wall time in the business zone. */
  start: Date;
  end: Date;
  detail: AgendaEventDetail;
};

const HOUR = 60 * 60 * 1000;

function datesOf(record: AgendaRecurringPaid): string[] {
  if (Array.isArray(record.dates)) return record.dates;
  return (record.dates_related ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Calendar events: 'One-Time: <name>' per dated cleaning, 'Recurring: <name>' per paid date. */
export function buildEvents(summary: CleaningDatesSummary | undefined, timeZone: string): AgendaEvent[] {
  if (!summary) return [];
  const events: AgendaEvent[] = [];
  for (const item of summary.one_time_cleanings ?? []) {
    if (!item.date_time) continue;
    const start = toCalendarDate(item.date_time, timeZone);
    if (!start) continue;
    events.push({
      id: `one-time-${item.cleaning_id}`,
      title: `One-Time: ${item.inquiry_name}`,
      start,
      end: new Date(start.getTime() + HOUR),
      detail: { kind: 'one-time', at: item.date_time, item },
    });
  }
  for (const item of summary.recurring_paid_records ?? []) {
    const dates = datesOf(item);
    dates.forEach((at, index) => {
      const start = toCalendarDate(at, timeZone);
      if (!start) return;
      events.push({
        id: `recurring-${item.recurring_paid_id}-${index}`,
        title: `Recurring: ${item.inquiry_name}`,
        start,
        end: new Date(start.getTime() + HOUR),
        detail: { kind: 'recurring', at, item, dates },
      });
    });
  }
  return events;
}
