import { setTimeout as sleep } from 'node:timers/promises';
import { type CleanupJob, type CleanupResult, type PageQuery, VISIT_PHOTO_DAYS } from '@clean/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type Cell, cellText } from '../../lib/csv';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { paging } from '../../lib/paging';
import { type CleanupJobsStore, type CleanupStore, oldRecordCutoff } from './store';

export type CleanupDeps = {
  store: CleanupStore;
  jobs: CleanupJobsStore;
  timezone: string;
  log: FastifyBaseLogger;
  /** How long DELETE waits for the cleanup before answering 202 with the job. */
  waitMs: number;
  /** Deletes the encodings of uploaded photos nothing links to any more (features/media); answers how many. */
  removeOrphanPhotos: (uploadedBefore: Date) => Promise<number>;
  /** Deletes visits' private photos taken before the date that the owner did not keep (features/visit-photos). */
  removeOldVisitPhotos: (takenBefore: Date) => Promise<number>;
};

/** An uploaded photo no record links to yet may be one the owner is about to save into a form: left a day. */
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
const VISIT_PHOTO_MS = VISIT_PHOTO_DAYS * 24 * 60 * 60 * 1000;

const CHANGED = 'Records changed while cleaning up. Please try again.';
const FAILED = 'Failed to delete records.';

/** The original client's answers once a cleanup is over (docs/product.md#compatibility). */
const resultOf = (deleted: number): CleanupResult =>
  deleted === 0
    ? { message: 'No records to delete.', deleted: 0 }
    : { message: `Deleted ${deleted} old records.`, deleted };

export const OLD_RECORDS_HEADER = ['type', 'id', 'name', 'date', 'dates_related'];

/** Old records (older than 90 days): what they are, a copy to keep, and their deletion. */
export function cleanupService({
  store,
  jobs,
  timezone,
  log,
  waitMs,
  removeOrphanPhotos,
  removeOldVisitPhotos,
}: CleanupDeps) {
  /** Runs a job to its end (each batch its own short transaction, so bookings never wait on it); its failure, if any. */
  async function run(id: number): Promise<{ failure?: unknown }> {
    let deleted = 0;
    try {
      deleted = await store.deleteOld(oldRecordCutoff(), async (total) => {
        deleted = total;
        await jobs.progress(id, total);
      });
      // The photos nothing shows go in the same sweep; a failure here leaves them for the next one.
      await removeOrphanPhotos(new Date(Date.now() - ORPHAN_GRACE_MS)).then(
        (count) => count > 0 && log.info({ encodings: count }, 'cleanup: deleted unused photos'),
        (err) => log.error({ err }, 'cleanup: could not delete unused photos'),
      );
      await removeOldVisitPhotos(new Date(Date.now() - VISIT_PHOTO_MS)).then(
        (count) => count > 0 && log.info({ photos: count }, 'cleanup: deleted old visit photos'),
        (err) => log.error({ err }, 'cleanup: could not delete old visit photos'),
      );
      await jobs.finish(id, deleted, null);
      return {};
    } catch (err) {
      // A record attached to an old inquiry at the same moment: that batch was not deleted, the owner tries again.
      if (!isForeignKeyViolation(err)) log.error({ err }, 'cleanup of old records failed');
      await jobs
        .finish(id, deleted, isForeignKeyViolation(err) ? CHANGED : FAILED)
        .catch((e) => log.error({ err: e }, 'cleanup job could not be marked finished'));
      return { failure: err };
    }
  }

  async function job(id: number): Promise<CleanupJob> {
    const row = await jobs.get(id);
    if (!row) throw new NotFoundError('No such cleanup.');
    if (row.lost) return { id, deleted: row.deleted, done: true, error: FAILED };
    if (!row.finished) return { id, deleted: row.deleted, done: false };
    if (row.error) return { id, deleted: row.deleted, done: true, error: row.error };
    return { id, deleted: row.deleted, done: true, message: resultOf(row.deleted).message };
  }

  const dates = (joined: string | undefined) =>
    joined
      ? joined
          .split(', ')
          .map((iso) => cellText(new Date(iso), timezone))
          .join('; ')
      : '';

  return {
    list: (query: PageQuery) => store.list(oldRecordCutoff(), paging(query)),

    /** Exactly what `deleteOld` would delete now (the same rules), as CSV rows, read in batches. */
    async *csvRows(): AsyncGenerator<Cell[]> {
      const cutoff = oldRecordCutoff();
      for await (const batch of store.batches(cutoff, 5000)) {
        for (const r of batch) yield [r.type, r.id, r.name, new Date(r.submitted_at), dates(r.dates_related)];
      }
    },

    /**
     * Starts the cleanup in the background (or joins the one running) and waits a moment for it: a small one
     * answers its result at once, as it always did; ten years of records answer the job, whose progress the hub
     * polls (`job`), instead of outlasting the request's deadline.
     */
    async deleteOld(): Promise<{ done: CleanupResult } | { running: CleanupJob }> {
      let id = await jobs.start();
      let finished: Promise<{ failure?: unknown }> | undefined;
      if (id !== null) finished = run(id);
      else id = (await jobs.running()) ?? (await jobs.start());
      if (id === null) throw new ConflictError(CHANGED);
      if (waitMs === 0) {
        const state = await job(id);
        if (!state.done) return { running: state };
      }
      const stopWaiting = new AbortController();
      const waited = sleep(waitMs, undefined, { signal: stopWaiting.signal }).catch(() => undefined);
      const outcome = await Promise.race([finished ?? waited, waited]);
      stopWaiting.abort();
      // Over within the moment: answered as a cleanup always was (a database fault is the fault's own answer).
      if (outcome?.failure) {
        if (isForeignKeyViolation(outcome.failure)) throw new ConflictError(CHANGED);
        throw outcome.failure;
      }
      const state = await job(id);
      if (!state.done) return { running: state };
      if (state.error) throw new ConflictError(state.error);
      return { done: resultOf(state.deleted) };
    },

    job,
  };
}
