import type {
  OverduePayment,
  RecurringPaid,
  RecurringPayment,
  recurringPaidInput,
  recurringPaidPatch,
  recurringPaidQuery,
  recurringPaymentInput,
  recurringPaymentPatch,
  recurringPaymentQuery,
  VisitConflict,
  withDependantsQuery,
} from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deleting, referencing } from '../../lib/db-errors';
import { NotFoundError } from '../../lib/errors';
import { paging } from '../../lib/paging';
import { instantIn } from '../../lib/wall-time';
import type { Booking } from '../notifications/customer';
import { recurringKey } from '../visits/rule';
import type { PaidStore, SchedulesStore } from './store';

const SCHEDULE_NOT_FOUND = 'No recurring payment schedule with that id.';
const PAID_NOT_FOUND = 'No recurring paid record with that id.';
const NO_SUCH_INQUIRY = 'inquiry_id: no such inquiry';
const NO_SUCH_SCHEDULE = 'recurring_payment_id: no such recurring payment schedule';
const SCHEDULE_STALE =
  'This recurring schedule changed since you opened it. Look at it as it is now and decide again; nothing was changed.';

export type RecurringDeps = {
  schedules: SchedulesStore;
  paid: PaidStore;
  /** Whether an inquiry with this id exists (a schedule must name one). */
  inquiryExists: (id: number) => Promise<boolean>;
  /** Schedules whose next payment is late. */
  overdue: () => Promise<OverduePayment[]>;
  timezone: string;
  /** What a schedule's first visits would overlap, or fall outside of (features/visits); never a reason to refuse. */
  conflictsOf: (visit: {
    start: Date;
    minutes: number | null | undefined;
    frequency: string;
    excludeKey: string;
  }) => Promise<VisitConflict[]>;
  /** Writes a booking and queues the customer's confirmation in one transaction (features/notifications). */
  booking: Booking;
  /** The schedules' store on that transaction. */
  schedulesOn: (db: Db) => SchedulesStore;
  /** Runs `run` in one transaction. */
  transaction: <T>(run: (on: Db) => Promise<T>) => Promise<T>;
  /**
   * Inside a transaction, before the schedule's default cleaner is set: the booking lock, the member, and the
   * assignment rule over its next visits (features/visits; throws the 400 or 409).
   */
  claimSchedule: (on: Db, scheduleId: number, cleanerId: number, allowOverlap: boolean) => Promise<void>;
};

const found = <T>(value: T | undefined, message: string): T => {
  if (value === undefined) throw new NotFoundError(message);
  return value;
};

