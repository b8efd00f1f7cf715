import {
  BOOKING_HORIZON_DAYS,
  formatPhone,
  QUOTE_FREQUENCY_LABELS,
  type QuoteFrequency,
  type SiteConfig,
  SLOTS_MAX_DAYS,
  type slotsQuery,
  type WorkingHours,
} from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { closedMessage } from '../contact-status/service';
import type { CustomerNotices } from '../notifications/customer';
import type { BusyTimes } from '../visits/busy-times';
import { recurringKey } from '../visits/rule';
import { type HeldTime, type HoldOutcome, type HoldsAccess, NO_SUCH_VISIT } from '../visits/service';
import {
  type BusySpan,
  countOverlapping,
  gridStarts,
  horizonEnd,
  onGrid,
  visitsOf,
  withOffset,
} from './open-times';
import { type BookedVisit, type HoldRow, holdsStore, LONGEST_MINUTES } from './store';

export const SLOT_TAKEN = 'That time was just taken — please pick another.';
export const TAKEN_SINCE =
  'That time was booked by someone else while your visit was off, so it cannot be put back. Please call us to find another.';
export const tooSoon = (hours: number) =>
  `That time is less than ${hours} hours away: please pick one of the open times.`;
export const tooFar = (lastDay: string) =>
  `We book no further ahead than ${lastDay}: please pick one of the open times, or call us.`;
export const NOT_OFFERED =
  'That time is not one of the open times offered (in working hours, far enough ahead and not too far): please pick one of those offered.';
/** Requests from one e-mail address or phone number that may wait for the owner's answer at once. */
export const MAX_WAITING_REQUESTS = 2;
export const tooManyWaiting = (phone: string) =>
  `You already have ${MAX_WAITING_REQUESTS} requests waiting for our answer. We will be in touch soon; to change them or book another time, please call us at ${phone}.`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LONGEST_MS = LONGEST_MINUTES * MINUTE;

/** What a request asks for: its visit's length and how often it repeats. */
export type Ask = { minutes: number; frequency: QuoteFrequency };
export type Rules = {
  hours: WorkingHours;
  site: SiteConfig;
  noticeMs: number;
  bufferMs: number;
  holdMs: number;
};
/** A requested time checked against the grid, ready to be claimed inside the booking's transaction. */
export type PreparedHold = Ask & { start: Date; amount: number; rules: Rules };

export type SlotsDeps = {
  db: Db;
  timezone: string;
  /** The visits' working hours, schedules and one-time cleanings, read on a given connection or transaction. */
  busy: BusyTimes;
  /** The business facts in force (their booking rules). */
  facts: () => Promise<SiteConfig>;
  /** Whether the booking form is open at `at` (the owner's switch). */
  bookingOpen: (at: Date) => Promise<boolean>;
  /**
   * Takes the booking lock for the rest of transaction `on` (the booking switch's row, features/contact-status):
   * every request takes it before checking that its time is free and inserting its hold, so on any server the
   * check and the insert of one request never interleave with another's.
   */
  lockBookings: (on: Db) => Promise<void>;
  now?: () => Date;
};

/**
 * Open times and holds (docs/product.md#open-times-and-holds). A time is open when it is on the grid of the working
 * hours (open-times.ts), at least the notice ahead, and — on each of its visits (12 for a recurring request) — the
 * visits and live holds overlapping it, travel buffer included on both sides, number fewer than max_overlap. (They
 * are counted whole, not at their busiest moment as the owner's conflict warning does: a time is never offered that
 * would crowd the day, at worst one is not offered that would just fit.) A booking request claims its time under the
 * booking lock, re-checked with the same rule, so exactly one of any number of requests for one time gets it.
 */
