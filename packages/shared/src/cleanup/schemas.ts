export type OldRecordType = 'inquiry' | 'one_time_cleaning' | 'recurring_paid';

/** GET /api/old_records (admin): records older than OLD_RECORD_DAYS. */
export type OldRecord = {
  id: number;
  name: string;
  submitted_at: string;
  type: OldRecordType;
  dates_related?: string;
};

/** DELETE /api/cleanup_old_records (admin). */
export type CleanupResult = { message: string; deleted: number };