/** Recurring payment schedules and their paid records: references must exist, deletes may be refused. */
export function recurringService({
  schedules,
  paid,
  inquiryExists,
  overdue,
  timezone,
  conflictsOf,
  booking,
  schedulesOn,
  transaction,
  claimSchedule,
}: RecurringDeps) {
  const instants = (values: string[]) => values.map((v) => instantIn(v, timezone, 'dates_related'));
  const firstVisit = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : instantIn(value, timezone, 'first_visit_at');
  /** The answer of a create or edit: the schedule and the conflicts of its first visits (nothing is refused). */
  const withConflicts = async (schedule: RecurringPayment): Promise<RecurringPayment> => ({
    ...schedule,
    conflicts:
      schedule.first_visit_at && !schedule.visits_note
        ? await conflictsOf({
            start: new Date(schedule.first_visit_at),
            minutes: schedule.duration_minutes,
            frequency: schedule.frequency,
            excludeKey: `s${schedule.id}`,
          })
        : [],
  });

  return {
    listSchedules(query: z.output<typeof recurringPaymentQuery>) {
      const { inquiry_name, frequency, notes } = query;
      return schedules.list({ inquiry_name, frequency, notes }, paging(query));
    },

    /** Schedules whose next payment is late (a recognised frequency, more than a period plus 3 days). */
    overdue,

    async createSchedule(b: z.output<typeof recurringPaymentInput>): Promise<RecurringPayment> {
      const values = {
        inquiryId: b.inquiry_id,
        amount: b.amount,
        frequency: b.frequency,
        notes: b.notes,
        firstVisitAt: firstVisit(b.first_visit_at) ?? null,
        durationMinutes: b.duration_minutes ?? null,
      };
      const schedule = await referencing(
        () => inquiryExists(b.inquiry_id),
        NO_SUCH_INQUIRY,
        () =>
          booking(
            async (tx) => {
              const store = schedulesOn(tx);
              return found(await store.get(await store.create(values)), SCHEDULE_NOT_FOUND);
            },
            // Only a schedule with visits on the calendar has a first visit to confirm.
            (made) =>
              b.notify_customer && made.first_visit_at && !made.visits_note
                ? {
                    key: recurringKey(made.id, new Date(made.first_visit_at)),
                    inquiryId: made.inquiry_id,
                    start: new Date(made.first_visit_at),
                    minutes: made.duration_minutes ?? null,
                    amount: made.amount,
                    frequency: made.frequency,
                  }
                : null,
          ),
      );
      return withConflicts(schedule);
    },

    async updateSchedule(
      id: number,
      b: z.output<typeof recurringPaymentPatch>,
      version?: string,
    ): Promise<RecurringPayment> {
      const inquiryId = b.inquiry_id;
      const cleanerId = b.cleaner_id;
      const changes = {
        inquiryId,
        amount: b.amount,
        frequency: b.frequency,
        notes: b.notes,
        firstVisitAt: firstVisit(b.first_visit_at),
        durationMinutes: b.duration_minutes,
        cleanerId,
      };
      // Giving its visits to someone is decided under the booking lock, as every assignment is.
      const update = () =>
        cleanerId == null
          ? schedules.update(id, changes, version, SCHEDULE_STALE)
          : transaction(async (on) => {
              await claimSchedule(on, id, cleanerId, b.allow_overlap === true);
              return schedulesOn(on).update(id, changes, version, SCHEDULE_STALE);
            });
      const updated = await referencing(
        inquiryId === undefined ? undefined : () => inquiryExists(inquiryId),
        NO_SUCH_INQUIRY,
        update,
      );
      return withConflicts(found(updated ? await schedules.get(id) : undefined, SCHEDULE_NOT_FOUND));
    },

    /** Refused (409) while paid records belong to it, unless the owner confirmed deleting everything. */
    removeSchedule(id: number, query: z.output<typeof withDependantsQuery>, version?: string): Promise<void> {
      return deleting('This schedule changed while deleting it. Please try again.', () =>
        schedules.remove(
          id,
          query.with_dependants,
          {
            notFound: SCHEDULE_NOT_FOUND,
            refused: (d) =>
              `This recurring schedule has ${d.paid} paid record(s). Delete them first, or confirm deleting everything.`,
            stale: SCHEDULE_STALE,
          },
          version,
        ),
      );
    },

    listPaid: (query: z.output<typeof recurringPaidQuery>) => paid.list(query.name, paging(query)),

    async createPaid(b: z.output<typeof recurringPaidInput>): Promise<RecurringPaid> {
      const id = await referencing(
        () => schedules.exists(b.recurring_payment_id),
        NO_SUCH_SCHEDULE,
        () =>
          paid.create(
            { recurringPaymentId: b.recurring_payment_id, amountPaid: b.amount_paid, notes: b.notes },
            instants(b.dates_related),
          ),
      );
      return found(await paid.get(id), PAID_NOT_FOUND);
    },

    async updatePaid(id: number, b: z.output<typeof recurringPaidPatch>): Promise<RecurringPaid> {
      const scheduleId = b.recurring_payment_id;
      const updated = await referencing(
        scheduleId === undefined ? undefined : () => schedules.exists(scheduleId),
        NO_SUCH_SCHEDULE,
        () =>
          paid.update(
            id,
            { recurringPaymentId: scheduleId, amountPaid: b.amount_paid, notes: b.notes },
            b.dates_related === undefined ? undefined : instants(b.dates_related),
          ),
      );
      return found(updated ? await paid.get(id) : undefined, PAID_NOT_FOUND);
    },

    async removePaid(id: number): Promise<void> {
      if (!(await paid.remove(id))) throw new NotFoundError(PAID_NOT_FOUND);
    },
  };
}
