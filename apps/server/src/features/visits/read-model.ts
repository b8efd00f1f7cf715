import {
  type QuoteFrequency,
  VISITS_MAX_DAYS,
  type Visit,
  type WorkingHours,
  wallInstant,
} from '@clean/shared';
import type { Db } from '../../db/client';
import type { Customer } from '../../db/customer';
import { ValidationError } from '../../lib/errors';
import {
  holdKey,
  isOccurrence,
  occurrencesBetween,
  oneTimeKey,
  type Rule,
  recurringKey,
  ruleOf,
} from './rule';
import {
  type CleaningRow,
  type ExceptionRow,
  occurrenceVersion,
  type ScheduleRow,
  type VisitsOf,
  type VisitsStore,
  visitsStore,
} from './store';

/**
 * A live hold (docs/product.md#open-times-and-holds) as the visits see it: the Agenda's requests and a conflict for
 * the owner's visits.
 */
export type HeldTime = Customer & {
  id: number;
  description: string | null;
  start: Date;
  durationMinutes: number;
  frequency: QuoteFrequency;
  amount: number;
  lapsesAt: Date | null;
};

/** Schedules with their rules and exceptions (and the held requests) of a range, read once for many questions. */
export type Loaded = {
  ruled: { s: ScheduleRow; rule: Rule }[];
  exceptions: ExceptionRow[];
  held?: HeldTime[];
};

export const minutesMs = (minutes: number) => minutes * 60_000;
/** The home's address every visit answers with (and the owner's access notes: the visits are owner's reads). */
const addressOf = (c: Customer) => ({
  street_address: c.streetAddress,
  zip: c.zip,
  access_notes: c.accessNotes,
});

const DAY_MS = 86_400_000;

/**
 * A held request's version never changes: its one change, a confirm or decline, ends it (a second is a 409), so
 * If-Match has nothing to add there.
 */
const HOLD_VERSION = '0';

