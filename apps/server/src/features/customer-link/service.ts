import {
  businessDate,
  type CustomerLinkAction,
  type CustomerLinkView,
  type CustomerRescheduleView,
  type CustomerVisitView,
  formatPhone,
  type SiteConfig,
  timeZoneLabel,
  type Visit,
  type WorkingHours,
} from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  ConflictError,
  GoneError,
  NotFoundError,
  StaleVersionError,
  TooManyRequestsError,
  ValidationError,
} from '../../lib/errors';
import { missLimiter } from '../../lib/miss-limit';
import { visitTimeText } from '../notifications/visit-ics';
import { SLOT_TAKEN, type SlotsService } from '../slots/service';
import { parseKey } from '../visits/rule';
import { confirmView } from './confirm';
import { type ChangeNotice, changeMessages } from './notices';
import { LINK_PATH } from './path';
import { customerLinksStore } from './store';

export const NO_SUCH_INQUIRY = 'No inquiry with that id.';
export const NO_SUCH_VISIT = 'That visit is not on your page.';
export const LINK_NOT_FOUND = 'This link does not work: it may have been replaced by a newer one.';
export const linkEnded = (phone: string) =>
  `This link has ended: it works until ${LINK_DAYS_AFTER_LAST_VISIT} days after your last visit, or until we replace it. Please call us at ${phone}.`;
export const TOO_MANY_MISSES =
  'Too many tries with links that do not work. Please wait a while and try again.';
export const ONLY_ONE_TIME_CANCEL =
  'A visit of a regular schedule can be skipped; to end the schedule, please call us.';
export const ONLY_RECURRING_SKIP =
  'Only a visit of a regular schedule can be skipped; this one can be cancelled.';
export const NOT_PLANNED = 'This visit is no longer planned, so it cannot be changed.';
export const NOTHING_TO_UNDO = 'This visit is not skipped or cancelled, so there is nothing to undo.';
export const cutoffPassed = (hours: number, phone: string) =>
  `It is less than ${hours} hours before this visit, so it can no longer be changed here. Please call us at ${phone}.`;

/** How far ahead the page lists visits. */
export const LINK_WEEKS = 8;
/** A link ends this many days after the customer's last visit (never while a schedule of theirs goes on). */
export const LINK_DAYS_AFTER_LAST_VISIT = 30;
/** Misses (unknown tokens) a client may make in MISS_WINDOW_MS before it is refused (429). */
export const LINK_MISSES = 20;
export const MISS_WINDOW_MS = 10 * 60_000;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A 412's sentence: the page showed the visit as it was before someone (the owner) changed it. */
export const CHANGED_SINCE =
  'This visit changed after this page was opened, so nothing was changed: here it is as it is now, please choose again.';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One occurrence of a schedule as its change sees it, under its row lock. */
type Occurrence = {
  id: number;
  status: 'planned' | 'done' | 'skipped';
  movedTo: Date | null;
  recurringPaidId: number | null;
  version: number;
};

/**
 * What the customer's page reads and changes of the visits, through the visits feature: its read model, and a
 * schedule's occurrence changed inside the change's transaction `tx` under the occurrence's row lock.
 */
export type CustomerVisits = {
  workingHours: () => Promise<WorkingHours>;
  cleaning: (
    id: number,
  ) => Promise<{ dateTime: Date | null; inquiryId: number; durationMinutes: number | null } | undefined>;
  schedule: (id: number) => Promise<{ inquiryId: number; durationMinutes: number | null } | undefined>;
  exception: (scheduleId: number, originalStart: Date) => Promise<{ movedTo: Date | null } | undefined>;
  visitsBetween: (from: Date, to: Date, hours: WorkingHours) => Promise<Visit[]>;
  visitsOfInquiry: (inquiryId: number, from: Date, to: Date, hours: WorkingHours) => Promise<Visit[]>;
  /** The visit's cleaner is free at `start` (the booking lock held): a ConflictError when not. */
  claimCleanerAt: (on: Db, key: string, start: Date, minutes: number) => Promise<unknown>;
  lockOccurrence: (tx: Tx, scheduleId: number, originalStart: Date) => Promise<Occurrence>;
  /** The schedule's version under a share lock (undefined: gone). */
  lockedScheduleVersion: (tx: Tx, scheduleId: number) => Promise<number | undefined>;
  occurrenceVersion: (schedule: number, exception: number) => string;
  setException: (
    tx: Tx,
    id: number,
    changes: { status?: 'planned' | 'skipped'; movedTo?: Date | null },
  ) => Promise<unknown>;
};

