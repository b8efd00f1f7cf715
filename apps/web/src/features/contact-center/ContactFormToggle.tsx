import { useId } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { cx } from '../../lib/ui/cx';
import { useContactStatus, useSetContactStatus } from '../contact-status/api';

/** Manage, first: the booking form's open/closed switch ('Updating...' while it changes). */
export function ContactFormToggle() {
  const headingId = useId();
  const status = useContactStatus();
  const change = useSetContactStatus();
  const isOpen = status.data?.is_open;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          Contact Form
        </h2>
        {status.isPending && (
          <p role="status" className="text-stone-600">
            Checking the contact form...
          </p>
        )}
        {isOpen !== undefined && (
          <p className="text-stone-700" aria-live="polite">
            <span
              className={cx(
                'mr-2 inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold',
                isOpen ? 'bg-brand-100 text-brand-900' : 'bg-stone-200 text-stone-800',
              )}
            >
              {isOpen ? 'Open' : 'Closed'}
            </span>
            {isOpen
              ? 'The contact form is open: visitors can send booking requests.'
              : 'The contact form is closed: visitors cannot send booking requests.'}
          </p>
        )}
        {status.isError && <Alert tone="error">Failed to load the contact form status.</Alert>}
        {change.isError && (
          <Alert tone="error">
            {failureMessage('Failed to update the contact form status.', change.error)}
          </Alert>
        )}
      </div>
      {isOpen !== undefined && (
        <Button
          variant={isOpen ? 'secondary' : 'primary'}
          className="shrink-0"
          disabled={change.isPending}
          onClick={() => change.mutate(!isOpen)}
        >
          {change.isPending ? 'Updating...' : isOpen ? 'Close Contact Form' : 'Open Contact Form'}
        </Button>
      )}
    </section>
  );
}
