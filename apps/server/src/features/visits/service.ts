import type {
  PaymentMethod,
  Visit,
  VisitConflict,
  visitConflictsQuery,
  visitPatch,
  visitsQuery,
  WorkingHours,
} from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, StaleVersionError, ValidationError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import { CONFLICT_OCCURRENCES, LONGEST_MS, visitConflicts } from './conflicts';
import { refuseEarlyDone, sameBusinessDay } from './done';
import { type HeldTime, minutesMs, visitsReadModel } from './read-model';
import {
  isOccurrence,
  occurrences,
  oneTimeKey,
  overlapConflicts,
  parseKey,
  recurringKey,
  type Span,
} from './rule';
import { staleCleaning, staleOccurrence } from './stale';
import {
  type ExceptionRow,
  occurrenceVersion,
  type ScheduleRow,
  type VisitsStore,
  visitsStore,
} from './store';

export const NO_SUCH_VISIT = 'No visit with that key.';
export const NOT_AN_OCCURRENCE = 'No visit with that key: the schedule has no visit at that time.';
export const ONE_TIME_SKIP =
  'Only a recurring visit can be skipped; move or delete the one-time cleaning instead.';
export const UNPAY_RECURRING =
  'To undo a payment made before today, delete its paid record under Recurring paid.';
export const PAID_STAYS_DONE =
  'This visit is paid, so it stays done; undo Done & paid on the day it was paid, or delete its paid record first.';
export const OVERLAP_HINT = 'Send allow_overlap: true to keep this time anyway.';
export const ASSIGN_OVERLAP_HINT = 'Send allow_overlap: true to give it to them anyway.';
export const NO_SUCH_MEMBER = 'cleaner_id: no such team member (or they were removed).';

/** A caller's rule run inside a visit's change, under its row lock (a cleaner's Done: the checklist). */
export type WhileLocked = (on: Db) => Promise<void>;

export const HOLD_ONLY_CONFIRM =
  'A requested time can only be confirmed or declined: send {"status":"confirmed"} or {"status":"declined"}.';
export const CONFIRM_ONLY_REQUESTS = 'Only a requested time can be confirmed or declined.';

export type { HeldTime } from './read-model';

/** What a confirm or decline became: the visit it made, or the request itself, declined. */
export type HoldOutcome =
  | { made: 'one_time'; cleaningId: number }
  | { made: 'recurring'; scheduleId: number }
  | { made: 'declined'; hold: HeldTime };
/** The holds, as features/slots keeps them (absent: the visits alone, e.g. the calendar feed). */
export type HoldsAccess = {
  /** `on`: a transaction to read in (the owner's move decides its conflicts inside its own). */
  live: (from: Date, to: Date, on?: Db) => Promise<HeldTime[]>;
  /** Takes the booking lock for the rest of transaction `on` (the one every booking and move is decided under). */
  lock: (on: Db) => Promise<void>;
  change: (id: number, status: 'confirmed' | 'declined') => Promise<HoldOutcome>;
};

export type VisitsDeps = {
  store: VisitsStore;
  timezone: string;
  holds?: HoldsAccess;
  /**
   * Told of a visit whose status or payment the owner is setting (done asks the customer for a review), inside the
   * change's transaction (`on`): what it writes commits with the change, or neither does. `paymentMethod`: how
   * Done & paid was paid, when the owner said.
   */
  statusChanged?: (visit: Visit, on: Db, paymentMethod?: PaymentMethod) => Promise<void>;
  /** Told of a visit the owner moved from `from` (unless notify_customer: false), inside the move's transaction. */
  moved?: (visit: Visit, from: Date, on: Db) => Promise<void>;
  /** The clock a stale version's sentence reads ("cancelled at 10:02 AM" today, or with its date). */
  now?: () => Date;
};

/**
 * A move to the time the visit already has, with nothing else asked and the version (if sent) current: it
 * answers the visit as a move would, and changes, claims and tells nothing (docs/api.md).
 */
