import type { CleanupResult, PageQuery } from '@clean/shared';
import { type Cell, cellText } from '../../lib/csv';
import { deleting } from '../../lib/db-errors';
import { paging } from '../../lib/paging';
import { type CleanupStore, oldRecordCutoff } from './store';

export type CleanupDeps = { store: CleanupStore; timezone: string };

export const OLD_RECORDS_HEADER = ['type', 'id', 'name', 'date', 'dates_related'];

/** Old records (older than 90 days): what they are, a copy to keep, and their deletion. */
export function cleanupService({ store, timezone }: CleanupDeps) {
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
      const limit = 5000;
      for (let offset = 0; ; offset += limit) {
        const { items } = await store.list(cutoff, { limit, offset });
        for (const r of items) yield [r.type, r.id, r.name, new Date(r.submitted_at), dates(r.dates_related)];
        if (items.length < limit) return;
      }
    },

    async deleteOld(): Promise<CleanupResult> {
      // A record attached to an old inquiry at the same moment: that batch was not deleted, the owner tries again.
      const deleted = await deleting('Records changed while cleaning up. Please try again.', () =>
        store.deleteOld(oldRecordCutoff()),
      );
      if (deleted === 0) return { message: 'No records to delete.', deleted: 0 };
      return { message: `Deleted ${deleted} old records.`, deleted };
    },
  };
}
