import { useId, useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { HubSection } from '../../lib/ui/HubSection';
import { inputClass } from '../../lib/ui/TextField';
import { useCalendarFeed, useRotateCalendarFeed } from './api';

/**
 * Agenda → the calendar feed: the secret address to subscribe to from a phone's calendar, a copy button, how to
 * subscribe, and a new address when the old one may have leaked.
 */
export function CalendarFeed() {
  const inputId = useId();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const url = feed.data?.url ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // No clipboard permission (an old browser, an insecure origin): the address stays selectable.
      setCopied('failed');
    }
  }

  return (
    <HubSection title="Calendar on your phone">
      {feed.isPending && (
        <p role="status" className="text-stone-600">
          Loading the calendar address...
        </p>
      )}
      {feed.isError && (
        <Alert tone="error">{failureMessage('Failed to load the calendar address.', feed.error)}</Alert>
      )}
      {feed.data && (
        <>
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
            Calendar feed address (keep it private)
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              readOnly
              value={url}
              className={`${inputClass} min-h-11 min-w-0 font-mono text-sm`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button className="shrink-0" onClick={copy}>
              Copy address
            </Button>
          </div>
          {copied === 'copied' && <Alert tone="success">Address copied.</Alert>}
          {copied === 'failed' && (
            <Alert tone="error">Could not copy. Select the address and copy it by hand.</Alert>
          )}
          <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
            <li>
              Google Calendar (on a computer): Other calendars → + → From URL, paste the address, Add
              calendar.
            </li>
            <li>
              Apple Calendar: File → New Calendar Subscription (on iPhone: Settings → Calendar → Accounts →
              Add Subscribed Calendar), paste the address.
            </li>
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={rotate.isPending}
              onClick={() => {
                setCopied(null);
                rotate.mutate();
              }}
            >
              {rotate.isPending ? 'Creating...' : 'New address'}
            </Button>
            <p className="text-xs text-stone-600">The old address stops working at once.</p>
          </div>
          {rotate.isError && (
            <Alert tone="error">{failureMessage('Failed to create a new address.', rotate.error)}</Alert>
          )}
        </>
      )}
    </HubSection>
  );
}