const sameTimeMove = (
  b: z.output<typeof visitPatch>,
  start: Date | undefined,
  visit: Visit,
  version?: string,
) =>
  start !== undefined &&
  b.status === undefined &&
  b.paid === undefined &&
  b.cleaner_id === undefined &&
  Date.parse(visit.start) === start.getTime() &&
  (version === undefined || visit.version === version);

/**
 * The owner's visits: one-time cleanings and the computed occurrences of recurring schedules, with the exceptions
 * stored for some occurrences (skipped, moved, done, paid). Everything in the business time zone `timezone`.
 */
export function visitsService({
  store,
  timezone,
  holds,
  statusChanged,
  moved,
  now = () => new Date(),
}: VisitsDeps) {
  const {
    oneTimeVisit,
    holdVisit,
    recurringVisit,
    ruleFor,
    visitsBetween,
    visitsOfInquiry,
    visitsOf,
    named,
    visitsOfCleaner,
    rangeOf,
    recurringBetween,
  } = visitsReadModel({ store, timezone });

  const { conflictsOf } = visitConflicts({ store, timezone, holds });

  /**
   * The first step of a move's transaction (`on`): takes the booking lock, the one public bookings and the
   * customer's moves are decided under, then (unless the owner allows an overlap) refuses a time with conflicts,
   * read inside the transaction. So a booking and a move for one free time run one after the other, and the second
   * sees the first (docs/architecture.md, "One booking rule").
   */
  async function claimMove(on: Db, start: Date, minutes: number, key: string, allowOverlap: boolean) {
    if (!holds) throw new Error('moving a visit needs the holds (the booking lock)');
    await holds.lock(on);
    if (allowOverlap) return;
    // The conflict rules read inside the transaction, after the lock.
    const found = await visitConflicts({
      store: visitsStore(on),
      timezone,
      holds: { ...holds, live: (from, to) => holds.live(from, to, on) },
    }).conflictsOf({ start, minutes, excludeKey: key });
    if (found.length > 0) throw new ConflictError(`${found.map((c) => c.message).join(' ')} ${OVERLAP_HINT}`);
  }

  /**
   * The assignment rule, inside a transaction (`on`) that holds the booking lock: a team member is never given two
   * visits that overlap. `cleanerId` would clean the visits at `starts` (each `minutes` long; `exclude` names the
   * visit itself or its schedule). A newly named member must exist and not be removed (share-locked, so a removal
   * waits); the other visits are read inside the transaction, after the lock, so of two assignments racing for one
   * person's time the second sees the first (docs/architecture.md, "One booking rule").
   */
  async function claimCleaner(
    on: Db,
    who: { cleanerId: number; newlyNamed: boolean },
    starts: Date[],
    minutes: number,
    exclude: (key: string) => boolean,
    allowOverlap: boolean,
  ) {
    const inTx = visitsStore(on);
    const member = who.newlyNamed ? await inTx.lockMember(who.cleanerId) : undefined;
    if (who.newlyNamed && !member) throw new ValidationError(NO_SUCH_MEMBER);
    if (allowOverlap || starts.length === 0) return;
    const times = starts.map((d) => d.getTime());
    const theirs = (
      await visitsReadModel({ store: inTx, timezone }).visitsOfCleaner(
        who.cleanerId,
        new Date(Math.min(...times) - LONGEST_MS),
        new Date(Math.max(...times) + minutesMs(minutes)),
      )
    ).filter((v) => v.status !== 'skipped' && v.status !== 'cancelled' && !exclude(v.key));
    const others: Span[] = theirs.map((v) => ({
      key: v.key,
      name: v.inquiry_name,
      start: new Date(v.start),
      end: new Date(v.end),
    }));
    for (const start of starts) {
      const [clash] = overlapConflicts(
        start,
        new Date(start.getTime() + minutesMs(minutes)),
        others,
        1,
        timezone,
      );
      if (clash) {
        const name = member?.name ?? theirs[0]?.cleaner_name ?? 'This team member';
        throw new ConflictError(`${name} has another visit then. ${clash.message} ${ASSIGN_OVERLAP_HINT}`);
      }
    }
  }

  /**
   * The first step of a one-time cleaning's change that moves or assigns it: the booking lock (claimMove, which also
   * checks the business's own overlap rule for a move), then the assignment rule for whoever cleans it afterwards.
   */
  async function claimOneTime(on: Db, id: number, b: z.output<typeof visitPatch>, start: Date | undefined) {
    if (start === undefined && b.cleaner_id === undefined) return;
    const hours = await visitsStore(on).workingHours();
    const before = await visitsStore(on).cleaning(id);
    const minutes = before?.durationMinutes ?? hours.default_duration_minutes;
    if (start) await claimMove(on, start, minutes, oneTimeKey(id), b.allow_overlap === true);
    else await lockBookings(on);
    // Read after the lock: every move and assignment of this visit waits for it, so this is what it is.
    const current = await visitsStore(on).cleaning(id);
    const cleanerId = b.cleaner_id === undefined ? current?.cleanerId : b.cleaner_id;
    if (!current || cleanerId == null) return;
    const at = start ?? current.dateTime;
    const key = oneTimeKey(id);
    const who = { cleanerId, newlyNamed: b.cleaner_id != null };
    await claimCleaner(on, who, at ? [at] : [], minutes, (k) => k === key, b.allow_overlap === true);
  }

  /** The same for one occurrence of a schedule (its own cleaner, else the schedule's default). */
  async function claimOccurrence(
    on: Db,
    schedule: ScheduleRow,
    originalStart: Date,
    b: z.output<typeof visitPatch>,
    start: Date | undefined,
    minutes: number,
  ) {
    if (start === undefined && b.cleaner_id === undefined) return;
    const key = recurringKey(schedule.id, originalStart);
    if (start) await claimMove(on, start, minutes, key, b.allow_overlap === true);
    else await lockBookings(on);
    const inTx = visitsStore(on);
    const [current, exception] = await Promise.all([
      inTx.schedule(schedule.id),
      inTx.exception(schedule.id, originalStart),
    ]);
    const own = b.cleaner_id === undefined ? exception?.cleanerId : b.cleaner_id;
    const cleanerId = own ?? current?.cleanerId;
    if (!current || cleanerId == null) return;
    const at = start ?? exception?.movedTo ?? originalStart;
    const who = { cleanerId, newlyNamed: b.cleaner_id != null };
    await claimCleaner(on, who, [at], minutes, (k) => k === key, b.allow_overlap === true);
  }

  /**
   * A schedule's default cleaner, inside the transaction that sets it: the booking lock, the member, and its next
   * CONFLICT_OCCURRENCES visits from now (those without a cleaner of their own, not skipped) against the member's
   * other visits.
   */
  async function claimSchedule(on: Db, scheduleId: number, cleanerId: number, allowOverlap: boolean) {
    await lockBookings(on);
    const inTx = visitsStore(on);
    const schedule = await inTx.schedule(scheduleId);
    const rule = schedule && ruleFor(schedule);
    const hours = await inTx.workingHours();
    const minutes = schedule?.durationMinutes ?? hours.default_duration_minutes;
    const nth = rule && occurrences(rule, timezone);
    const from = now().getTime() - minutesMs(minutes);
    const upcoming: Date[] = [];
    for (let k = 0; nth && upcoming.length < CONFLICT_OCCURRENCES && k < 10_000; k++)
      if (nth(k).getTime() > from) upcoming.push(nth(k));
    const last = upcoming.at(-1);
    const exceptions =
      schedule && last
        ? await inTx.exceptionsBetween([scheduleId], new Date(from), new Date(last.getTime() + 1))
        : [];
    const own = new Map(exceptions.map((e) => [e.originalStart.getTime(), e]));
    const starts = upcoming.flatMap((at) => {
      const e = own.get(at.getTime());
      return e?.status === 'skipped' || (e?.cleanerId ?? null) !== null ? [] : [e?.movedTo ?? at];
    });
    const exclude = (key: string) => key.startsWith(`r${scheduleId}-`);
    await claimCleaner(on, { cleanerId, newlyNamed: true }, starts, minutes, exclude, allowOverlap);
  }

  /**
   * A move by someone else than the owner (the customer's link), inside its transaction after the booking lock: the
   * visit's cleaner (if any) must not have another visit at `start`. Throws the 409 with the other visit named:
   * the caller words it for its reader.
   */
  async function claimCleanerAt(on: Db, key: string, start: Date, minutes: number) {
    const parsed = parseKey(key);
    if (!parsed || parsed.kind === 'request') return;
    const inTx = visitsStore(on);
    let cleanerId: number | null | undefined;
    if (parsed.kind === 'one_time') cleanerId = (await inTx.cleaning(parsed.id))?.cleanerId;
    else {
      const [schedule, exception] = await Promise.all([
        inTx.schedule(parsed.scheduleId),
        inTx.exception(parsed.scheduleId, parsed.originalStart),
      ]);
      cleanerId = exception?.cleanerId ?? schedule?.cleanerId;
    }
    if (cleanerId == null) return;
    await claimCleaner(on, { cleanerId, newlyNamed: false }, [start], minutes, (k) => k === key, false);
  }

  async function lockBookings(on: Db) {
    if (!holds) throw new Error('assigning a visit needs the holds (the booking lock)');
    await holds.lock(on);
  }

  async function patchOneTime(
    id: number,
    b: z.output<typeof visitPatch>,
    version?: string,
    whileLocked?: WhileLocked,
  ): Promise<Visit> {
    const row = await store.cleaning(id);
    if (!row) throw new NotFoundError(NO_SUCH_VISIT);
    if (b.status === 'skipped') throw new ValidationError(ONE_TIME_SKIP);
    if (b.status === 'confirmed' || b.status === 'declined') throw new ValidationError(CONFIRM_ONLY_REQUESTS);
    const hours = await store.workingHours();
    const start = b.start === undefined ? undefined : instantIn(b.start, timezone, 'start');
    const current = oneTimeVisit(row, hours);
    if (current?.status === 'planned' && sameTimeMove(b, start, current, version)) return current;
    const done = b.status === 'done' || b.paid === true ? true : b.status === 'planned' ? false : undefined;
    // The owner may book a cancelled visit again: any change of its status or time does.
    const cancelledAt = b.status !== undefined || start !== undefined ? null : undefined;
    const changes = { dateTime: start, paid: b.paid, done, cancelledAt, cleanerId: b.cleaner_id };
    return store.changeCleaning(
      id,
      changes,
      async (updated, on) => {
        const visit = updated && oneTimeVisit(updated, hours);
        if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
        if (b.status !== undefined || b.paid !== undefined)
          await statusChanged?.(visit, on, b.payment_method);
        const from = row.dateTime;
        if (start && from && from.getTime() !== start.getTime() && b.notify_customer !== false)
          await moved?.(visit, from, on);
        return visit;
      },
      (on) => claimOneTime(on, id, b, start),
      async (locked, on) => {
        await whileLocked?.(on);
        if (version !== undefined && String(locked.version) !== version)
          throw new StaleVersionError(staleCleaning(locked, now(), timezone));
        const at = start ?? locked.dateTime;
        if (done && !locked.doneAt && at) refuseEarlyDone(at, now(), b.confirm_early, timezone);
        // Undo of Done & paid on the day it was done: planned again is unpaid again (docs/api.md, "Done early").
        if (b.status === 'planned' && b.paid === undefined && locked.doneAt)
          if (sameBusinessDay(locked.doneAt, now(), timezone)) changes.paid = false;
      },
    );
  }

  async function patchRecurring(
    scheduleId: number,
    originalStart: Date,
    b: z.output<typeof visitPatch>,
    version?: string,
    whileLocked?: WhileLocked,
  ) {
    const schedule = await store.schedule(scheduleId);
    if (!schedule) throw new NotFoundError(NO_SUCH_VISIT);
    const rule = ruleFor(schedule);
    if (!rule || !isOccurrence(rule, originalStart, timezone)) throw new NotFoundError(NOT_AN_OCCURRENCE);
    const asked = b.status;
    if (asked === 'confirmed' || asked === 'declined') throw new ValidationError(CONFIRM_ONLY_REQUESTS);
    const hours = await store.workingHours();
    const start = b.start === undefined ? undefined : instantIn(b.start, timezone, 'start');
    const minutes = schedule.durationMinutes ?? hours.default_duration_minutes;
    if (start !== undefined) {
      const current = recurringVisit(
        schedule,
        originalStart,
        await store.exception(scheduleId, originalStart),
        hours,
      );
      if (sameTimeMove(b, start, current, version)) return current;
    }

    return store.changeOccurrence(
      scheduleId,
      originalStart,
      async (tx, row, scheduleVersion) => {
        if (scheduleVersion === undefined) throw new NotFoundError(NO_SUCH_VISIT);
        await whileLocked?.(tx as unknown as Db);
        if (version !== undefined && occurrenceVersion(scheduleVersion, row.version) !== version) {
          const seen = Number(version.split('.')[1]);
          throw new StaleVersionError(staleOccurrence(row, seen, now(), timezone));
        }
        const movedTo =
          start === undefined ? row.movedTo : start.getTime() === originalStart.getTime() ? null : start;
        let status: ExceptionRow['status'] = b.paid === true ? 'done' : (asked ?? row.status);
        if (status === 'done' && row.status !== 'done')
          refuseEarlyDone(movedTo ?? originalStart, now(), b.confirm_early, timezone);
        let recurringPaidId = row.recurringPaidId;
        // Undo of Done & paid on the day it was paid: the paid record goes (docs/api.md, "Done early").
        const undo = b.paid === false || asked === 'planned';
        if (undo && recurringPaidId !== null) {
          const paidAt = await store.paidAt(tx, recurringPaidId);
          if (!paidAt || !sameBusinessDay(paidAt, now(), timezone)) {
            if (b.paid === false) throw new ValidationError(UNPAY_RECURRING);
            throw new ConflictError(PAID_STAYS_DONE);
          }
          await store.deletePaid(tx, recurringPaidId);
          recurringPaidId = null;
          if (asked === undefined) status = 'planned';
        }
        if (recurringPaidId !== null && status !== 'done') {
          if (asked !== undefined) throw new ConflictError(PAID_STAYS_DONE);
          status = 'done';
        }
        // Under the row lock: a concurrent Done & paid finds the record this one made, and makes none.
        if (b.paid === true && recurringPaidId === null)
          recurringPaidId = await store.createPaid(tx, scheduleId, schedule.amount, movedTo ?? originalStart);
        const cleanerId = b.cleaner_id === undefined ? row.cleanerId : b.cleaner_id;
        const changed = await store.setException(tx, row.id, {
          status,
          movedTo,
          cleanerId,
          ...(recurringPaidId === null ? {} : { recurringPaidId }),
        });
        const visit = recurringVisit(
          { ...schedule, version: scheduleVersion },
          originalStart,
          { ...row, status, movedTo, recurringPaidId, cleanerId, version: changed },
          hours,
        );
        if (asked !== undefined || b.paid !== undefined)
          await statusChanged?.(visit, tx as unknown as Db, b.payment_method);
        const from = row.movedTo ?? originalStart;
        if (start && from.getTime() !== start.getTime() && b.notify_customer !== false)
          await moved?.(visit, from, tx as unknown as Db);
        return visit;
      },
      (on) => claimOccurrence(on, schedule, originalStart, b, start, minutes),
    );
  }

  /**
   * Confirms or declines a visitor's request (features/slots does it under the hold's row lock, so twenty
   * confirms make one visit): answers the visit it became (the schedule's first), or the request, declined.
   */
  async function patchRequest(id: number, b: z.output<typeof visitPatch>): Promise<Visit> {
    if (!holds) throw new NotFoundError(NO_SUCH_VISIT);
    const { status, ...rest } = b;
    if ((status !== 'confirmed' && status !== 'declined') || Object.values(rest).some((v) => v !== undefined))
      throw new ValidationError(HOLD_ONLY_CONFIRM);
    const outcome = await holds.change(id, status);
    if (outcome.made === 'declined') return holdVisit(outcome.hold, 'declined');
    const hours = await store.workingHours();
    if (outcome.made === 'one_time') {
      const row = await store.cleaning(outcome.cleaningId);
      const visit = row && oneTimeVisit(row, hours);
      if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
      return visit;
    }
    const schedule = await store.schedule(outcome.scheduleId);
    if (!schedule?.firstVisitAt) throw new NotFoundError(NO_SUCH_VISIT);
    const first = schedule.firstVisitAt;
    const [exception] = await store.exceptionsBetween([schedule.id], first, new Date(first.getTime() + 1));
    return recurringVisit(schedule, first, exception, hours);
  }

  return {
    visitsBetween,
    visitsOfInquiry,
    visitsOfCleaner,
    claimSchedule,
    claimCleanerAt,
    rangeOf,
    recurringBetween,
    conflictsOf,

    /**
     * GET /api/visits: both business dates included, at most VISITS_MAX_DAYS days; at most AGENDA_DAY_LIMIT
     * one-time cleanings a day (the days with more in `truncatedDays`).
     */
    async list(query: z.output<typeof visitsQuery>): Promise<{ visits: Visit[]; truncatedDays: string[] }> {
      const { from, to } = rangeOf(query);
      const [found, held] = await Promise.all([
        visitsOf(from, to, undefined, true),
        holds?.live(from, to) ?? [],
      ]);
      if (held.length === 0) return found;
      const visits = [...found.visits, ...held.map((h) => holdVisit(h))];
      visits.sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
      return { visits, truncatedDays: found.truncatedDays };
    },

    /**
     * PATCH /api/visits/{key}; `version` (If-Match): only the visit as the client saw it, else a 412.
     * `whileLocked`: a rule of the caller's, run in the change's transaction under the visit's row lock.
     */
    async patch(
      key: string,
      b: z.output<typeof visitPatch>,
      version?: string,
      whileLocked?: WhileLocked,
    ): Promise<Visit> {
      const parsed = parseKey(key);
      if (!parsed) throw new NotFoundError(NO_SUCH_VISIT);
      if (parsed.kind === 'request') return patchRequest(parsed.id, b);
      // statusChanged hears of a change of status or payment only: moving a visit done long ago asks for nothing.
      const visit = await (parsed.kind === 'one_time'
        ? patchOneTime(parsed.id, b, version, whileLocked)
        : patchRecurring(parsed.scheduleId, parsed.originalStart, b, version, whileLocked));
      return (await named([visit]))[0] ?? visit;
    },

    /** GET /api/visits/conflicts. */
    conflicts(q: z.output<typeof visitConflictsQuery>): Promise<VisitConflict[]> {
      return conflictsOf({
        start: instantIn(q.start, timezone, 'start'),
        minutes: q.duration_minutes,
        frequency: q.frequency,
        excludeKey: q.exclude_key,
      });
    },

    workingHours: () => store.workingHours(),
    async setWorkingHours(hours: WorkingHours): Promise<WorkingHours> {
      await store.setWorkingHours(hours);
      return store.workingHours();
    },
  };
}

export type VisitsService = ReturnType<typeof visitsService>;
