import {
  formatDateTime,
  formatMoney,
  PAYMENT_METHOD,
  type PaymentMethod,
  timeZoneLabel,
  toWallTime,
  type Visit,
  type VisitPatch,
} from '@clean/shared';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failure';
import { isStale } from '../../lib/hubKeys';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { CheckboxField, Options, SelectField } from '../../lib/ui/FormFields';
import { TextField } from '../../lib/ui/TextField';
import { useLastPaymentMethod } from '../invoices/api';
import { fetchVisitNow, usePatchVisit } from './api';

/** The server's 409 ends with how an API client keeps the time anyway; the hub offers a button for that instead. */
const withoutApiHint = (message: string) => message.replace(/\s*Send allow_overlap: true[^.]*\.\s*$/, '');

const failureOf = (visit: Visit) =>
  visit.kind === 'recurring'
    ? 'Failed to record the visit as done and paid.'
    : 'Failed to mark the cleaning paid.';

/**
 * The question for Done early appears below the panel's buttons: on a phone that is past the panel's bottom edge,
 * so it is scrolled into view (jsdom has no scrollIntoView).
 */
const intoView = (node: HTMLElement | null) => node?.scrollIntoView?.({ block: 'nearest' });

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Whether two instants share a business date: Done & paid can be undone on the day it was done. */
const sameDay = (a: string, b: string, timeZone: string) =>
  toWallTime(a, timeZone).slice(0, 10) === toWallTime(b, timeZone).slice(0, 10);

/**
 * What the owner does with one visit from its panel: Done & paid (one tap), Skip (or undo a skip), Move (a new
 * business wall time; onto another visit or outside the working hours only once confirmed). One request at a time:
 * a double tap sends one.
 */
