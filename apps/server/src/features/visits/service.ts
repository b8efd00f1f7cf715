import type { Visit, VisitConflict, visitConflictsQuery, visitsQuery, WorkingHours } from '@clean/shared';
import type { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import {
  type ChangeDeps,
  NO_SUCH_VISIT,
  type VisitPatch,
  type VisitsDeps,
  type WhileLocked,
} from './changes';
import { visitClaims } from './claims';
import { visitConflicts } from './conflicts';
import { patchRecurring } from './occurrence-change';
import { patchOneTime } from './one-time-change';
import { visitsReadModel } from './read-model';
import { patchRequest } from './request-change';
import { parseKey } from './rule';

export { NO_SUCH_VISIT } from './changes';
export type { HeldTime, HoldOutcome, HoldsAccess } from './holds';

/**
 * The owner's visits: one-time cleanings and the computed occurrences of recurring schedules, with the exceptions
 * stored for some occurrences (skipped, moved, done, paid). Everything in the business time zone `timezone`.
 */
export function visitsService({
  store,
  writes,
  timezone,
  holds,
  statusChanged,
  moved,
  now = () => new Date(),
}: VisitsDeps) {
  const model = visitsReadModel({ store, timezone });
  const { holdVisit, ruleFor, visitsOf, named, rangeOf } = model;
  const { visitsBetween, visitsOfInquiry, visitsOfCleaner, recurringBetween } = model;

  const { conflictsOf } = visitConflicts({ store, timezone, holds });

  const claims = visitClaims({ timezone, holds, ruleFor, now });
  const { claimSchedule, claimCleanerAt } = claims;
  const changes: ChangeDeps = { store, writes, timezone, holds, statusChanged, moved, now, model, claims };

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
    async patch(key: string, b: VisitPatch, version?: string, whileLocked?: WhileLocked): Promise<Visit> {
      const parsed = parseKey(key);
      if (!parsed) throw new NotFoundError(NO_SUCH_VISIT);
      if (parsed.kind === 'request') return patchRequest(changes, parsed.id, b);
      // statusChanged hears of a change of status or payment only: moving a visit done long ago asks for nothing.
      const visit = await (parsed.kind === 'one_time'
        ? patchOneTime(changes, parsed.id, b, version, whileLocked)
        : patchRecurring(changes, parsed.scheduleId, parsed.originalStart, b, version, whileLocked));
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