/**
 * The customer's changes to a one-time cleaning and to their inquiry's status, made by the cleanings' and the
 * inquiries' features on the change's transaction (`on`), so each stays one conditional statement in it.
 */
export type CustomerCleanings = (on: Db) => {
  cancelPlanned: (id: number, at: Date, version?: string) => Promise<boolean>;
  movePlanned: (id: number, from: Date, to: Date, version?: string) => Promise<boolean>;
  uncancel: (id: number, version?: string) => Promise<boolean>;
  version: (id: number) => Promise<string | undefined>;
};
export type CustomerInquiry = (on: Db) => {
  unbookIfNoVisits: (inquiryId: number) => Promise<void>;
  rebook: (inquiryId: number) => Promise<void>;
};

/** A customer's invoices as their page lists them (the invoices feature's read). */
type CustomerInvoice = Omit<CustomerLinkView['invoices'][number], 'pdf'>;

export type CustomerLinkDeps = {
  db: Db;
  config: Config;
  /** The business facts in force (cutoff, phone). */
  facts: () => Promise<SiteConfig>;
  visits: CustomerVisits;
  cleanings: CustomerCleanings;
  inquiries: CustomerInquiry;
  /** The booking form's open times, and a move's or an undo's claim of a time under the booking lock. */
  slots: Pick<SlotsService, 'forMove' | 'rulesInForce' | 'claimMove' | 'claimBack'>;
  invoicesOf: (inquiryId: number) => Promise<CustomerInvoice[]>;
  /** The clock: the cutoff, the open times and "upcoming" are all measured against it. */
  now?: () => Date;
};

/** One of the customer's visits, as found by its key (never another customer's). */
type Found = {
  visit: Visit;
  start: Date;
  minutes: number;
};

const lengthText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
};

/**
 * A customer's personal link (docs/product.md#the-customers-link): the page of their upcoming visits and the changes they may make there
 * until the owner's cutoff (bookingRules.cutoffHours before the visit) — cancel a one-time visit, skip one visit of
 * a schedule, move a visit into an open time (the booking form's, claimed under its lock). Each change mails the
 * owner, pushes to the owner's devices and mails the customer an updated .ics, in the change's own transaction.
 * A token that names no link is a miss: LINK_MISSES of them in MISS_WINDOW_MS and the client is refused. A link ends
 * (410) when revoked, when its inquiry is deleted, and LINK_DAYS_AFTER_LAST_VISIT after the customer's last visit.
 */
