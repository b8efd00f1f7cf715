import { toWallTime, type Visit } from '@clean/shared';
import { addDays, format, parseISO } from 'date-fns';
import { useVisits } from './api';
import { isRequest } from './events';

/** How far ahead the Agenda looks for booking requests, whatever month it shows (docs/product.md#agenda). */
export const COMING_REQUEST_DAYS = 60;

/** Every visit from today (business date) to COMING_REQUEST_DAYS ahead: cleanings, schedules' visits, requests. */
export function useComingVisits(timeZone: string, now = new Date()): { data: Visit[] | undefined } {
  const today = parseISO(toWallTime(now.toISOString(), timeZone).slice(0, 10));
  const visits = useVisits({
    from: format(today, 'yyyy-MM-dd'),
    to: format(addDays(today, COMING_REQUEST_DAYS), 'yyyy-MM-dd'),
  });
  return { data: visits.data };
}

/** The booking requests holding a time in those days: the phone list shows them even in a later month. */
export function useComingRequests(timeZone: string): { data: Visit[] | undefined } {
  const { data } = useComingVisits(timeZone);
  return { data: data?.filter(isRequest) };
}
