import type { Visit } from '@clean/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { type ChangeDeps, NO_SUCH_VISIT, type VisitPatch } from './changes';

export const HOLD_ONLY_CONFIRM =
  'A requested time can only be confirmed or declined: send {"status":"confirmed"} or {"status":"declined"}.';

/**
 * Confirms or declines a visitor's request (features/slots does it under the hold's row lock, so twenty
 * confirms make one visit): answers the visit it became (the schedule's first), or the request, declined.
 */
export async function patchRequest(
  { store, holds, model }: ChangeDeps,
  id: number,
  b: VisitPatch,
): Promise<Visit> {
  if (!holds) throw new NotFoundError(NO_SUCH_VISIT);
  const { status, ...rest } = b;
  if ((status !== 'confirmed' && status !== 'declined') || Object.values(rest).some((v) => v !== undefined))
    throw new ValidationError(HOLD_ONLY_CONFIRM);
  const outcome = await holds.change(id, status);
  if (outcome.made === 'declined') return model.holdVisit(outcome.hold, 'declined');
  const hours = await store.workingHours();
  if (outcome.made === 'one_time') {
    const row = await store.cleaning(outcome.cleaningId);
    const visit = row && model.oneTimeVisit(row, hours);
    if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
    return visit;
  }
  const schedule = await store.schedule(outcome.scheduleId);
  if (!schedule?.firstVisitAt) throw new NotFoundError(NO_SUCH_VISIT);
  const first = schedule.firstVisitAt;
  const [exception] = await store.exceptionsBetween([schedule.id], first, new Date(first.getTime() + 1));
  return model.recurringVisit(schedule, first, exception, hours);
}