export function visitsReadModel({ store, timezone }: { store: VisitsStore; timezone: string }) {
  /**
   * The instant a business date (or the date `plusDays` after it) starts; a date that is not on the calendar
   * (Feb 30) is the client's 400.
   */
  function dayStart(date: string, label: string, plusDays = 0): Date {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const midnight = Date.UTC(y, m - 1, d);
    if (new Date(midnight).toISOString().slice(0, 10) !== date)
      throw new ValidationError(`${label} must be a real date like 2027-03-02.`);
    // A zone whose clocks skip midnight starts that day at the first minute after the gap.
    return wallInstant(midnight + plusDays * DAY_MS, timezone).at;
  }

  function oneTimeVisit(row: CleaningRow, hours: WorkingHours): Visit | null {
    if (!row.dateTime) return null;
    const minutes = row.durationMinutes ?? hours.default_duration_minutes;
    return {
      key: oneTimeKey(row.id),
      kind: 'one_time',
      inquiry_id: row.inquiryId,
      inquiry_name: row.inquiryName,
      phone_number: row.phoneNumber,
      email: row.email,
      call_or_text: row.callOrText,
      town: row.town,
      ...addressOf(row),
      start: row.dateTime.toISOString(),
      end: new Date(row.dateTime.getTime() + minutesMs(minutes)).toISOString(),
      original_start: null,
      status: row.cancelledAt ? 'cancelled' : row.doneAt ? 'done' : 'planned',
      paid: row.paid,
      amount: row.amount,
      notes: row.notes,
      one_time_cleaning_id: row.id,
      recurring_payment_id: null,
      recurring_paid_id: null,
      requested_frequency: null,
      hold_lapses_at: null,
      cleaner_id: row.cleanerId,
      cleaner_name: null,
      version: String(row.version),
    };
  }

  function holdVisit(h: HeldTime, status: 'requested' | 'declined' = 'requested'): Visit {
    return {
      key: holdKey(h.id),
      kind: 'request',
      inquiry_id: h.inquiryId,
      inquiry_name: h.inquiryName,
      phone_number: h.phoneNumber,
      email: h.email,
      call_or_text: h.callOrText,
      town: h.town,
      ...addressOf(h),
      start: h.start.toISOString(),
      end: new Date(h.start.getTime() + minutesMs(h.durationMinutes)).toISOString(),
      original_start: null,
      status,
      paid: false,
      amount: h.amount,
      notes: h.description,
      one_time_cleaning_id: null,
      recurring_payment_id: null,
      recurring_paid_id: null,
      requested_frequency: h.frequency,
      hold_lapses_at: h.lapsesAt?.toISOString() ?? null,
      cleaner_id: null,
      cleaner_name: null,
      version: HOLD_VERSION,
    };
  }

  function recurringVisit(
    s: ScheduleRow,
    originalStart: Date,
    exception: ExceptionRow | undefined,
    hours: WorkingHours,
  ): Visit {
    const start = exception?.movedTo ?? originalStart;
    const minutes = s.durationMinutes ?? hours.default_duration_minutes;
    return {
      key: recurringKey(s.id, originalStart),
      kind: 'recurring',
      inquiry_id: s.inquiryId,
      inquiry_name: s.inquiryName,
      phone_number: s.phoneNumber,
      email: s.email,
      call_or_text: s.callOrText,
      town: s.town,
      ...addressOf(s),
      start: start.toISOString(),
      end: new Date(start.getTime() + minutesMs(minutes)).toISOString(),
      original_start: exception?.movedTo ? originalStart.toISOString() : null,
      status: exception?.status ?? 'planned',
      paid: exception?.recurringPaidId != null,
      amount: s.amount,
      notes: s.notes,
      one_time_cleaning_id: null,
      recurring_payment_id: s.id,
      recurring_paid_id: exception?.recurringPaidId ?? null,
      requested_frequency: null,
      hold_lapses_at: null,
      cleaner_id: exception?.cleanerId ?? s.cleanerId,
      cleaner_name: null,
      version: occurrenceVersion(s.version, exception?.version ?? 0),
    };
  }

  const ruleFor = (s: ScheduleRow): Rule | null => {
    const rule = ruleOf(s.firstVisitAt, s.frequency);
    return 'note' in rule ? null : rule;
  };

  /**
   * Every visit starting in [from, to), by start (callers bound the range). `perDay`: at most AGENDA_DAY_LIMIT
   * one-time cleanings a business day, as the Agenda shows them, the busier days named in `truncatedDays`.
   */
  async function visitsBetween(from: Date, to: Date, hours?: WorkingHours): Promise<Visit[]> {
    return (await visitsOf(from, to, hours, false)).visits;
  }

  /** One customer's visits starting in [from, to) (their link's page): read by inquiry, not filtered after. */
  async function visitsOfInquiry(inquiryId: number, from: Date, to: Date, hours?: WorkingHours) {
    return (await visitsOf(from, to, hours, false, { inquiryId })).visits;
  }

  /** The schedules that have a rule, and their exceptions for [from, to). */
  async function withExceptions(schedules: ScheduleRow[], from: Date, to: Date): Promise<Loaded> {
    const ruled = schedules.flatMap((s) => {
      const rule = ruleFor(s);
      return rule ? [{ s, rule }] : [];
    });
    const exceptions = await store.exceptionsBetween(
      ruled.map((r) => r.s.id),
      from,
      to,
    );
    return { ruled, exceptions };
  }

  /** The recurring visits starting in [from, to), from schedules and exceptions loaded for (at least) that range. */
  function recurringIn({ ruled, exceptions }: Loaded, from: Date, to: Date, settings: WorkingHours): Visit[] {
    const byOccurrence = new Map(exceptions.map((e) => [`${e.scheduleId}:${e.originalStart.getTime()}`, e]));
    const visits: Visit[] = [];
    const inRange = (at: Date) => at >= from && at < to;
    for (const { s, rule } of ruled) {
      for (const at of occurrencesBetween(rule, from, to, timezone)) {
        const e = byOccurrence.get(`${s.id}:${at.getTime()}`);
        if (e?.movedTo && !inRange(e.movedTo)) continue;
        visits.push(recurringVisit(s, at, e, settings));
      }
    }
    // Moved here from an original time outside the range.
    const schedulesById = new Map(ruled.map((r) => [r.s.id, r]));
    for (const e of exceptions) {
      if (!e.movedTo || !inRange(e.movedTo) || inRange(e.originalStart)) continue;
      const r = schedulesById.get(e.scheduleId);
      if (r && isOccurrence(r.rule, e.originalStart, timezone))
        visits.push(recurringVisit(r.s, e.originalStart, e, settings));
    }
    return visits;
  }

  async function visitsOf(
    from: Date,
    to: Date,
    hours: WorkingHours | undefined,
    perDay: boolean,
    only: VisitsOf = {},
  ): Promise<{ visits: Visit[]; truncatedDays: string[] }> {
    const [settings, bounded, schedules] = await Promise.all([
      hours ?? store.workingHours(),
      perDay
        ? store.cleaningsFirstOfEachDay(from, to, timezone)
        : store.cleaningsBetween(from, to, only).then((rows) => ({ rows, truncatedDays: [] })),
      store.schedulesWithVisitsBetween(from, to, only),
    ]);
    let visits: Visit[] = bounded.rows.flatMap((c) => oneTimeVisit(c, settings) ?? []);
    visits.push(...recurringIn(await withExceptions(schedules, from, to), from, to, settings));
    // A schedule read for its cleaner may have visits of others (an occurrence's own cleaner), and the reverse.
    if (only.cleanerId !== undefined) visits = visits.filter((v) => v.cleaner_id === only.cleanerId);
    visits.sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
    return { visits: await named(visits), truncatedDays: bounded.truncatedDays };
  }

  /** The visits with their cleaners' names (one read for all). */
  async function named(visits: Visit[]): Promise<Visit[]> {
    const ids = [...new Set(visits.flatMap((v) => (v.cleaner_id === null ? [] : [v.cleaner_id])))];
    const names = await store.teamNames(ids);
    return visits.map((v) =>
      v.cleaner_id === null ? v : { ...v, cleaner_name: names.get(v.cleaner_id) ?? null },
    );
  }

  /** One team member's visits starting in [from, to), by start (their day; the overlap rule of assignments). */
  async function visitsOfCleaner(cleanerId: number, from: Date, to: Date): Promise<Visit[]> {
    return (await visitsOf(from, to, undefined, false, { cleanerId })).visits;
  }

  /** The instants of business dates from..to (both included), at most VISITS_MAX_DAYS days: a 400 otherwise. */
  function rangeOf(query: { from: string; to: string }): { from: Date; to: Date } {
    const from = dayStart(query.from, 'from');
    const last = dayStart(query.to, 'to');
    if (last < from) throw new ValidationError('from must not be after to.');
    const days = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1;
    if (days > VISITS_MAX_DAYS)
      throw new ValidationError(
        `Ask for at most ${VISITS_MAX_DAYS} days of visits at a time (this is ${days}).`,
      );
    return { from, to: dayStart(query.to, 'to', 1) };
  }

  /** The recurring visits starting in [from, to) alone (the calendar feed lists one-time cleanings its own way). */
  async function recurringBetween(from: Date, to: Date, hours: WorkingHours): Promise<Visit[]> {
    const loaded = await withExceptions(await store.schedulesWithVisitsBetween(from, to), from, to);
    return named(recurringIn(loaded, from, to, hours));
  }

  return {
    oneTimeVisit,
    holdVisit,
    recurringVisit,
    ruleFor,
    visitsBetween,
    visitsOfInquiry,
    withExceptions,
    recurringIn,
    visitsOf,
    named,
    visitsOfCleaner,
    rangeOf,
    recurringBetween,
  };
}

/** The read model on `on` (a transaction, or the database): for another feature's reads of the visits. */
export const visitsOn = (on: Db, timezone: string) => visitsReadModel({ store: visitsStore(on), timezone });
