import { DEFAULT_WORKING_HOURS, type WorkingHours, workingHoursSchema } from '@clean/shared';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Customer, customerColumns } from '../../db/customer';
import { ownerSetting } from '../../db/owner-settings';
import { inquiries, oneTimeCleanings, recurringPayments, users, visitExceptions } from '../../db/schema';
import { firstOfEachDay } from '../agenda/store';
import { memberName } from './member-name';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const cleaningColumns = {
  ...customerColumns,
  id: oneTimeCleanings.id,
  dateTime: oneTimeCleanings.dateTime,
  amount: oneTimeCleanings.amount,
  paid: oneTimeCleanings.paid,
  notes: oneTimeCleanings.notes,
  durationMinutes: oneTimeCleanings.durationMinutes,
  doneAt: oneTimeCleanings.doneAt,
  cancelledAt: oneTimeCleanings.cancelledAt,
  cleanerId: oneTimeCleanings.cleanerId,
  version: oneTimeCleanings.version,
};
export type CleaningRow = Customer & {
  id: number;
  dateTime: Date | null;
  amount: number;
  paid: boolean;
  notes: string | null;
  durationMinutes: number | null;
  doneAt: Date | null;
  /** Cancelled by the customer (their personal link): shown, but no longer taking its time. */
  cancelledAt: Date | null;
  /** Who cleans it (users.id), null: nobody assigned. A schedule's: its visits' default. */
  cleanerId: number | null;
  version: number;
};

const scheduleColumns = {
  ...customerColumns,
  id: recurringPayments.id,
  amount: recurringPayments.amount,
  frequency: recurringPayments.frequency,
  notes: recurringPayments.notes,
  firstVisitAt: recurringPayments.firstVisitAt,
  durationMinutes: recurringPayments.durationMinutes,
  cleanerId: recurringPayments.cleanerId,
  version: recurringPayments.version,
};
export type ScheduleRow = Omit<CleaningRow, 'dateTime' | 'paid' | 'doneAt' | 'cancelledAt'> & {
  frequency: string;
  firstVisitAt: Date | null;
};

const exceptionColumns = {
  id: visitExceptions.id,
  scheduleId: visitExceptions.recurringPaymentId,
  originalStart: visitExceptions.originalStart,
  status: visitExceptions.status,
  movedTo: visitExceptions.movedTo,
  recurringPaidId: visitExceptions.recurringPaidId,
  cleanerId: visitExceptions.cleanerId,
  version: visitExceptions.version,
};
export type ExceptionRow = {
  id: number;
  scheduleId: number;
  originalStart: Date;
  status: 'planned' | 'done' | 'skipped';
  movedTo: Date | null;
  recurringPaidId: number | null;
  /** This occurrence's own cleaner; null: its schedule's default. */
  cleanerId: number | null;
  /** 0 until its first change (as an occurrence with no row at all). */
  version: number;
};

/** The exception row of one occurrence (schedule and original start: unique). */
const isOccurrence = (scheduleId: number, originalStart: Date) =>
  and(eq(visitExceptions.recurringPaymentId, scheduleId), eq(visitExceptions.originalStart, originalStart));

/**
 * One occurrence's exception row, made if missing (INSERT … ON CONFLICT on the unique occurrence) and locked,
 * inside the caller's transaction: concurrent changes of one occurrence — the owner's or the customer's, on any
 * server — run one after the other, and each sees what the one before did.
 */
export async function lockOccurrence(tx: Tx, scheduleId: number, originalStart: Date): Promise<ExceptionRow> {
  await tx
    .insert(visitExceptions)
    .values({ recurringPaymentId: scheduleId, originalStart })
    .onConflictDoNothing({ target: [visitExceptions.recurringPaymentId, visitExceptions.originalStart] });
  const [row] = await tx
    .select(exceptionColumns)
    .from(visitExceptions)
    .where(isOccurrence(scheduleId, originalStart))
    .for('update');
  if (!row) throw new Error('the occurrence row vanished inside its transaction');
  return row;
}

/** An occurrence's version: its schedule's and its own exception's (none yet: 0), so either's change shows. */
export const occurrenceVersion = (schedule: number, exception: number) => `${schedule}.${exception}`;

/**
 * A schedule's version inside a change of one of its occurrences, under a share lock: a change of the schedule
 * waits for that one, which sees the schedule as it stays until it commits. Undefined: no such schedule.
 */
export async function lockedScheduleVersion(tx: Tx, scheduleId: number): Promise<number | undefined> {
  const [schedule] = await tx
    .select({ version: recurringPayments.version })
    .from(recurringPayments)
    .where(eq(recurringPayments.id, scheduleId))
    .for('share');
  return schedule?.version;
}

