import type {
  OneTimeCleaning,
  oneTimeCleaningInput,
  oneTimeCleaningPatch,
  oneTimeCleaningQuery,
  VisitConflict,
} from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { referencing } from '../../lib/db-errors';
import { NotFoundError } from '../../lib/errors';
import { paging } from '../../lib/paging';
import { instantIn } from '../../lib/wall-time';
import type { Booking } from '../notifications/customer';
import type { CleaningsStore } from './store';

const NOT_FOUND = 'No one-time cleaning with that id.';
const NO_SUCH_INQUIRY = 'inquiry_id: no such inquiry';
const STALE =
  'This one-time cleaning changed since you opened it (the customer, a job or another screen). Look at it as it is now and decide again; nothing was changed.';

export type CleaningsDeps = {
  store: CleaningsStore;
  /** Whether an inquiry with this id exists (a cleaning must name one). */
  inquiryExists: (id: number) => Promise<boolean>;
  timezone: string;
  /** What a visit at this time would overlap, or fall outside of (features/visits); never a reason to refuse. */
  conflictsOf: (visit: {
    start: Date;
    minutes: number | null | undefined;
    excludeKey: string;
  }) => Promise<VisitConflict[]>;
  /** Writes a booking and queues the customer's confirmation in one transaction (features/notifications). */
  booking: Booking;
  /** The store on that transaction. */
  storeOn: (db: Db) => CleaningsStore;
};

/** One-time cleanings. Date-times without an offset are wall time in the business time zone. */
export function cleaningsService({
  store,
  inquiryExists,
  timezone,
  conflictsOf,
  booking,
  storeOn,
}: CleaningsDeps) {
  /** The answer of a create or edit: the cleaning and the conflicts of its visit (the hub warns, nothing is refused). */
  const withConflicts = async (cleaning: OneTimeCleaning): Promise<OneTimeCleaning> => ({
    ...cleaning,
    conflicts: cleaning.date_time
      ? await conflictsOf({
          start: new Date(cleaning.date_time),
          minutes: cleaning.duration_minutes,
          excludeKey: `o${cleaning.id}`,
        })
      : [],
  });

  const instant = (value: string) => instantIn(value, timezone, 'date_time');
  /** The inquiry named must exist; a vanished one is the client's 400, not a 5xx. */
  const referencingInquiry = <T>(inquiryId: number | undefined, write: () => Promise<T>) =>
    referencing(inquiryId === undefined ? undefined : () => inquiryExists(inquiryId), NO_SUCH_INQUIRY, write);

  return {
    list: (query: z.output<typeof oneTimeCleaningQuery>) => store.list(query.search, paging(query)),

    async create(b: z.output<typeof oneTimeCleaningInput>): Promise<OneTimeCleaning> {
      const values = {
        inquiryId: b.inquiry_id,
        dateTime: instant(b.date_time),
        amount: b.amount,
        paid: b.paid,
        notes: b.notes,
        durationMinutes: b.duration_minutes ?? null,
      };
      const created = await referencingInquiry(b.inquiry_id, () =>
        booking(
          (tx) => storeOn(tx).create(values),
          (made) =>
            b.notify_customer && made.date_time
              ? {
                  key: `o${made.id}`,
                  inquiryId: made.inquiry_id,
                  start: new Date(made.date_time),
                  minutes: made.duration_minutes ?? null,
                  amount: made.amount,
                }
              : null,
        ),
      );
      return withConflicts(created);
    },

    async update(
      id: number,
      b: z.output<typeof oneTimeCleaningPatch>,
      version?: string,
    ): Promise<OneTimeCleaning> {
      const updated = await referencingInquiry(b.inquiry_id, () =>
        store.update(
          id,
          {
            inquiryId: b.inquiry_id,
            dateTime: b.date_time === undefined ? undefined : instant(b.date_time),
            amount: b.amount,
            paid: b.paid,
            notes: b.notes,
            durationMinutes: b.duration_minutes,
          },
          version,
          STALE,
        ),
      );
      const cleaning = updated && (await store.get(id));
      if (!cleaning) throw new NotFoundError(NOT_FOUND);
      return withConflicts(cleaning);
    },

    async remove(id: number, _query?: unknown, version?: string): Promise<void> {
      if (!(await store.remove(id, version, STALE))) throw new NotFoundError(NOT_FOUND);
    },
  };
}
