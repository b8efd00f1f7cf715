import { useId } from 'react';
import { useOldRecords } from './api';
import { LARGE_DATABASE_TOOLTIP, showLargeDatabaseWarning } from './cleanupLevel';

/**
 * The red bouncing banner shown above 20 old records. Its tooltip (title, and an accessible description
 * that also appears on keyboard focus) points to the cleanup at the bottom of the Manage tab, which a
 * click opens.
 */
export function LargeDatabaseBanner({ onGoToCleanup }: { onGoToCleanup: () => void }) {
  const tipId = useId();
  const query = useOldRecords();
  if (!showLargeDatabaseWarning(query.data?.total ?? 0)) return null;
  return (
    <div className="group relative mb-6">
      <button
        type="button"
        title={LARGE_DATABASE_TOOLTIP}
        aria-describedby={tipId}
        onClick={onGoToCleanup}
        className="w-full rounded-xl bg-red-600 px-4 py-3 text-left font-semibold text-white shadow-md hover:bg-red-700 motion-safe:animate-bounce"
      >
        Database is getting large! Consider cleaning up old records.
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="sr-only group-focus-within:not-sr-only group-focus-within:absolute group-focus-within:top-full group-focus-within:left-0 group-focus-within:z-20 group-focus-within:mt-2 group-focus-within:rounded-lg group-focus-within:bg-stone-900 group-focus-within:px-3 group-focus-within:py-2 group-focus-within:text-sm group-focus-within:text-white"
      >
        {LARGE_DATABASE_TOOLTIP}
      </span>
    </div>
  );
}