export function VisitActions({
  visit,
  timeZone,
  onChange,
}: {
  visit: Visit;
  timeZone: string;
  onChange: (visit: Visit) => void;
}) {
  const patch = usePatchVisit();
  // The button is disabled once React re-renders; this stops a second tap that lands before that.
  const sending = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [moving, setMoving] = useState(false);
  const [start, setStart] = useState(() => toWallTime(visit.start, timeZone));
  const [conflict, setConflict] = useState<string | null>(null);
  // Ticked by default: a moved visit mails the customer the new time and calendar entry.
  const [tell, setTell] = useState(true);
  // The server's question for Done on a visit still ahead ("This visit is on Thu, Dec 4 — mark it done anyway?").
  const [early, setEarly] = useState<string | null>(null);
  // Done in this panel, or a visit of today marked done: the server takes an undo on the day it was done.
  const [doneHere, setDoneHere] = useState(false);
  const [method, setMethod] = useLastPaymentMethod();

  function send(change: VisitPatch, done: (updated: Visit) => string, failure: string) {
    if (sending.current) return;
    sending.current = true;
    setOutcome(null);
    setConflict(null);
    setEarly(null);
    patch.mutate(
      { key: visit.key, version: visit.version, change },
      {
        onSuccess: (updated) => {
          onChange(updated);
          setOutcome({ tone: 'success', text: done(updated) });
          setMoving(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409 && change.paid && !change.confirm_early)
            setEarly(err.serverMessage ?? 'This visit has not happened yet. Mark it done anyway?');
          else if (err instanceof ApiError && err.status === 409 && change.start && !change.allow_overlap)
            setConflict(withoutApiHint(err.serverMessage ?? 'This time overlaps another visit.'));
          else setOutcome({ tone: 'error', text: failureMessage(failure, err) });
          // Stale: the sentence says what changed; the panel shows the visit as it is now, to decide again.
          if (isStale(err))
            fetchVisitNow(visit, timeZone).then(
              (now) => now && onChange(now),
              () => undefined,
            );
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  const busy = patch.isPending;
  const doneAndPaid = (confirmEarly = false) =>
    send(
      {
        status: 'done',
        paid: true,
        payment_method: method,
        ...(confirmEarly ? { confirm_early: true } : {}),
      },
      (v) => {
        setDoneHere(true);
        return v.kind === 'recurring'
          ? `Done and paid: a paid record of ${formatMoney(v.amount)} was made.`
          : 'Marked paid.';
      },
      failureOf(visit),
    );
  const undoable = visit.paid && (doneHere || sameDay(visit.start, new Date().toISOString(), timeZone));
  const undo = () =>
    send(
      { status: 'planned' },
      () => {
        setDoneHere(false);
        return 'Undone: the visit is planned and unpaid again.';
      },
      'Failed to undo Done & paid.',
    );
  const move = (allowOverlap: boolean) =>
    send(
      {
        start,
        ...(allowOverlap ? { allow_overlap: true } : {}),
        ...(tell ? {} : { notify_customer: false }),
      },
      (v) => `Moved to ${formatDateTime(v.start, timeZone)}.`,
      'Failed to move the visit.',
    );

  return (
    <div className="mt-5 space-y-3 border-t border-stone-200 pt-4">
      {visit.paid ? (
        // Just recorded: the success message below says so already.
        <div className="flex flex-wrap items-center gap-2">
          {!outcome && (
            <p className="font-semibold text-brand-800">
              {visit.kind === 'recurring' ? 'Done and paid.' : 'Paid.'}
            </p>
          )}
          {undoable && (
            <Button variant="secondary" disabled={busy} onClick={undo}>
              Undo
            </Button>
          )}
        </div>
      ) : visit.kind === 'one_time' ? (
        <div className="flex flex-wrap items-end gap-2">
          <PaidBy method={method} onChange={setMethod} />
          <Button onClick={() => doneAndPaid()} disabled={busy}>
            {busy ? 'Saving...' : 'Mark paid'}
          </Button>
        </div>
      ) : visit.status === 'skipped' ? (
        <div className="flex flex-wrap gap-2">
          <p className="w-full text-stone-700">This visit is skipped.</p>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              send({ status: 'planned' }, () => 'Back on the calendar.', 'Failed to undo the skip.')
            }
          >
            Undo skip
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <PaidBy method={method} onChange={setMethod} />
          <Button onClick={() => doneAndPaid()} disabled={busy}>
            Done &amp; paid
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => send({ status: 'skipped' }, () => 'Skipped.', 'Failed to skip the visit.')}
          >
            Skip this visit
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            aria-expanded={moving}
            onClick={() => setMoving(!moving)}
          >
            Move this visit
          </Button>
        </div>
      )}
      {early && (
        <Alert tone="error" className="space-y-2">
          <div role="alertdialog" aria-label="Mark done early" className="space-y-2" ref={intoView}>
            <p>{early}</p>
            <div className="flex flex-wrap gap-2">
              <Button disabled={busy} onClick={() => doneAndPaid(true)}>
                Mark done anyway
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setEarly(null)}>
                Not yet
              </Button>
            </div>
          </div>
        </Alert>
      )}
      {moving && !visit.paid && visit.status !== 'skipped' && (
        <form
          aria-label="Move this visit"
          className="space-y-3"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            move(false);
          }}
        >
          <TextField
            label="New date and time"
            type="datetime-local"
            hint={`In ${timeZoneLabel(timeZone)}.`}
            value={start}
            onChange={(e) => {
              setStart(e.target.value);
              setConflict(null);
            }}
          />
          <CheckboxField
            label="Tell the customer"
            checked={tell}
            onChange={(e) => setTell(e.target.checked)}
          />
          {conflict ? (
            <Alert tone="error" className="space-y-2">
              <p>{conflict}</p>
              <div className="flex flex-wrap gap-2">
                <Button disabled={busy} onClick={() => move(true)}>
                  Move anyway
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setConflict(null)}>
                  Pick another time
                </Button>
              </div>
            </Alert>
          ) : (
            <Button type="submit" disabled={busy || !start}>
              {busy ? 'Moving...' : 'Move visit'}
            </Button>
          )}
        </form>
      )}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </div>
  );
}

/** How Done & paid was paid: the invoice's payment records it (the last choice is remembered). */
function PaidBy({ method, onChange }: { method: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  return (
    <SelectField
      label="Paid by"
      value={method}
      onChange={(e) => onChange(e.currentTarget.value as PaymentMethod)}
    >
      <Options values={PAYMENT_METHOD} />
    </SelectField>
  );
}
