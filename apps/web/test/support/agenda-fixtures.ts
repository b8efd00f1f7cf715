import type { CleaningDatesSummary } from '@clean/shared';

type AgendaCleaning = CleaningDatesSummary['one_time_cleanings'][number];
type AgendaPaidRecord = CleaningDatesSummary['recurring_paid_records'][number];

/** A customer the owner has no contact details or notes for: what the agenda tests leave out. */
const noDetails = {
  phone_number: null,
  email: null,
  call_or_text: null,
  town: null,
  street_address: null,
  zip: null,
  access_notes: null,
  notes: null,
};

/** A one-time cleaning of the agenda's summary; unpaid and without details unless given. */
export const agendaCleaning = (
  cleaning: Pick<AgendaCleaning, 'cleaning_id' | 'inquiry_id' | 'inquiry_name' | 'date_time'> &
    Partial<AgendaCleaning>,
): AgendaCleaning => ({ ...noDetails, paid: false, ...cleaning });

/** A recurring paid record of the agenda's summary, covering `dates` (joined as the original string too). */
export const agendaPaidRecord = (
  record: Pick<AgendaPaidRecord, 'recurring_paid_id' | 'inquiry_id' | 'inquiry_name'> & { dates: string[] },
): AgendaPaidRecord => ({ ...noDetails, dates_related: record.dates.join(', '), ...record });
