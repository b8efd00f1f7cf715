import type { Db } from '../db/client';
import { ConflictError, NotFoundError, StaleVersionError } from './errors';
import { versionNumber } from './rows';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The queries of one "delete a record and maybe what depends on it" (each runs inside the transaction). */
export type DependantsPlan<Counts extends Record<string, number>> = {
  /** Locks the record (SELECT … FOR UPDATE) and answers its version; undefined when there is none. */
  lock(tx: Tx): Promise<number | undefined>;
  count(tx: Tx): Promise<Counts>;
  removeDependants(tx: Tx): Promise<void>;
  remove(tx: Tx): Promise<void>;
};

/** What the caller (a service) says when the record is missing or still has dependants. */
export type DependantsMessages<Counts> = {
  notFound: string;
  refused: (counts: Counts) => string;
  /** The record changed since the client read the version it sent (If-Match). */
  stale?: string;
};

/**
 * Lock, count, then refuse or delete everything, in one transaction: with dependants the delete is refused
 * (ConflictError) unless `withDependants`, and then nothing is left orphaned. With `version` (If-Match), a record
 * at another version is refused (StaleVersionError) under the same lock.
 */
export function deleteWithDependants<Counts extends Record<string, number>>(
  db: Db,
  plan: DependantsPlan<Counts>,
  withDependants: boolean,
  messages: DependantsMessages<Counts>,
  version?: string,
): Promise<void> {
  return db.transaction(async (tx) => {
    const current = await plan.lock(tx);
    if (current === undefined) throw new NotFoundError(messages.notFound);
    if (version !== undefined && current !== versionNumber(version))
      throw new StaleVersionError(messages.stale ?? messages.notFound);
    const counts = await plan.count(tx);
    if (Object.values(counts).some((n) => n > 0)) {
      if (!withDependants) throw new ConflictError(messages.refused(counts));
      await plan.removeDependants(tx);
    }
    await plan.remove(tx);
  });
}
