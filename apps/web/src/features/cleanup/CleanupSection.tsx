import { formatDateTime, OLD_RECORD_DAYS, type OldRecordType } from '@clean/shared';
import { useState } from 'react';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { cx } from '../../lib/ui/cx';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { useCleanupOldRecords, useOldRecords } from './api';
import { type CleanupLevel, cleanupLevel, confirmCleanupText } from './cleanupLevel';

export const CLEANUP_SECTION_ID = 'cleanup-old-records';

const headingColour: Record<CleanupLevel, string> = {
  green: 'text-green-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
};
const badgeColour: Record<CleanupLevel, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-800',
};
const typeLabel: Record<OldRecordType, string> = {
  inquiry: 'Inquiry',
  one_time_cleaning: 'One-time cleaning',
  recurring_paid: 'Recurring paid record',
};

type Outcome = { tone: 'success' | 'error' | 'info'; text: string };

/** Manage → Cleanup Old Records (records older than 90 days), at the bottom of the tab. */
export function CleanupSection() {
  const { timezone } = useSiteConfig();
  const query = useOldRecords();
  const cleanup = useCleanupOldRecords();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const records = query.data?.items ?? [];
  const count = query.data?.total ?? 0;
  // Past the server's count cap: "1000+".
  const shownCount = query.data?.more ? `${count}+` : String(count);
  const level = cleanupLevel(count);

  function deleteOldRecords() {
    setOutcome(null);
    if (count === 0) {
      setOutcome({ tone: 'info', text: 'No records to delete.' });
      return;
    }
    setConfirming(true);
  }

  function confirmed() {
    cleanup.mutate(undefined, {
      onSuccess: (result) =>
        setOutcome({ tone: 'success', text: result?.message || 'Old records deleted successfully!' }),
      onError: () => setOutcome({ tone: 'error', text: 'Failed to delete records.' }),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <section
      id={CLEANUP_SECTION_ID}
      aria-labelledby={`${CLEANUP_SECTION_ID}-heading`}
      tabIndex={-1}
      className="scroll-mt-24 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2
        id={`${CLEANUP_SECTION_ID}-heading`}
        data-level={level}
        className={cx('text-2xl font-bold', headingColour[level])}
      >
        Cleanup Old Records
      </h2>
      {query.isError && <Alert tone="error">Failed to fetch old records.</Alert>}
      {query.isPending ? (
        <p role="status" className="text-stone-600">
          Counting old records...
        </p>
      ) : (
        <p className="text-stone-700">
          <span
            className={cx(
              'mr-2 inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold',
              badgeColour[level],
            )}
          >
            {shownCount} old {count === 1 ? 'record' : 'records'}
          </span>
          Records older than {OLD_RECORD_DAYS} days: finished inquiries, cleanings and paid records you no
          longer need.
        </p>
      )}
      {count > 0 && (
        <details className="rounded-xl bg-stone-50 px-4 py-2 text-sm">
          <summary className="cursor-pointer py-1 font-medium text-stone-800">
            {count > records.length ? `Show the oldest ${records.length}` : 'Show the old records'}
          </summary>
          <ul className="mt-2 space-y-1.5 pb-2">
            {records.map((r) => (
              <li key={`${r.type}-${r.id}`} className="break-words">
                <span className="font-medium">{r.name}</span> — {typeLabel[r.type] ?? r.type},{' '}
                {formatDateTime(r.submitted_at, timezone)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <Button
        className="bg-red-700 hover:bg-red-800"
        onClick={deleteOldRecords}
        disabled={cleanup.isPending || query.isPending}
      >
        {cleanup.isPending ? 'Deleting...' : 'Delete Old Records'}
      </Button>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {/* The original question, in a dialog rather than window.confirm so it can offer the export first. */}
      <ConfirmDialog
        open={confirming}
        title="Delete old records?"
        confirmLabel="Delete Old Records"
        busy={cleanup.isPending}
        onConfirm={confirmed}
        onClose={() => setConfirming(false)}
      >
        <p>{confirmCleanupText(shownCount)}</p>
        <p className="text-sm text-stone-600">
          Keep a copy for your books: the file lists exactly the records that will be deleted.
        </p>
        <DownloadCsvButton path="/api/old_records.csv" label="Download first" what="old records as CSV" />
      </ConfirmDialog>
    </section>
  );
}
