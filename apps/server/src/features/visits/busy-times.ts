import type { Visit, WorkingHours } from '@clean/shared';
import { isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCleanings } from '../../db/schema';
import { visitsReadModel } from './read-model';
import { visitsStore } from './store';

/** A window [start, end) whose one-time cleanings are counted. */
export type Window = { start: Date; end: Date };

/**
 * What the booking form's open times read of the visits (features/slots), each on `on` (the booking transaction's,
 * under the booking lock, when a time is claimed): the working hours, the schedules' visits, and how many one-time
 * cleanings overlap each window.
 */
export type BusyTimes = {
  workingHours: (on: Db) => Promise<WorkingHours>;
  /** The schedules' visits starting in [from, to). */
  recurringBetween: (on: Db, from: Date, to: Date, hours: WorkingHours) => Promise<Visit[]>;
  /**
   * For each window, how many one-time cleanings not cancelled (each lasting its own or `defaultMinutes`) overlap
   * it, counted up to `cap`; only windows with some are answered, by index. `excludeKey`: a visit's key (o12:
   * cleaning 12) whose cleaning is not counted, the one being moved.
   */
  cleaningCounts: (
    on: Db,
    windows: Window[],
    defaultMinutes: number,
    cap: number,
    excludeKey?: string,
  ) => Promise<Map<number, number>>;
};

const pgArray = (dates: Date[]) => `{${dates.map((d) => d.toISOString()).join(',')}}`;

/** The visits' busy times in `timezone`. */
export const busyTimes = (timezone: string): BusyTimes => ({
  workingHours: (on) => visitsStore(on).workingHours(),
  recurringBetween: (on, from, to, hours) =>
    visitsReadModel({ store: visitsStore(on), timezone }).recurringBetween(from, to, hours),

  /**
   * A cleaning overlapping a window starts at most the longest cleaning's length before it (the partial index on
   * duration_minutes gives it at once), so each count reads the date index backwards from the window's end over
   * that much: on a busy day it stops at the first cleaning instead of reading the whole day.
   */
  async cleaningCounts(on, windows, defaultMinutes, cap, excludeKey) {
    const excluded = /^o(\d+)$/.exec(excludeKey ?? '')?.[1];
    if (windows.length === 0) return new Map();
    const [longest] = await on
      .select({ minutes: max(oneTimeCleanings.durationMinutes) })
      .from(oneTimeCleanings)
      .where(isNotNull(oneTimeCleanings.durationMinutes));
    const lookback = Math.max(defaultMinutes, longest?.minutes ?? 0);
    // A lateral subquery (evaluated once per window), ordered as the date index is (desc nulls last) so the
    // index gives the order and the limit stops the scan.
    const result = (await on.execute(sql`
      select c.i::int as i, x.n::int as n
        from unnest(${pgArray(windows.map((w) => w.start))}::timestamptz[],
                    ${pgArray(windows.map((w) => w.end))}::timestamptz[]) with ordinality as c(s, e, i)
        cross join lateral (
          select count(*) as n from (
            select 1 from one_time_cleanings o
             where o.date_time >= c.s - ${`${lookback} minutes`}::interval and o.date_time < c.e
               and o.date_time + coalesce(o.duration_minutes, ${defaultMinutes}::int) * interval '1 minute' > c.s
               and o.cancelled_at is null
               and o.id <> ${Number(excluded ?? 0)}::int
             order by o.date_time desc nulls last
             limit ${cap}::int) as y) as x
       where x.n > 0`)) as unknown as { rows: { i: number | string; n: number | string }[] };
    // ordinality counts from 1.
    return new Map(result.rows.map((r) => [Number(r.i) - 1, Number(r.n)]));
  },
});
