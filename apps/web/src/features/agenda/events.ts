import type { AgendaOneTime, AgendaRecurringPaid, CleaningDatesSummary, Visit } from '@clean/shared';
import { toCalendarDate } from './calendarTime';

export type AgendaEventDetail =
  | { kind: 'one-time'; at: string; item: AgendaOneTime; visit?: Visit }
  | { kind: 'recurring'; at: string; item: AgendaRecurringPaid; dates: string[] }
  | { kind: 'visit'; at: string; item: Visit }
  | { kind: 'request'; at: string; item: Visit };

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

/** The visit's end, shifted like its start; an hour after the start when there is none. */
function endOf(start: Date, visit: Visit | undefined, timeZone: string): Date {
  const end = visit ? toCalendarDate(visit.end, timeZone) : null;
  return end && end > start ? end : new Date(start.getTime() + HOUR);
}

/** " · Ana Lima": who cleans it, after the customer's name (nothing when nobody is assigned). */
const cleans = (visit: Visit | undefined) => (visit?.cleaner_name ? ` · ${visit.cleaner_name}` : '');

/** A visitor's booking request holding its time until the owner confirms or declines it. */
export const isRequest = (visit: Visit) => visit.kind === 'request' && visit.status === 'requested';

/**
 * Calendar events: 'One-Time: <name>' per dated cleaning and 'Recurring: <name>' per paid date (the original two),
 * then 'Visit: <name>' per recurring visit not paid yet ('Skipped: <name>' when skipped). A paid recurring
 * visit is not shown again: its paid record already is. One-time cleanings take their length from their visit.
 * A booking request holding its time is 'Requested: <name>', as long as the visitor's quote says.
 */
export function buildEvents(
  summary: CleaningDatesSummary | undefined,
  timeZone: string,
  visits: Visit[] = [],
): AgendaEvent[] {
  if (!summary) return [];
  const events: AgendaEvent[] = [];
  const oneTimeVisits = new Map(visits.map((v) => [v.one_time_cleaning_id, v]));
  for (const item of summary.one_time_cleanings ?? []) {
    if (!item.date_time) continue;
    const start = toCalendarDate(item.date_time, timeZone);
    if (!start) continue;
    const visit = oneTimeVisits.get(item.cleaning_id);
    events.push({
      id: `one-time-${item.cleaning_id}`,
      // Cancelled by the customer (their personal link): still shown, struck through, so the owner sees why.
      title: `${visit?.status === 'cancelled' ? 'Cancelled' : 'One-Time'}: ${item.inquiry_name}${cleans(visit)}`,
      start,
      end: endOf(start, visit, timeZone),
      detail: { kind: 'one-time', at: item.date_time, item, visit },
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
  for (const visit of visits) {
    if (isRequest(visit)) {
      const start = toCalendarDate(visit.start, timeZone);
      if (!start) continue;
      events.push({
        id: `request-${visit.key}`,
        title: `Requested: ${visit.inquiry_name}`,
        start,
        end: endOf(start, visit, timeZone),
        detail: { kind: 'request', at: visit.start, item: visit },
      });
      continue;
    }
    if (visit.kind !== 'recurring' || visit.paid) continue;
    const start = toCalendarDate(visit.start, timeZone);
    if (!start) continue;
    events.push({
      id: `visit-${visit.key}`,
      title: `${visit.status === 'skipped' ? 'Skipped' : 'Visit'}: ${visit.inquiry_name}${cleans(visit)}`,
      start,
      end: endOf(start, visit, timeZone),
      detail: { kind: 'visit', at: visit.start, item: visit },
    });
  }
  return events;
}
