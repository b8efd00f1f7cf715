import type { Db } from '../../db/client';
import { ConflictError, ValidationError } from '../../lib/errors';
import type { VisitPatch } from './changes';
import { CONFLICT_OCCURRENCES, LONGEST_MS, visitConflicts } from './conflicts';
import type { HoldsAccess } from './holds';
import { minutesMs, visitsReadModel } from './read-model';
import { occurrences, oneTimeKey, overlapConflicts, parseKey, recurringKey, type Span } from './rule';
import { type ScheduleRow, visitsStore } from './store';

export const OVERLAP_HINT = 'Send allow_overlap: true to keep this time anyway.';
export const ASSIGN_OVERLAP_HINT = 'Send allow_overlap: true to give it to them anyway.';
export const NO_SUCH_MEMBER = 'cleaner_id: no such team member (or they were removed).';

/**
 * The claims a move or an assignment makes inside its transaction: the booking lock, the business's overlap rule
 * for a new time, and the assignment rule (a team member never has two visits that overlap).
 */
export function visitClaims({
  timezone,
  holds,
  ruleFor,
  now,
}: {
  timezone: string;
  holds?: HoldsAccess;
  ruleFor: ReturnType<typeof visitsReadModel>['ruleFor'];
  now: () => Date;
}) {
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
  async function claimOneTime(on: Db, id: number, b: VisitPatch, start: Date | undefined) {
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
    b: VisitPatch,
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

  return { claimMove, claimOneTime, claimOccurrence, claimSchedule, claimCleanerAt, lockBookings };
}

export type VisitClaims = ReturnType<typeof visitClaims>;
