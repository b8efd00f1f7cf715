import type { ChecklistItem, VisitChecklistItem } from '@clean/shared';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { lockAssignedVisit } from '../visits/assignee';
import { type ChecklistOwner, checklistsStore } from './store';

export const NO_SUCH_OWNER = {
  packageId: 'There is no package with that id.',
  inquiryId: 'There is no inquiry with that id.',
};
export const NO_SUCH_VISIT = 'No visit of yours with that key.';
export const DONE_STAYS_TICKED = 'This visit is done, so its required items stay ticked.';
export const NO_SUCH_ITEM = 'No item with that id on this visit’s checklist.';

const missing = (owner: ChecklistOwner) =>
  new NotFoundError('packageId' in owner ? NO_SUCH_OWNER.packageId : NO_SUCH_OWNER.inquiryId);

/**
 * The 409 of a cleaner's Done while required items are open, naming them; the caller runs it inside Done's
 * transaction, under the visit's row lock, so an untick cannot slip between the check and the Done.
 */
export async function refuseOpenRequired(on: Db, key: string, inquiryId: number): Promise<void> {
  const list = (await checklistsStore(on).ofVisits([{ key, inquiryId }])).get(key) ?? [];
  const open = list.filter((i) => i.required && !i.done).map((i) => i.label);
  if (open.length > 0)
    throw new ConflictError(`Tick the required item${open.length > 1 ? 's' : ''} first: ${open.join('; ')}.`);
}

/** Checklists: the owner's lists (a package's template, a home's own) and a cleaner's ticks on their visit. */
export function checklistsService(db: Db, timezone: string) {
  const store = checklistsStore(db);
  return {
    async list(owner: ChecklistOwner): Promise<{ items: ChecklistItem[] }> {
      const items = await store.items(owner);
      if (!items) throw missing(owner);
      return { items };
    },

    async replace(owner: ChecklistOwner, items: Array<{ label: string; required: boolean }>) {
      const saved = await store.replace(owner, items);
      if (!saved) throw missing(owner);
      return { items: saved };
    },

    /** The assigned cleaner ticks (or unticks) an item of their visit's checklist; another's visit is a 404. */
    tick(userId: number, key: string, itemId: number, done: boolean): Promise<VisitChecklistItem> {
      return db.transaction(async (tx) => {
        const on = tx as unknown as Db;
        const visit = await lockAssignedVisit(on, timezone, key, userId);
        if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
        const inTx = checklistsStore(on);
        const list = (await inTx.ofVisits([{ key, inquiryId: visit.inquiryId }])).get(key) ?? [];
        const item = list.find((i) => i.id === itemId);
        if (!item) throw new NotFoundError(NO_SUCH_ITEM);
        // Done was decided on the ticks it saw: a required item stays ticked after it.
        if (!done && item.required && visit.status === 'done') throw new ConflictError(DONE_STAYS_TICKED);
        await inTx.tick(key, itemId, userId, done);
        return { ...item, done };
      });
    },
  };
}
