import { OfflineWriteError, useOfflineState } from '../../lib/offline';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';

/** "6:05 PM" in the business zone, with the day in front when it is not today there. */
function asOfText(at: number, timeZone: string) {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' });
  const sameDay = day.format(at) === day.format(Date.now());
  return sameDay ? time.format(at) : `${day.format(at)}, ${time.format(at)}`;
}

/**
 * Shown while the hub has no connection, or shows answers its service worker kept: how old they are (or that it
 * has none yet) and that nothing can be saved; a write refused meanwhile is announced here too, whichever form
 * sent it.
 */
export function OfflineNotice() {
  const { timezone } = useSiteConfig();
  const { online, cachedAsOf, networkAt, refusedAt } = useOfflineState();
  if (online && cachedAsOf === null && refusedAt === null) return null;
  const asOf = cachedAsOf ?? networkAt;
  return (
    <div className="mb-4 space-y-2">
      <Alert tone="info">
        <strong>Offline{asOf !== null && ` — shown as of ${asOfText(asOf, timezone)}`}</strong>
        {asOf !== null && ` (${timezone.replace(/_/g, ' ')} time)`}. Read only: changes cannot be saved until
        the connection is back.
        {/* Opened offline before the worker kept any answer: still signed in, just nothing to show yet. */}
        {!online &&
          asOf === null &&
          ' Nothing of the hub is kept on this device yet: it fills in once the connection is back.'}
      </Alert>
      {refusedAt !== null && <Alert tone="error">{new OfflineWriteError().message}</Alert>}
    </div>
  );
}