export function slotsService({
  db,
  timezone: timeZone,
  busy,
  facts: siteFacts,
  bookingOpen,
  lockBookings,
  now = () => new Date(),
}: SlotsDeps) {
  async function rulesInForce(): Promise<Rules> {
    const [hours, facts] = await Promise.all([busy.workingHours(db), siteFacts()]);
    const r = facts.bookingRules;
    return {
      hours,
      site: facts,
      noticeMs: r.noticeHours * HOUR,
      bufferMs: r.travelBufferMinutes * MINUTE,
      holdMs: r.holdDays * DAY,
    };
  }

  /**
   * Of `starts` (grid times, ascending), the ones free for `ask`, read through `on` (the booking transaction's
   * when claiming). Visits of schedules and holds are few and counted in memory; one-time cleanings, which ten
   * years of a busy business make dense, are counted by the database per window: first for every start's first
   * visit, then for the survivors' later ones.
   */
  async function free(
    on: Db,
    starts: Date[],
    ask: Ask,
    rules: Rules,
    at: Date,
    /**
     * `excludeKey`: a visit being moved or put back, its own time no obstacle; `anyTime`: a time the visit had
     * already, off the grid or not (the owner may have set it so), where only what is booked there counts.
     */
    { excludeKey, anyTime = false }: { excludeKey?: string; anyTime?: boolean } = {},
  ): Promise<Date[]> {
    if (starts.length === 0) return [];
    const { hours, bufferMs } = rules;
    const lengthMs = ask.minutes * MINUTE;
    const visits = starts.map((s) => visitsOf(s, ask.frequency, timeZone));
    const times = visits.flat().map((d) => d.getTime());
    const lo = new Date(Math.min(...times) - LONGEST_MS - bufferMs);
    const hi = new Date(Math.max(...times) + lengthMs + bufferMs);
    const [recurring, held] = await Promise.all([
      busy.recurringBetween(on, lo, hi, hours),
      holdsStore(on).live(lo, hi, new Date(at.getTime() - rules.holdMs)),
    ]);
    const spans: BusySpan[] = [
      ...recurring
        .filter((v) => v.status !== 'skipped' && v.key !== excludeKey)
        .map((v) => ({ start: Date.parse(v.start), end: Date.parse(v.end) })),
      ...held.map((h) => ({
        start: h.start.getTime(),
        end: h.start.getTime() + h.durationMinutes * MINUTE,
      })),
    ].sort((a, b) => a.start - b.start);
    const window = (d: Date) => ({
      start: new Date(d.getTime() - bufferMs),
      end: new Date(d.getTime() + lengthMs + bufferMs),
    });
    const inMemory = (d: Date) => {
      const w = window(d);
      return countOverlapping(spans, w.start.getTime(), w.end.getTime(), LONGEST_MS);
    };
    const max = hours.max_overlap;
    let alive = starts
      .map((_, i) => i)
      .filter((i) =>
        visits[i]?.every((v) => (anyTime || onGrid(v, ask.minutes, hours, timeZone)) && inMemory(v) < max),
      );
    for (const first of [true, false]) {
      const probes = alive.flatMap((i) =>
        (visits[i] ?? []).flatMap((v, k) => ((k === 0) === first ? [{ i, v }] : [])),
      );
      if (probes.length === 0) continue;
      const counts = await busy.cleaningCounts(
        on,
        probes.map((p) => window(p.v)),
        hours.default_duration_minutes,
        max,
        excludeKey,
      );
      const blocked = new Set(
        probes.flatMap((p, j) => ((counts.get(j) ?? 0) + inMemory(p.v) >= max ? [p.i] : [])),
      );
      alive = alive.filter((i) => !blocked.has(i));
    }
    return alive.flatMap((i) => starts[i] ?? []);
  }

  /** A business date as its UTC midnight; a date not on the calendar (Feb 30) is the client's 400. */
  function dayOf(date: string): number {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const ms = Date.UTC(y, m - 1, d);
    if (new Date(ms).toISOString().slice(0, 10) !== date)
      throw new ValidationError('from must be a real date like 2027-03-02.');
    return ms;
  }

  /** The last business day offered before `end` (the horizon's end), as a person reads it. */
  const lastDayText = (end: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(end.getTime() - 1));

  /** The grid starts the booking form offers for `ask` from `fromDay`: past the notice, before the horizon. */
  function offeredStarts(fromDay: number, minutes: number, rules: Rules, at: Date): Date[] {
    const end = horizonEnd(at, BOOKING_HORIZON_DAYS, timeZone);
    return gridStarts({
      fromDay,
      days: SLOTS_MAX_DAYS,
      minutes,
      hours: rules.hours,
      timeZone,
      earliest: new Date(at.getTime() + rules.noticeMs),
    }).filter((s) => s < end);
  }

  /**
   * Inside a booking's or a move's transaction, under the booking lock: refuses (409) a time GET /api/slots would
   * not offer now — off the grid, within the notice, past the horizon (NOT_OFFERED) or no longer free (SLOT_TAKEN).
   */
  async function refuseUnoffered(on: Db, start: Date, ask: Ask, rules: Rules, excludeKey?: string) {
    const at = now();
    const offered =
      onGrid(start, ask.minutes, rules.hours, timeZone) &&
      start.getTime() >= at.getTime() + rules.noticeMs &&
      start < horizonEnd(at, BOOKING_HORIZON_DAYS, timeZone);
    if (!offered) throw new ConflictError(NOT_OFFERED);
    if ((await free(on, [start], ask, rules, at, { excludeKey })).length !== 1)
      throw new ConflictError(SLOT_TAKEN);
  }

  async function refuseWhenClosed(rules: Rules) {
    if (!(await bookingOpen(now()))) throw new ConflictError(closedMessage(rules.site));
  }

  return {
    /** GET /api/slots: the open start times of SLOTS_MAX_DAYS business days from `from`, with their offsets. */
    async list(q: z.output<typeof slotsQuery>): Promise<string[]> {
      const fromDay = dayOf(q.from);
      const rules = await rulesInForce();
      await refuseWhenClosed(rules);
      const at = now();
      const ask = { minutes: q.duration_minutes, frequency: q.frequency };
      const starts = offeredStarts(fromDay, ask.minutes, rules, at);
      return (await free(db, starts, ask, rules, at)).map((s) => withOffset(s, timeZone));
    },

    /**
     * The open times a customer may move a visit to (features/customer-link): the booking form's times for the
     * visit's length on SLOTS_MAX_DAYS business days from `fromDay` (a date as its UTC midnight, in ms), the
     * visit's own time no obstacle. Not refused while the booking form is closed: the visit is booked already.
     */
    async forMove(input: { fromDay: number; minutes: number; excludeKey: string }): Promise<Date[]> {
      const rules = await rulesInForce();
      const at = now();
      const starts = offeredStarts(input.fromDay, input.minutes, rules, at);
      const ask = { minutes: input.minutes, frequency: 'one_time' as const };
      return free(db, starts, ask, rules, at, { excludeKey: input.excludeKey });
    },

    /** The rules a move is checked with, read before its transaction (see prepare). */
    rulesInForce,

    /**
     * Inside a move's transaction: takes the booking lock (the one every hold is claimed under, so a move and a
     * booking request, or two moves, for one time run one after the other) and checks `start` is still open for
     * the visit, its own time aside: 409 with its own sentence when it is within the notice or past the last day
     * offered, and when refuseUnoffered would refuse it.
     */
    async claimMove(tx: Db, input: { start: Date; minutes: number; excludeKey: string; rules: Rules }) {
      await lockBookings(tx);
      const { start, minutes, excludeKey, rules } = input;
      const at = now();
      if (start.getTime() < at.getTime() + rules.noticeMs)
        throw new ConflictError(tooSoon(rules.site.bookingRules.noticeHours));
      const end = horizonEnd(at, BOOKING_HORIZON_DAYS, timeZone);
      if (start >= end) throw new ConflictError(tooFar(lastDayText(end)));
      await refuseUnoffered(tx, start, { minutes, frequency: 'one_time' }, rules, excludeKey);
    },

    /**
     * Inside the transaction of an undone skip or cancel, under the booking lock: refuses (409 TAKEN_SINCE) the
     * visit's own time when a booking or move took it while the visit was off. Neither the notice nor the grid
     * applies: the visit had this time already, and the cutoff decides whether it may come back.
     */
    async claimBack(tx: Db, input: { start: Date; minutes: number; excludeKey: string; rules: Rules }) {
      await lockBookings(tx);
      const { start, minutes, excludeKey, rules } = input;
      const ask = { minutes, frequency: 'one_time' as const };
      if ((await free(tx, [start], ask, rules, now(), { excludeKey, anyTime: true })).length !== 1)
        throw new ConflictError(TAKEN_SINCE);
    },

    /**
     * The time asked for and the visit's length (`minutes` null: the owner's default), with the rules read before
     * the booking's transaction (reads outside it would wait for it on the embedded database), to be claimed inside.
     */
    prepare(
      requested: string,
      ask: { minutes: number | null; frequency: QuoteFrequency; amount: number },
      rules: Rules,
    ): PreparedHold {
      const start = new Date(requested);
      const minutes = ask.minutes ?? rules.hours.default_duration_minutes;
      return { start, minutes, frequency: ask.frequency, amount: ask.amount, rules };
    },

    /**
     * First in the booking's transaction: takes the booking lock, then refuses (429) a request from a contact
     * whose MAX_WAITING_REQUESTS earlier ones still hold their times: a visitor cannot block the week with
     * requests, and two at once from one contact count each other.
     */
    async admit(tx: Db, contact: { email: string | null; phone: string | null }, rules: Rules) {
      await lockBookings(tx);
      const holds = holdsStore(tx);
      const madeAfter = new Date(now().getTime() - rules.holdMs);
      if ((await holds.waiting(contact, madeAfter, MAX_WAITING_REQUESTS)) >= MAX_WAITING_REQUESTS)
        throw new TooManyRequestsError(tooManyWaiting(formatPhone(rules.site.phone)));
    },

    /**
     * Inside the booking's transaction, after its inquiry is inserted: takes the booking lock, then checks the time
     * is one GET /api/slots offers now (refuseUnoffered: 409 when not) and records the hold for the inquiry. The
     * lock is held until the transaction ends, so the next request's check sees this hold.
     */
    async claim(tx: Db, inquiryId: number, p: PreparedHold): Promise<void> {
      await lockBookings(tx);
      const holds = holdsStore(tx);
      await refuseUnoffered(tx, p.start, p, p.rules);
      const at = now();
      await holds.create({
        inquiryId,
        start: p.start,
        durationMinutes: p.minutes,
        frequency: p.frequency,
        amount: p.amount,
        createdAt: at,
      });
    },
  };
}

