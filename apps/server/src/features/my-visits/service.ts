import type { MyVisit, MyVisitsQuery, SiteConfig, Visit, VisitChecklistItem } from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { refuseOpenRequired } from '../checklists/service';
import { assignedVisit } from '../visits/assignee';
import type { VisitsService } from '../visits/service';
import { myVisit } from './shape';
import { myVisitsStore } from './store';

export const NO_SUCH_VISIT = 'No visit of yours with that key.';
export const NOT_TO_CLEAN = 'This visit is no longer on: it was cancelled or skipped.';

/** A team member's own visits: their day, and their Done (the owner's done path, behind the checklist). */
export function myVisitsService(deps: {
  db: Db;
  config: Config;
  visits: VisitsService;
  now: () => Date;
  /** Each visit's checklist (features/checklists), by visit key. */
  checklistsOf: (
    visits: Array<{ key: string; inquiryId: number }>,
  ) => Promise<Map<string, VisitChecklistItem[]>>;
  /** The business facts in force (features/site): the owner's saved edits over the configured defaults. */
  siteFacts: () => Promise<SiteConfig>;
}) {
  const { db, config, visits, now } = deps;
  const timeZone = config.timezone;

  async function shaped(list: Visit[]): Promise<MyVisit[]> {
    const homes = [...new Set(list.map((v) => v.inquiry_id))];
    const [quotes, checklists, facts] = await Promise.all([
      myVisitsStore(db).quotes(homes),
      deps.checklistsOf(list.map((v) => ({ key: v.key, inquiryId: v.inquiry_id }))),
      deps.siteFacts(),
    ]);
    const at = now();
    return list.map((v) =>
      myVisit(v, {
        quote: quotes.get(v.inquiry_id),
        checklist: checklists.get(v.key) ?? [],
        region: facts.address.region,
        now: at,
        timeZone,
      }),
    );
  }

  return {
    /** GET /api/my/visits: the caller's visits starting on the business dates from..to. */
    async list(userId: number, query: MyVisitsQuery): Promise<MyVisit[]> {
      const { from, to } = visits.rangeOf(query);
      return shaped(await visits.visitsOfCleaner(userId, from, to));
    },

    /**
     * PATCH /api/my/visits/{key} {status:"done"}: the owner's done path (review request, invoice), with the
     * assignment and the checklist checked inside its transaction under the visit's row lock.
     */
    async done(userId: number, key: string): Promise<MyVisit> {
      if (!(await assignedVisit(db, timeZone, key, userId))) throw new NotFoundError(NO_SUCH_VISIT);
      const visit = await visits.patch(key, { status: 'done' }, undefined, async (on) => {
        const still = await assignedVisit(on, timeZone, key, userId);
        if (!still) throw new NotFoundError(NO_SUCH_VISIT);
        if (still.status === 'cancelled' || still.status === 'skipped') throw new ConflictError(NOT_TO_CLEAN);
        await refuseOpenRequired(on, key, still.inquiryId);
      });
      const [answer] = await shaped([visit]);
      if (!answer) throw new NotFoundError(NO_SUCH_VISIT);
      return answer;
    },
  };
}