export function customerLinkService(deps: CustomerLinkDeps) {
  const { db, config, visits, cleanings, inquiries, slots, now = () => new Date() } = deps;
  const timeZone = config.timezone;
  const links = customerLinksStore(db);
  const misses = missLimiter(db, { name: 'customer-link', max: LINK_MISSES, windowMs: MISS_WINDOW_MS });

  async function cutoffOf(): Promise<{ hours: number; phone: string }> {
    const facts = await deps.facts();
    return { hours: facts.bookingRules.cutoffHours, phone: formatPhone(facts.phone) };
  }

  const beforeCutoff = (start: Date, hours: number) => start.getTime() - now().getTime() >= hours * HOUR;

  /** The customer's visit named by `key`: 404 for a key that is not theirs, not a visit, or not dated. */
  async function find(inquiryId: number, key: string): Promise<Found> {
    const parsed = parseKey(key);
    if (!parsed || parsed.kind === 'request') throw new NotFoundError(NO_SUCH_VISIT);
    const hours = await visits.workingHours();
    if (parsed.kind === 'one_time') {
      const row = await visits.cleaning(parsed.id);
      if (!row?.dateTime || row.inquiryId !== inquiryId) throw new NotFoundError(NO_SUCH_VISIT);
      const [visit] = (
        await visits.visitsBetween(row.dateTime, new Date(row.dateTime.getTime() + 1), hours)
      ).filter((v) => v.key === key);
      if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
      return { visit, start: row.dateTime, minutes: row.durationMinutes ?? hours.default_duration_minutes };
    }
    const schedule = await visits.schedule(parsed.scheduleId);
    if (!schedule || schedule.inquiryId !== inquiryId) throw new NotFoundError(NO_SUCH_VISIT);
    const exception = await visits.exception(parsed.scheduleId, parsed.originalStart);
    const at = exception?.movedTo ?? parsed.originalStart;
    const [visit] = (await visits.visitsBetween(at, new Date(at.getTime() + 1), hours)).filter(
      (v) => v.key === key,
    );
    if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
    return { visit, start: at, minutes: schedule.durationMinutes ?? hours.default_duration_minutes };
  }

  /**
   * The checks every change makes before its transaction: the visit is this customer's, as the page showed it
   * (`version`, when sent; the change's transaction checks it again, under its lock), planned, before the cutoff.
   */
  async function changeable(inquiryId: number, key: string, version: string | undefined) {
    const found = await find(inquiryId, key);
    if (version !== undefined && found.visit.version !== version) throw new StaleVersionError(CHANGED_SINCE);
    const cutoff = await cutoffOf();
    if (found.visit.status !== 'planned') throw new ConflictError(NOT_PLANNED);
    if (!beforeCutoff(found.start, cutoff.hours))
      throw new ConflictError(cutoffPassed(cutoff.hours, cutoff.phone));
    return { found, cutoff };
  }

  /** The messages of a change, read before its transaction (on the embedded database a read outside one waits). */
  const messagesOf = async (notice: ChangeNotice) =>
    changeMessages(db, config, await deps.facts(), notice, now());

  /** Inside a change of an occurrence, after its row lock: refuses a page that showed another version of it. */
  async function refuseStaleOccurrence(tx: Tx, scheduleId: number, row: Occurrence, version?: string) {
    if (version === undefined) return;
    const schedule = await visits.lockedScheduleVersion(tx, scheduleId);
    if (schedule === undefined || visits.occurrenceVersion(schedule, row.version) !== version)
      throw new StaleVersionError(CHANGED_SINCE);
  }

  async function rescheduleView(
    inquiryId: number,
    key: string,
    shown: CustomerVisitView[],
  ): Promise<CustomerRescheduleView | null> {
    const visit = shown.find((v) => v.key === key && v.status === 'planned' && v.changeable);
    if (!visit) return null;
    const { minutes } = await find(inquiryId, key);
    const [y, m, d] = businessDate(now(), timeZone).split('-').map(Number) as [number, number, number];
    const open = await slots.forMove({ fromDay: Date.UTC(y, m - 1, d), minutes, excludeKey: key });
    const dayText = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    const timeText = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    const days: CustomerRescheduleView['days'] = [];
    for (const at of open) {
      const label = dayText.format(at);
      let day = days.at(-1);
      if (day?.label !== label) {
        day = { label, times: [] };
        days.push(day);
      }
      day.times.push({ value: at.toISOString(), label: timeText.format(at) });
    }
    return { key, when: visit.when, version: visit.version, days };
  }

  return {
    /**
     * The inquiry a live link's token names; 410 for a link that has ended (the page gives the phone). A token
     * naming no link is a miss, counted for `client`: past LINK_MISSES the client is refused (429), before its
     * token is even looked at.
     */
    async open(token: string, client: string): Promise<number> {
      if ((await misses.refusedFor(client)) !== null) throw new TooManyRequestsError(TOO_MANY_MISSES);
      const link = await links.linkOf(token, now(), LINK_DAYS_AFTER_LAST_VISIT);
      if (link === 'ended') throw new GoneError(linkEnded((await cutoffOf()).phone));
      if (link) return link.inquiryId;
      if (!(await misses.miss(client))) throw new TooManyRequestsError(TOO_MANY_MISSES);
      throw new NotFoundError(LINK_NOT_FOUND);
    },

    /** The page's content: the customer's visits of the next LINK_WEEKS weeks, by start. */
    async view(
      inquiryId: number,
      token: string,
      options: {
        reschedule?: string;
        done?: CustomerLinkAction;
        refused?: string;
        confirm?: { key: string; action: 'skip' | 'cancel' };
      } = {},
    ): Promise<CustomerLinkView> {
      const at = now();
      const [facts, customer, hours, bills] = await Promise.all([
        deps.facts(),
        links.customer(inquiryId),
        visits.workingHours(),
        deps.invoicesOf(inquiryId),
      ]);
      const mine = (
        await visits.visitsOfInquiry(
          inquiryId,
          at,
          new Date(at.getTime() + LINK_WEEKS * 7 * 24 * HOUR),
          hours,
        )
      ).filter((v) => v.status !== 'done');
      const frequencies = await links.frequencies([
        ...new Set(mine.flatMap((v) => v.recurring_payment_id ?? [])),
      ]);
      const cutoffHours = facts.bookingRules.cutoffHours;
      const shown: CustomerVisitView[] = mine.map((v) => ({
        key: v.key,
        kind: v.kind === 'recurring' ? 'recurring' : 'one_time',
        status: v.status === 'skipped' || v.status === 'cancelled' ? v.status : 'planned',
        when: visitTimeText(new Date(v.start), timeZone),
        length: lengthText(Math.round((Date.parse(v.end) - Date.parse(v.start)) / MINUTE)),
        town: v.town,
        frequency: v.recurring_payment_id === null ? null : (frequencies.get(v.recurring_payment_id) ?? null),
        moved: v.original_start !== null,
        changeable: beforeCutoff(new Date(v.start), cutoffHours),
        version: v.version,
      }));
      const phone = formatPhone(facts.phone);
      return {
        businessName: facts.businessName,
        phone,
        telHref: `tel:+1${facts.phone.replace(/\D/g, '').slice(-10)}`,
        customerName: customer?.name ?? '',
        timeZoneName: timeZoneLabel(timeZone),
        cutoffHours,
        weeks: LINK_WEEKS,
        visits: shown,
        invoices: bills.map((b) => ({
          ...b,
          pdf: `${LINK_PATH}/${token}/invoices/invoice-${b.number}.pdf`,
        })),
        notice: options.refused
          ? { tone: 'error', text: options.refused }
          : options.done
            ? { tone: 'success', text: DONE_TEXT[options.done] }
            : null,
        reschedule: options.reschedule ? await rescheduleView(inquiryId, options.reschedule, shown) : null,
        confirm: confirmView(options.confirm, mine, timeZone),
        base: `${LINK_PATH}/${token}`,
      };
    },

    /**
     * The first step of a skip or cancel: refused as the change itself would be (not this customer's, changed since,
     * past the cutoff, the wrong kind), else nothing; the page then asks before anything changes.
     */
    async askFirst(
      inquiryId: number,
      key: string,
      action: 'skip' | 'cancel',
      version?: string,
    ): Promise<void> {
      const { found } = await changeable(inquiryId, key, version);
      if (action === 'cancel' && found.visit.kind !== 'one_time')
        throw new ValidationError(ONLY_ONE_TIME_CANCEL);
      if (action === 'skip' && found.visit.kind !== 'recurring')
        throw new ValidationError(ONLY_RECURRING_SKIP);
    },

    /** Cancels a one-time visit (it stays listed, status cancelled, and keeps no time). */
    async cancel(inquiryId: number, key: string, version?: string): Promise<void> {
      const { found } = await changeable(inquiryId, key, version);
      const id = found.visit.one_time_cleaning_id;
      if (id === null) throw new ValidationError(ONLY_ONE_TIME_CANCEL);
      const messages = await messagesOf({
        action: 'cancel',
        visit: found.visit,
        from: found.start,
        minutes: found.minutes,
      });
      const outcome = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const cleaning = cleanings(txDb);
        if (await cleaning.cancelPlanned(id, now(), version)) {
          await inquiries(txDb).unbookIfNoVisits(inquiryId);
          await messages.enqueue(txDb);
          return 'done';
        }
        // Nothing touched: changed since the page showed it, or no longer planned.
        return version !== undefined && (await cleaning.version(id)) !== version ? 'stale' : 'not planned';
      });
      if (outcome === 'stale') throw new StaleVersionError(CHANGED_SINCE);
      if (outcome === 'not planned') throw new ConflictError(NOT_PLANNED);
    },

    /** Skips one visit of a schedule (visit_exceptions, as the owner's skip); the schedule goes on. */
    async skip(inquiryId: number, key: string, version?: string): Promise<void> {
      const { found, cutoff } = await changeable(inquiryId, key, version);
      const parsed = parseKey(key);
      if (parsed?.kind !== 'recurring') throw new ValidationError(ONLY_RECURRING_SKIP);
      const messages = await messagesOf({
        action: 'skip',
        visit: found.visit,
        from: found.start,
        minutes: found.minutes,
      });
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const row = await visits.lockOccurrence(tx, parsed.scheduleId, parsed.originalStart);
        await refuseStaleOccurrence(tx, parsed.scheduleId, row, version);
        if (row.status !== 'planned' || row.recurringPaidId !== null) throw new ConflictError(NOT_PLANNED);
        if (!beforeCutoff(row.movedTo ?? parsed.originalStart, cutoff.hours))
          throw new ConflictError(cutoffPassed(cutoff.hours, cutoff.phone));
        await visits.setException(tx, row.id, { status: 'skipped' });
        await messages.enqueue(txDb);
      });
    },

    /**
     * Moves a visit into an open time: the booking form's times for its length, its own time no obstacle, claimed
     * under the booking lock (two customers asking for one time: the first gets it, the other a 409 SLOT_TAKEN).
     */
    async reschedule(inquiryId: number, key: string, startText: string, version?: string): Promise<void> {
      const { found, cutoff } = await changeable(inquiryId, key, version);
      const start = new Date(startText);
      // The time it already has: answered as a move, with nothing changed and nothing mailed.
      if (start.getTime() === found.start.getTime()) return;
      const rules = await slots.rulesInForce();
      const messages = await messagesOf({
        action: 'reschedule',
        visit: found.visit,
        from: found.start,
        to: start,
        minutes: found.minutes,
      });
      const parsed = parseKey(key);
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        await slots.claimMove(txDb, { start, minutes: found.minutes, excludeKey: key, rules });
        // Its cleaner's other visits too; the customer is told the time is taken, not whose visit it meets.
        await visits.claimCleanerAt(txDb, key, start, found.minutes).catch((err: unknown) => {
          throw err instanceof ConflictError ? new ConflictError(SLOT_TAKEN) : err;
        });
        if (parsed?.kind === 'recurring') {
          const row = await visits.lockOccurrence(tx, parsed.scheduleId, parsed.originalStart);
          await refuseStaleOccurrence(tx, parsed.scheduleId, row, version);
          if (row.status !== 'planned' || row.recurringPaidId !== null) throw new ConflictError(NOT_PLANNED);
          if (!beforeCutoff(row.movedTo ?? parsed.originalStart, cutoff.hours))
            throw new ConflictError(cutoffPassed(cutoff.hours, cutoff.phone));
          const movedTo = start.getTime() === parsed.originalStart.getTime() ? null : start;
          await visits.setException(tx, row.id, { movedTo });
        } else {
          const id = found.visit.one_time_cleaning_id;
          if (id === null) throw new ConflictError(NOT_PLANNED);
          const cleaning = cleanings(txDb);
          if (!(await cleaning.movePlanned(id, found.start, start, version))) {
            const stale = version !== undefined && (await cleaning.version(id)) !== version;
            throw stale ? new StaleVersionError(CHANGED_SINCE) : new ConflictError(NOT_PLANNED);
          }
        }
        await messages.enqueue(txDb);
      });
    },

    /**
     * Puts back a visit the customer skipped or cancelled, at its own time, until the cutoff: 409 when that time was
     * booked meanwhile (claimed under the booking lock, as a move is) or when it is not skipped or cancelled.
     */
    async undo(inquiryId: number, key: string, version?: string): Promise<void> {
      const found = await find(inquiryId, key);
      if (version !== undefined && found.visit.version !== version)
        throw new StaleVersionError(CHANGED_SINCE);
      if (found.visit.status !== 'skipped' && found.visit.status !== 'cancelled')
        throw new ConflictError(NOTHING_TO_UNDO);
      const cutoff = await cutoffOf();
      if (!beforeCutoff(found.start, cutoff.hours))
        throw new ConflictError(cutoffPassed(cutoff.hours, cutoff.phone));
      const rules = await slots.rulesInForce();
      const { start, minutes } = found;
      const messages = await messagesOf({ action: 'undo', visit: found.visit, from: start, minutes });
      const parsed = parseKey(key);
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        await slots.claimBack(txDb, { start, minutes, excludeKey: key, rules });
        if (parsed?.kind === 'recurring') {
          const row = await visits.lockOccurrence(tx, parsed.scheduleId, parsed.originalStart);
          await refuseStaleOccurrence(tx, parsed.scheduleId, row, version);
          if (row.status !== 'skipped') throw new ConflictError(NOTHING_TO_UNDO);
          await visits.setException(tx, row.id, { status: 'planned' });
        } else {
          const id = found.visit.one_time_cleaning_id;
          const cleaning = cleanings(txDb);
          if (id === null || !(await cleaning.uncancel(id, version))) {
            const stale = id !== null && version !== undefined && (await cleaning.version(id)) !== version;
            throw stale ? new StaleVersionError(CHANGED_SINCE) : new ConflictError(NOTHING_TO_UNDO);
          }
          await inquiries(txDb).rebook(inquiryId);
        }
        await messages.enqueue(txDb);
      });
    },

    /** DELETE /api/inquiries/{id}/link. */
    async revoke(inquiryId: number): Promise<void> {
      if (!(await links.revoke(inquiryId, now()))) throw new NotFoundError(NO_SUCH_INQUIRY);
    },
  };
}

const DONE_TEXT: Record<CustomerLinkAction, string> = {
  cancel: 'Your visit is cancelled. We sent you an updated calendar entry.',
  skip: 'That visit is skipped; your schedule goes on. We sent you an updated calendar entry.',
  reschedule: 'Your visit is moved. We sent you an updated calendar entry.',
  undo: 'Your visit is back on. We sent you an updated calendar entry.',
};

export type CustomerLinkService = ReturnType<typeof customerLinkService>;
