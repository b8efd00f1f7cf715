import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCleanings, recurringPayments, visitExceptions } from '../../db/schema';
import { isOccurrence, parseKey, ruleOf } from './rule';
import { lockOccurrence, type Tx, visitsStore } from './store';

/** A visit as its team member's own routes need it: which it is, whose home, when, and who cleans it. */
export type AssignedVisit = {
  key: string;
  kind: 'one_time' | 'recurring';
  inquiryId: number;
  start: Date;
  end: Date;
  cleanerId: number;
  status: 'planned' | 'done' | 'skipped' | 'cancelled';
};

/**
 * The visit `key` if it is assigned to `userId` (a one-time cleaning's cleaner; an occurrence's own, else its
 * schedule's), else null — the caller answers 404 either way, so another's visit and no visit look the same.
 */
export async function assignedVisit(
  db: Db,
  timezone: string,
  key: string,
  userId: number,
): Promise<AssignedVisit | null> {
  const parsed = parseKey(key);
  if (!parsed || parsed.kind === 'request') return null;
  const hours = await visitsStore(db).workingHours();
  const end = (start: Date, minutes: number | null) =>
    new Date(start.getTime() + (minutes ?? hours.default_duration_minutes) * 60_000);
  if (parsed.kind === 'one_time') {
    const [row] = await db
      .select()
      .from(oneTimeCleanings)
      .where(and(eq(oneTimeCleanings.id, parsed.id), eq(oneTimeCleanings.cleanerId, userId)));
    if (!row?.dateTime) return null;
    const status: AssignedVisit['status'] = row.cancelledAt ? 'cancelled' : row.doneAt ? 'done' : 'planned';
    const common = { key, kind: 'one_time' as const, inquiryId: row.inquiryId, cleanerId: userId, status };
    return { ...common, start: row.dateTime, end: end(row.dateTime, row.durationMinutes) };
  }
  const [row] = await db
    .select({ schedule: recurringPayments, exception: visitExceptions })
    .from(recurringPayments)
    .leftJoin(
      visitExceptions,
      and(
        eq(visitExceptions.recurringPaymentId, recurringPayments.id),
        eq(visitExceptions.originalStart, parsed.originalStart),
      ),
    )
    .where(
      and(
        eq(recurringPayments.id, parsed.scheduleId),
        sql`coalesce(${visitExceptions.cleanerId}, ${recurringPayments.cleanerId}) = ${userId}`,
      ),
    );
  if (!row) return null;
  const rule = ruleOf(row.schedule.firstVisitAt, row.schedule.frequency);
  if ('note' in rule || !isOccurrence(rule, parsed.originalStart, timezone)) return null;
  const start = row.exception?.movedTo ?? parsed.originalStart;
  return {
    key,
    kind: 'recurring',
    inquiryId: row.schedule.inquiryId,
    start,
    end: end(start, row.schedule.durationMinutes),
    cleanerId: userId,
    status: row.exception?.status ?? 'planned',
  };
}

/**
 * The same, read after locking the visit's row in transaction `on` (a one-time cleaning's, or the occurrence's
 * exception row, made if missing): a team member's change of their visit then waits for, or holds off, the owner's
 * change of it and their own Done.
 */
export async function lockAssignedVisit(
  on: Db,
  timezone: string,
  key: string,
  userId: number,
): Promise<AssignedVisit | null> {
  const parsed = parseKey(key);
  if (!parsed || parsed.kind === 'request') return null;
  if (parsed.kind === 'one_time')
    await on
      .select({ id: oneTimeCleanings.id })
      .from(oneTimeCleanings)
      .where(eq(oneTimeCleanings.id, parsed.id))
      .for('update');
  else {
    const [schedule] = await on
      .select({ id: recurringPayments.id })
      .from(recurringPayments)
      .where(eq(recurringPayments.id, parsed.scheduleId));
    if (!schedule) return null;
    await lockOccurrence(on as unknown as Tx, parsed.scheduleId, parsed.originalStart);
  }
  return assignedVisit(on, timezone, key, userId);
}
