import { z } from 'zod';
import { dateTimeInput } from '../common/dates';

/** GET /api/cleaning_dates_summary?from=&to= (admin): only events inside the range when given. */
export const agendaQuery = z.object({
  from: dateTimeInput('from').optional(),
  to: dateTimeInput('to').optional(),
});

export type AgendaOneTime = {
  cleaning_id: number;
  inquiry_id: number;
  inquiry_name: string;
  date_time: string | null;
  phone_number: string | null;
  notes: string | null;
  paid: boolean;
};

export type AgendaRecurringPaid = {
  recurring_paid_id: number;
  inquiry_id: number;
  inquiry_name: string;
  phone_number: string | null;
  notes: string | null;
  /** Joined ", " like the spec; `dates` holds the same instants as a list. */
  dates_related: string;
  dates: string[];
};

export type CleaningDatesSummary = {
  one_time_cleanings: AgendaOneTime[];
  recurring_paid_records: AgendaRecurringPaid[];
};
