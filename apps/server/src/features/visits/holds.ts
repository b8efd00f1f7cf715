import type { Db } from '../../db/client';
import type { HeldTime } from './read-model';

export type { HeldTime } from './read-model';

/** What a confirm or decline became: the visit it made, or the request itself, declined. */
export type HoldOutcome =
  | { made: 'one_time'; cleaningId: number }
  | { made: 'recurring'; scheduleId: number }
  | { made: 'declined'; hold: HeldTime };
/** The holds, as features/slots keeps them (absent: the visits alone, e.g. the calendar feed). */
export type HoldsAccess = {
  /** `on`: a transaction to read in (the owner's move decides its conflicts inside its own). */
  live: (from: Date, to: Date, on?: Db) => Promise<HeldTime[]>;
  /** Takes the booking lock for the rest of transaction `on` (the one every booking and move is decided under). */
  lock: (on: Db) => Promise<void>;
  change: (id: number, status: 'confirmed' | 'declined') => Promise<HoldOutcome>;
};