export type SlotsService = ReturnType<typeof slotsService>;

export const REQUEST_DECLINED = 'This request was declined: its time is free again.';
export const REQUEST_CONFIRMED = 'This request is confirmed: change or delete the visit it became instead.';
export const REQUEST_LAPSED =
  'This request was not confirmed in time and no longer holds its time: add the visit from its inquiry instead.';

export type HoldsDeps = {
  db: Db;
  now?: () => Date;
  /** The booking rules' holdDays in force, read on `on`. */
  holdDays: (on: Db) => Promise<number>;
  /**
   * Makes a confirmed request's visit inside the confirm's transaction `on` (the cleanings' or schedules' own
   * store): a one-time cleaning, or with `scheduleFrequency` a schedule whose first visit is the time held; the
   * inquiry becomes Booked.
   */
  book: (on: Db, hold: HoldRow, scheduleFrequency: string | null) => Promise<BookedVisit>;
  /**
   * The customer's confirmation of a visit a confirm just made: queued inside the confirm's transaction (a failure
   * leaves the request unconfirmed, so none is lost), sent once it committed.
   */
  confirmation?: Pick<CustomerNotices, 'queue'>;
  /** The booking lock (as SlotsDeps' lockBookings). */
  lockBookings: (on: Db) => Promise<void>;
};

