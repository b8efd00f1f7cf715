import { CONTACT_MESSAGE_MAX, formatDateTime } from '@clean/shared';
import { useId, useState } from 'react';
import { useLiveContactStatus, useSetContactStatus } from '../../features/contact-status/api';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { cx } from '../../lib/ui/cx';
import { TextAreaField } from '../../lib/ui/FormFields';
import { TextField } from '../../lib/ui/TextField';

/**
 * Manage, first: the booking form's open/closed switch ('Updating...' while it changes). Closing may name when
 * the form opens again by itself (business wall time) and a message visitors see on /contact.
 */
export function ContactFormToggle() {
  const headingId = useId();
  const { timezone } = useSiteConfig();
  const status = useLiveContactStatus();
  const change = useSetContactStatus();
  const [reopensAt, setReopensAt] = useState('');
  const [message, setMessage] = useState('');
  const isOpen = status.data?.is_open;

  function toggle() {
    if (isOpen) {
      change.mutate(
        { is_open: false, reopens_at: reopensAt || null, message: message.trim() || null },
        {
          onSuccess: () => {
            setReopensAt('');
            setMessage('');
          },
        },
      );
    } else change.mutate({ is_open: true });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
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
                : status.data?.reopens_at
                  ? `The contact form is closed until ${formatDateTime(status.data.reopens_at, timezone)}.`
                  : 'The contact form is closed: visitors cannot send booking requests.'}
            </p>
          )}
          {status.data?.message && (
            <p className="text-sm break-words text-stone-600">
              Message for visitors: “{status.data.message}”
            </p>
          )}
        </div>
        {isOpen !== undefined && (
          <Button
            variant={isOpen ? 'secondary' : 'primary'}
            className="shrink-0"
            disabled={change.isPending}
            onClick={toggle}
          >
            {change.isPending ? 'Updating...' : isOpen ? 'Close Contact Form' : 'Open Contact Form'}
          </Button>
        )}
      </div>
      {isOpen && (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
          <TextField
            label="Reopens on (optional)"
            type="datetime-local"
            hint={`Time in ${timezone.replace(/_/g, ' ')}. The form opens again by itself then.`}
            value={reopensAt}
            onChange={(e) => setReopensAt(e.target.value)}
          />
          <TextAreaField
            label="Message for visitors (optional)"
            rows={2}
            maxLength={CONTACT_MESSAGE_MAX}
            placeholder="e.g. We’re on vacation and back soon!"
            hint={`Shown on the contact page while closed; at most ${CONTACT_MESSAGE_MAX} characters.`}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
      )}
      {status.isError && <Alert tone="error">Failed to load the contact form status.</Alert>}
      {change.isError && (
        <Alert tone="error">
          {failureMessage('Failed to update the contact form status.', change.error)}
        </Alert>
      )}
    </section>
  );
}