/** Sets an occurrence's exception fields (after `lockOccurrence`, in its transaction); answers its new version. */
export async function setException(
  tx: Tx,
  id: number,
  changes: Partial<{
    status: ExceptionRow['status'];
    movedTo: Date | null;
    recurringPaidId: number;
    cleanerId: number | null;
  }>,
): Promise<number> {
  const [row] = await tx
    .update(visitExceptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(visitExceptions.id, id))
    .returning({ version: visitExceptions.version });
  if (!row) throw new Error('the occurrence row vanished inside its transaction');
  return row.version;
}

const WORKING_HOURS = 'working_hours';

/** Whose visits a read is about: one customer's (their link's page) or one team member's (their day). */
export type VisitsOf = { inquiryId?: number; cleanerId?: number };

export const visitsStore = (db: Db) => ({
  /** One-time cleanings dated in [from, to); only the inquiry's, or the team member's, when `only` names one. */
  cleaningsBetween: (from: Date, to: Date, only: VisitsOf = {}): Promise<CleaningRow[]> =>
    db
      .select(cleaningColumns)
      .from(oneTimeCleanings)
      .innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId))
      .where(
        and(
          gte(oneTimeCleanings.dateTime, from),
          lt(oneTimeCleanings.dateTime, to),
          only.inquiryId === undefined ? undefined : eq(oneTimeCleanings.inquiryId, only.inquiryId),
          only.cleanerId === undefined ? undefined : eq(oneTimeCleanings.cleanerId, only.cleanerId),
        ),
      ),

  /**
   * One-time cleanings of [from, to), at most AGENDA_DAY_LIMIT a business day (the first of each, as the Agenda
   * reads them: ten years' busiest seed holds ~60,000 a month), and the business days that had more.
   */
  async cleaningsFirstOfEachDay(
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<{ rows: CleaningRow[]; truncatedDays: string[] }> {
    // firstOfEachDay takes an inclusive end.
    const { kept, truncated } = await firstOfEachDay(
      db,
      'one_time_cleanings',
      'date_time',
      from,
      new Date(to.getTime() - 1),
      timeZone,
    );
    const rows = kept.length
      ? await db
          .select(cleaningColumns)
          .from(oneTimeCleanings)
          .innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId))
          .where(
            inArray(
              oneTimeCleanings.id,
              kept.map((r) => r.id),
            ),
          )
      : [];
    return { rows, truncatedDays: [...truncated].sort() };
  },

  /**
   * One-time cleanings overlapping [start, end) (each lasting its own or `defaultMinutes`), the first `limit`:
   * read from the date index over the 12 hours before (the longest visit), not the whole day.
   */
  cleaningsOverlapping: (
    start: Date,
    end: Date,
    defaultMinutes: number,
    limit: number,
  ): Promise<CleaningRow[]> =>
    db
      .select(cleaningColumns)
      .from(oneTimeCleanings)
      .innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId))
      .where(
        and(
          gte(oneTimeCleanings.dateTime, new Date(start.getTime() - 12 * 3_600_000)),
          lt(oneTimeCleanings.dateTime, end),
          // A cancelled visit takes no time.
          isNull(oneTimeCleanings.cancelledAt),
          sql`${oneTimeCleanings.dateTime} + coalesce(${oneTimeCleanings.durationMinutes}, ${defaultMinutes}::int) * interval '1 minute' > ${start.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(oneTimeCleanings.dateTime))
      .limit(limit),

  async cleaning(id: number): Promise<CleaningRow | undefined> {
    const [row] = await db
      .select(cleaningColumns)
      .from(oneTimeCleanings)
      .innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId))
      .where(eq(oneTimeCleanings.id, id));
    return row;
  },

  /**
   * Schedules that may have visits in [from, to): first visit before `to` (the partial index on first_visit_at),
   * or one of their visits moved into the range (a first visit moved earlier than the schedule starts). Only the
   * inquiry's when `only` names one; for a team member, the schedules they clean by default or some visit of
   * (the caller keeps the visits that are theirs).
   */
  schedulesWithVisitsBetween: (from: Date, to: Date, only: VisitsOf = {}): Promise<ScheduleRow[]> =>
    db
      .select(scheduleColumns)
      .from(recurringPayments)
      .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
      .where(
        and(
          isNotNull(recurringPayments.firstVisitAt),
          only.inquiryId === undefined ? undefined : eq(recurringPayments.inquiryId, only.inquiryId),
          only.cleanerId === undefined
            ? undefined
            : or(
                eq(recurringPayments.cleanerId, only.cleanerId),
                inArray(
                  recurringPayments.id,
                  db
                    .select({ id: visitExceptions.recurringPaymentId })
                    .from(visitExceptions)
                    .where(eq(visitExceptions.cleanerId, only.cleanerId)),
                ),
              ),
          or(
            lt(recurringPayments.firstVisitAt, to),
            inArray(
              recurringPayments.id,
              db
                .select({ id: visitExceptions.recurringPaymentId })
                .from(visitExceptions)
                .where(and(gte(visitExceptions.movedTo, from), lt(visitExceptions.movedTo, to))),
            ),
          ),
        ),
      ),

  async schedule(id: number): Promise<ScheduleRow | undefined> {
    const [row] = await db
      .select(scheduleColumns)
      .from(recurringPayments)
      .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
      .where(eq(recurringPayments.id, id));
    return row;
  },

  /** The exceptions of these schedules for occurrences due, or moved, in [from, to). */
  exceptionsBetween: (scheduleIds: number[], from: Date, to: Date): Promise<ExceptionRow[]> =>
    scheduleIds.length === 0
      ? Promise.resolve([])
      : db
          .select(exceptionColumns)
          .from(visitExceptions)
          .where(
            and(
              inArray(visitExceptions.recurringPaymentId, scheduleIds),
              or(
                and(gte(visitExceptions.originalStart, from), lt(visitExceptions.originalStart, to)),
                and(gte(visitExceptions.movedTo, from), lt(visitExceptions.movedTo, to)),
              ),
            ),
          ),

  async exception(scheduleId: number, originalStart: Date): Promise<ExceptionRow | undefined> {
    const [row] = await db
      .select(exceptionColumns)
      .from(visitExceptions)
      .where(isOccurrence(scheduleId, originalStart));
    return row;
  },

  /**
   * Changes one occurrence's exception in one transaction, under `lockOccurrence`'s row lock. `change` gets the
   * locked row and its schedule's version (`lockedScheduleVersion`).
   */
  changeOccurrence<T>(
    scheduleId: number,
    originalStart: Date,
    change: (tx: Tx, row: ExceptionRow, scheduleVersion: number | undefined) => Promise<T>,
    /** Run first in the transaction, before the row lock (a move takes the booking lock here). */
    first: (on: Db) => Promise<void> = async () => {},
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await first(tx as unknown as Db);
      const row = await lockOccurrence(tx, scheduleId, originalStart);
      return change(tx, row, await lockedScheduleVersion(tx, scheduleId));
    });
  },

  setException,

  /**
   * Changes a one-time cleaning's visit fields (`set`, the cleanings feature's write, on the transaction) and reads
   * it back, in one transaction: `then` gets the row (none: no such cleaning) and the transaction, so what the
   * change sets off commits with it or not at all. `check` sees the row as it is, locked, before anything changes
   * (a stale If-Match version throws there).
   */
  changeCleaning<T>(
    id: number,
    set: (on: Db) => Promise<boolean>,
    then: (row: CleaningRow | undefined, on: Db) => Promise<T>,
    /** Run first in the transaction, before the row is locked (a move takes the booking lock here). */
    first: (on: Db) => Promise<void> = async () => {},
    /** Run on the locked row before it is written (the If-Match check, a caller's rule). */
    check: (row: CleaningRow, on: Db) => void | Promise<void> = () => {},
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const on = tx as unknown as Db;
      await first(on);
      const inTx = visitsStore(on);
      const [locked] = await tx
        .select(cleaningColumns)
        .from(oneTimeCleanings)
        .innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId))
        .where(eq(oneTimeCleanings.id, id))
        .for('update', { of: oneTimeCleanings });
      if (locked) await check(locked, on);
      return then((await set(on)) ? await inTx.cleaning(id) : undefined, on);
    });
  },

  /** The names the Agenda shows for these team members (memberName). */
  async teamNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, name: memberName })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /**
   * A team member who may be given visits (not removed), share-locked for the rest of the transaction so a
   * removal waits for the assignment and the assignment never names someone removed meanwhile; undefined: none.
   */
  async lockMember(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await db
      .select({ id: users.id, name: memberName })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.removedAt)))
      .for('share');
    return row;
  },

  workingHours: (): Promise<WorkingHours> =>
    ownerSetting(db, WORKING_HOURS, workingHoursSchema, DEFAULT_WORKING_HOURS).get(),
  setWorkingHours: (hours: WorkingHours): Promise<void> =>
    ownerSetting(db, WORKING_HOURS, workingHoursSchema, DEFAULT_WORKING_HOURS).set(hours),
});

export type VisitsStore = ReturnType<typeof visitsStore>;
