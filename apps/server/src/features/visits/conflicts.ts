import { AGENDA_DAY_LIMIT, recognisedPeriod, type VisitConflict, type WorkingHours } from '@clean/shared';
import { type Loaded, minutesMs, visitsReadModel } from './read-model';
import { hoursConflict, occurrences, overlapConflicts, type Span } from './rule';
import type { HoldsAccess } from './service';
import type { VisitsStore } from './store';

/** The occurrences a schedule's conflicts are checked for (its first ones from the time asked about). */
export const CONFLICT_OCCURRENCES = 12;
const HOUR_MS = 3_600_000;
/** The longest visit (12 hours): a visit overlapping a time starts at most this long before it. */
export const LONGEST_MS = 12 * HOUR_MS;

/**
 * The overlap rule and the working hours: what a visit at a time would conflict with (other visits beyond
 * max_overlap, held requests, outside the hours), read on `store` — inside a transaction for a decision taken
 * under the booking lock (docs/architecture.md, "One booking rule").
 */
export function visitConflicts({
  store,
  timezone,
  holds,
}: {
  store: VisitsStore;
  timezone: string;
  holds?: Pick<HoldsAccess, 'live'>;
}) {
  const { oneTimeVisit, holdVisit, recurringIn, withExceptions } = visitsReadModel({ store, timezone });

  /**
   * What [start, start + minutes) would overlap beyond max_overlap, and whether it is outside the working
   * hours. `exclude`: whose visits are no conflict (the visit itself, or a whole schedule). `loaded`: the
   * schedules and exceptions of a range holding this one. One-time cleanings are read overlapping it only, at
   * most a day's worth: a busier moment is a conflict all the same.
   */
  async function conflictsAt(
    start: Date,
    minutes: number,
    hours: WorkingHours,
    exclude: (key: string) => boolean,
    loaded: Loaded,
  ): Promise<VisitConflict[]> {
    const end = new Date(start.getTime() + minutesMs(minutes));
    const cleanings = await store.cleaningsOverlapping(
      start,
      end,
      hours.default_duration_minutes,
      hours.max_overlap + AGENDA_DAY_LIMIT + 1,
    );
    const nearby = [
      ...cleanings.flatMap((c) => oneTimeVisit(c, hours) ?? []),
      ...recurringIn(loaded, new Date(start.getTime() - LONGEST_MS), end, hours),
      // A visitor's held request keeps its time from the owner's visits too (a conflict, as any visit).
      ...(loaded.held ?? [])
        .filter((h) => h.start < end && h.start.getTime() > start.getTime() - LONGEST_MS)
        .map((h) => holdVisit(h)),
    ];
    const others: Span[] = nearby
      .filter((v) => v.status !== 'skipped' && v.status !== 'cancelled' && !exclude(v.key))
      .map((v) => ({ key: v.key, name: v.inquiry_name, start: new Date(v.start), end: new Date(v.end) }));
    const outside = hoursConflict(start, end, hours, timezone);
    return [
      ...overlapConflicts(start, end, others, hours.max_overlap, timezone),
      ...(outside ? [outside] : []),
    ];
  }

  /** The schedules and exceptions for conflicts at these starts (one read for all of a schedule's occurrences). */
  async function loadAround(starts: Date[], minutes: number): Promise<Loaded> {
    const times = starts.map((d) => d.getTime());
    const from = new Date(Math.min(...times) - LONGEST_MS);
    const to = new Date(Math.max(...times) + minutesMs(minutes));
    const [loaded, held] = await Promise.all([
      store.schedulesWithVisitsBetween(from, to).then((schedules) => withExceptions(schedules, from, to)),
      holds?.live(from, to) ?? [],
    ]);
    return { ...loaded, held };
  }

  /** The conflicts of a visit, or of a schedule's first occurrences from `start` when its frequency is recognised. */
  async function conflictsOf(input: {
    start: Date;
    minutes: number | null | undefined;
    frequency?: string | null;
    excludeKey?: string;
  }): Promise<VisitConflict[]> {
    const hours = await store.workingHours();
    const minutes = input.minutes ?? hours.default_duration_minutes;
    const exclude = excluding(input.excludeKey);
    const period = input.frequency ? recognisedPeriod(input.frequency) : null;
    const nth = period && occurrences({ first: input.start, period }, timezone);
    const starts = nth ? Array.from({ length: CONFLICT_OCCURRENCES }, (_, k) => nth(k)) : [input.start];
    const loaded = await loadAround(starts, minutes);
    // In parallel: on PostgreSQL each on its own connection (PGlite runs them one after the other).
    const found = await Promise.all(starts.map((at) => conflictsAt(at, minutes, hours, exclude, loaded)));
    return found.flat();
  }

  /** `o12`: that cleaning's visit; `s7`: every visit of schedule 7; a visit's own key: that visit. */
  function excluding(key: string | undefined): (key: string) => boolean {
    if (!key) return () => false;
    const schedule = /^s(\d+)$/.exec(key);
    if (schedule) return (k) => k.startsWith(`r${schedule[1]}-`);
    return (k) => k === key;
  }

  return { conflictsOf };
}
