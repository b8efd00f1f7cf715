import {
  businessDate,
  PAY_MAX_DAYS,
  type PayQuery,
  type PayReport,
  type PayVisit,
  wallInstant,
} from '@clean/shared';
import type { Cell } from '../../lib/csv';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { visitsService } from '../visits/service';
import type { payStore } from './store';

export type PayDeps = {
  store: ReturnType<typeof payStore>;
  visits: Pick<ReturnType<typeof visitsService>, 'visitsOfCleaner'>;
  timezone: string;
};

const DAY_MS = 86_400_000;
/** Visits that did not, or will not, happen earn nothing and are not listed. */
const UNPAID = new Set(['skipped', 'cancelled', 'declined', 'requested']);

export const PAY_CSV_HEADER = ['key', 'date', 'planned_minutes', 'clocked_minutes', 'pay', 'tips'];

/** Half up, to the cent, of `rateCents` an hour for `minutes`: integers throughout, so exact. */
export const hourlyCents = (rateCents: number, minutes: number) =>
  Math.floor((2 * rateCents * minutes + 60) / 120);

/**
 * A cleaner's pay for a range of business dates (docs/api.md#pay): per visit assigned to them, planned and
 * clocked minutes, pay (hourly × clocked minutes, rounded half up per visit; or the flat amount for a visit done or
 * clocked) and the tips of its invoice's payments; the totals. Clocked time and tips are summed by the database.
 */
export function payService({ store, visits, timezone }: PayDeps) {
  function dayStart(date: string, label: string, plusDays = 0): Date {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== date)
      throw new ValidationError(`${label} must be a real date like 2027-03-02.`);
    return wallInstant(midnight + plusDays * DAY_MS, timezone).at;
  }

  /** The visits in the range assigned to `userId` (an occurrence's own cleaner, else its schedule's). */
  async function visitsOf(userId: number, query: PayQuery) {
    const days = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1;
    if (days > PAY_MAX_DAYS)
      throw new ValidationError(`Ask for at most ${PAY_MAX_DAYS} days of pay at a time.`);
    const from = dayStart(query.from, 'from');
    const to = dayStart(query.to, 'to', 1);
    // Theirs only, read by the cleaner indexes: a month of the whole business is tens of thousands of visits.
    return (await visits.visitsOfCleaner(userId, from, to)).filter(
      (v) => v.kind !== 'request' && !UNPAID.has(v.status),
    );
  }

  async function report(userId: number, query: PayQuery): Promise<PayReport> {
    const person = await store.person(userId);
    if (!person) throw new NotFoundError('There is no such team member.');
    const mine = await visitsOf(userId, query);
    const keys = mine.map((v) => v.key);
    const [clocked, tips] = await Promise.all([store.clockedSeconds(userId, keys), store.tipCents(keys)]);
    const rateCents = Math.round((person.payAmount ?? 0) * 100);
    const rows = mine.map((v) => {
      const seconds = clocked.get(v.key) ?? 0;
      const minutes = Math.round(seconds / 60);
      const done = v.status === 'done' || seconds > 0;
      const payCents =
        person.payKind === 'hourly'
          ? hourlyCents(rateCents, minutes)
          : person.payKind === 'per_visit' && done
            ? rateCents
            : 0;
      return {
        key: v.key,
        date: businessDate(new Date(v.start), timezone),
        planned: Math.round((Date.parse(v.end) - Date.parse(v.start)) / 60_000),
        minutes,
        payCents,
        tipCents: tips.get(v.key) ?? 0,
      };
    });
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + f(r), 0);
    const figures = (planned: number, minutes: number, payCents: number, tipCents: number) => ({
      planned_minutes: planned,
      clocked_minutes: minutes,
      pay: payCents / 100,
      tips: tipCents / 100,
    });
    return {
      visits: rows.map(
        (r): PayVisit => ({
          key: r.key,
          date: r.date,
          ...figures(r.planned, r.minutes, r.payCents, r.tipCents),
        }),
      ),
      totals: figures(
        sum((r) => r.planned),
        sum((r) => r.minutes),
        sum((r) => r.payCents),
        sum((r) => r.tipCents),
      ),
    };
  }

  return {
    report,

    /** The same report as CSV rows, one a visit then the totals; computed first, so bad input is a 400. */
    async csvRows(userId: number, query: PayQuery): Promise<Cell[][]> {
      const { visits: list, totals } = await report(userId, query);
      const money = (n: number) => n.toFixed(2);
      return [
        ...list.map((v) => [
          v.key,
          v.date,
          v.planned_minutes,
          v.clocked_minutes,
          money(v.pay),
          money(v.tips),
        ]),
        ['total', '', totals.planned_minutes, totals.clocked_minutes, money(totals.pay), money(totals.tips)],
      ];
    },
  };
}
