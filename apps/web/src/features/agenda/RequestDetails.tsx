import { formatDateTime, formatPhone, type Visit } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatMinutes } from '../../lib/duration';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { HomeAddress } from '../../lib/ui/HomeAddress';
import { QuoteSummary } from '../../lib/ui/QuoteSummary';
import { inquiryQueryOptions } from '../inquiries/api';
import { type RequestAnswer, useAnswerRequest } from './api';

const term = 'font-semibold text-stone-600';

/**
 * A booking request's panel: the time asked for, the quote the server worked out (lines from its inquiry), when
 * the hold lapses, and Confirm (one tap) or Decline (asked once more: the visitor's time is let go).
 */
export function RequestDetails({ visit, timeZone }: { visit: Visit; timeZone: string }) {
  const inquiry = useQuery(inquiryQueryOptions(visit.inquiry_id, visit.inquiry_name));
  const quote = inquiry.data?.quote ?? null;
  const minutes = Math.round((Date.parse(visit.end) - Date.parse(visit.start)) / 60_000);
  const frequency = quote?.frequency ?? visit.requested_frequency ?? null;
  const end = formatDateTime(visit.end, timeZone);
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-stone-800">
        <dt className={term}>Type</dt>
        <dd>Booking request</dd>
        <dt className={term}>Name</dt>
        <dd className="break-words">{visit.inquiry_name}</dd>
        <dt className={term}>Time asked for</dt>
        <dd>
          {formatDateTime(visit.start, timeZone)} – {end.slice(end.lastIndexOf(' at ') + 4)}
        </dd>
        {visit.hold_lapses_at && (
          <>
            <dt className={term}>Held until</dt>
            <dd>{formatDateTime(visit.hold_lapses_at, timeZone)}</dd>
          </>
        )}
        <dt className={term}>Phone</dt>
        <dd>{visit.phone_number ? formatPhone(visit.phone_number) : 'No phone number'}</dd>
        {visit.town && (
          <>
            <dt className={term}>Town</dt>
            <dd>{visit.town}</dd>
          </>
        )}
        <dt className={term}>Address</dt>
        <dd>
          <HomeAddress parts={visit} />
        </dd>
        {visit.access_notes && (
          <>
            <dt className={term}>Access</dt>
            <dd className="break-words whitespace-pre-line">{visit.access_notes}</dd>
          </>
        )}
        {visit.notes && (
          <>
            <dt className={term}>Notes</dt>
            <dd className="break-words whitespace-pre-line">{visit.notes}</dd>
          </>
        )}
      </dl>
      <h3 className="mt-4 font-semibold text-brand-950">Quote</h3>
      {quote ? (
        <QuoteSummary className="mt-2" quote={quote} frequency={frequency} />
      ) : inquiry.isPending ? (
        <p role="status" className="mt-1 text-stone-600">
          Loading the quote...
        </p>
      ) : visit.amount > 0 ? (
        // The lines could not be read: the visit still carries the quoted amount and length.
        <QuoteSummary
          className="mt-2"
          quote={{ amount: visit.amount, duration_minutes: minutes, lines: [] }}
          frequency={frequency}
        />
      ) : (
        <p className="mt-1 text-stone-700">No online quote. About {formatMinutes(minutes)}.</p>
      )}
      <RequestActions visit={visit} />
    </>
  );
}

const DONE: Record<RequestAnswer, string> = {
  confirmed: 'Confirmed: it is on the calendar and the inquiry is Booked.',
  declined: 'Declined: the time is free again.',
};

function RequestActions({ visit }: { visit: Visit }) {
  const answer = useAnswerRequest();
  // The buttons are disabled once React re-renders; this stops a second tap that lands before that.
  const sending = useRef(false);
  const [declining, setDeclining] = useState(false);
  const [done, setDone] = useState<RequestAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  function send(status: RequestAnswer) {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    answer.mutate(
      { key: visit.key, status },
      {
        onSuccess: () => setDone(status),
        onError: (err) =>
          setError(
            failureMessage(
              status === 'confirmed' ? 'Failed to confirm the request.' : 'Failed to decline the request.',
              err,
            ),
          ),
        onSettled: () => {
          sending.current = false;
          setDeclining(false);
        },
      },
    );
  }

  const busy = answer.isPending;
  return (
    <div className="mt-5 space-y-3 border-t border-stone-200 pt-4">
      {done ? (
        <Alert tone="success">{DONE[done]}</Alert>
      ) : declining ? (
        <div className="space-y-2">
          <p className="text-stone-800">Decline this request? The visitor’s time is let go.</p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => send('declined')}>
              {busy ? 'Declining...' : 'Yes, decline'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setDeclining(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => send('confirmed')}>
            {busy ? 'Confirming...' : 'Confirm'}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
