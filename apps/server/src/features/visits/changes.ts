import type { PaymentMethod, Visit, visitPatch } from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { VisitClaims } from './claims';
import type { HoldsAccess } from './holds';
import type { visitsReadModel } from './read-model';
import type { VisitsStore } from './store';

export const NO_SUCH_VISIT = 'No visit with that key.';

export type VisitPatch = z.output<typeof visitPatch>;

/** A caller's rule run inside a visit's change, under its row lock (a cleaner's Done: the checklist). */
export type WhileLocked = (on: Db) => Promise<void>;

/**
 * Told of a visit whose status or payment the owner is setting (done asks the customer for a review), inside the
 * change's transaction (`on`): what it writes commits with the change, or neither does. `paymentMethod`: how
 * Done & paid was paid, when the owner said.
 */
export type StatusChanged = (visit: Visit, on: Db, paymentMethod?: PaymentMethod) => Promise<void>;
/** Told of a visit the owner moved from `from` (unless notify_customer: false), inside the move's transaction. */
export type Moved = (visit: Visit, from: Date, on: Db) => Promise<void>;

/** What the owner (or the customer's link) changes of a one-time cleaning's visit. */
export type CleaningChanges = Partial<{
  dateTime: Date;
  paid: boolean;
  done: boolean;
  cancelledAt: Date | null;
  cleanerId: number | null;
}>;

/**
 * The writes a visit's change asks of the features that own the rows, each on the change's transaction (`on`):
 * a one-time cleaning's visit fields (the cleanings feature) and an occurrence's paid record (recurring).
 */
export type VisitWrites = {
  setCleaning: (on: Db, id: number, changes: CleaningChanges) => Promise<boolean>;
  paid: {
    create: (on: Db, scheduleId: number, amount: number, date: Date) => Promise<number>;
    madeAt: (on: Db, id: number) => Promise<Date | undefined>;
    remove: (on: Db, id: number) => Promise<void>;
  };
};

/** What the visits service is built with. */
export type VisitsDeps = {
  store: VisitsStore;
  /** The writes to the cleanings' and the paid records' tables, handed in by the composition root. */
  writes: VisitWrites;
  timezone: string;
  holds?: HoldsAccess;
  statusChanged?: StatusChanged;
  moved?: Moved;
  /** The clock a stale version's sentence reads ("cancelled at 10:02 AM" today, or with its date). */
  now?: () => Date;
};

/** What each kind of change works with, composed once by the service. */
export type ChangeDeps = Omit<VisitsDeps, 'now'> & {
  now: () => Date;
  model: ReturnType<typeof visitsReadModel>;
  claims: VisitClaims;
};

/**
 * A move to the time the visit already has, with nothing else asked and the version (if sent) current: it
 * answers the visit as a move would, and changes, claims and tells nothing (docs/api.md).
 */
export const sameTimeMove = (b: VisitPatch, start: Date | undefined, visit: Visit, version?: string) =>
  start !== undefined &&
  b.status === undefined &&
  b.paid === undefined &&
  b.cleaner_id === undefined &&
  Date.parse(visit.start) === start.getTime() &&
  (version === undefined || visit.version === version);
