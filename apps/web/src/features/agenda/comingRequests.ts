import { toWallTime, type Visit } from '@clean/shared';
import { addDays, format, parseISO } from 'date-fns';
import { useVisits } from './api';
import { isRequest } from './events';

/** How far ahead the Agenda looks for booking requests, whatever month it shows (docs/product.md#agenda). */
export const COMING_REQUEST_DAYS = 60;

/**
 * The booking requests holding a time from today (business date) to COMING_REQUEST_DAYS ahead: the phone list
 * shows them even when they fall in a later month, and a new inquiry among them is no request "without a time".
 */
export function useComingRequests(timeZone: string, now = new Date()): { data: Visit[] | undefined } {
  const today = parseISO(toWallTime(now.toISOString(), timeZone).slice(0, 10));
  const visits = useVisits({
    from: format(today, 'yyyy-MM-dd'),
    to: format(addDays(today, COMING_REQUEST_DAYS), 'yyyy-MM-dd'),
  });
  return { data: visits.data?.filter(isRequest) };
}