/**
 * The holds as the visits use them: the live ones starting in [from, to) (held, not lapsed at `now`: made less than
 * bookingRules.holdDays ago), with the instant each lapses — what the Agenda shows as requested and the owner's
 * conflicts count — and confirming or declining one.
 */
export function holdsAccess({
  db,
  now = () => new Date(),
  holdDays,
  book,
  confirmation,
  lockBookings,
}: HoldsDeps): HoldsAccess {
  const held = (row: HoldRow, ms: number): HeldTime => ({
    ...row,
    lapsesAt: new Date(row.createdAt.getTime() + ms),
  });
  return {
    async live(from, to, on = db) {
      const ms = (await holdDays(on)) * DAY;
      const rows = await holdsStore(on).live(from, to, new Date(now().getTime() - ms));
      return rows.map((r) => held(r, ms));
    },

    lock: lockBookings,

    /**
     * Under the hold's row lock, so of twenty confirms at once (on any server) the first makes the visit and the
     * others find it made and answer it. Confirmed: the one-time cleaning, or the schedule (its frequency in the
     * owner's words, its first visit the time held), at the quoted amount and length; the inquiry is Booked.
     */
    async change(id, status) {
      const ms = (await holdDays(db)) * DAY;
      const at = now();
      const outcome = await holdsStore(db).change(id, lockBookings, async (tx, row): Promise<HoldOutcome> => {
        if (!row) throw new NotFoundError(NO_SUCH_VISIT);
        const txHolds = holdsStore(tx as unknown as Db);
        if (row.status === 'confirmed') {
          if (status === 'declined') throw new ConflictError(REQUEST_CONFIRMED);
          if (row.oneTimeCleaningId !== null) return { made: 'one_time', cleaningId: row.oneTimeCleaningId };
          if (row.recurringPaymentId !== null)
            return { made: 'recurring', scheduleId: row.recurringPaymentId };
          throw new ConflictError(REQUEST_CONFIRMED);
        }
        if (status === 'declined') {
          if (row.status !== 'declined') await txHolds.setStatus(id, 'declined');
          return { made: 'declined', hold: held(row, ms) };
        }
        if (row.status === 'declined') throw new ConflictError(REQUEST_DECLINED);
        if (row.createdAt.getTime() + ms <= at.getTime()) throw new ConflictError(REQUEST_LAPSED);
        const made = await book(tx as unknown as Db, row, FREQUENCY_LABEL[row.frequency]);
        await txHolds.confirmed(id, made);
        // Only the confirm that made the visit tells the customer; the nineteen that found it made do not.
        await confirmation?.queue(tx as unknown as Db, {
          key: made.made === 'one_time' ? `o${made.cleaningId}` : recurringKey(made.scheduleId, row.start),
          inquiryId: row.inquiryId,
          start: row.start,
          minutes: row.durationMinutes,
          amount: row.amount,
          frequency: FREQUENCY_LABEL[row.frequency] ?? undefined,
        });
        return made;
      });
      return outcome;
    },
  };
}

/** A confirmed recurring request's schedule frequency, in the words the schedules understand (null: one time). */
const FREQUENCY_LABEL: Record<QuoteFrequency, string | null> = {
  one_time: null,
  weekly: QUOTE_FREQUENCY_LABELS.weekly,
  every_2_weeks: QUOTE_FREQUENCY_LABELS.every_2_weeks,
  every_4_weeks: QUOTE_FREQUENCY_LABELS.every_4_weeks,
};
