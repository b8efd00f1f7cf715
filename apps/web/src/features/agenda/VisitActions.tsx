import {
  formatDateTime,
  formatMoney,
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
import { TextField } from '../../lib/ui/TextField';
import { fetchVisitNow, usePatchVisit } from './api';

/** The server's 409 ends with how an API client keeps the time anyway; the hub offers a button for that instead. */
const withoutApiHint = (message: string) => message.replace(/\s*Send allow_overlap: true[^.]*\.\s*$/, '');

const failureOf = (visit: Visit) =>
  visit.kind === 'recurring'
    ? 'Failed to record the visit as done and paid.'
    : 'Failed to mark the cleaning paid.';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

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

  function send(change: VisitPatch, done: (updated: Visit) => string, failure: string) {
    if (sending.current) return;
    sending.current = true;
    setOutcome(null);
    setConflict(null);
    patch.mutate(
      { key: visit.key, version: visit.version, change },
      {
        onSuccess: (updated) => {
          onChange(updated);
          setOutcome({ tone: 'success', text: done(updated) });
          setMoving(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409 && change.start && !change.allow_overlap)
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
  const doneAndPaid = () =>
    send(
      { status: 'done', paid: true },
      (v) =>
        v.kind === 'recurring'
          ? `Done and paid: a paid record of ${formatMoney(v.amount)} was made.`
          : 'Marked paid.',
      failureOf(visit),
    );
  const move = (allowOverlap: boolean) =>
    send(
      allowOverlap ? { start, allow_overlap: true } : { start },
      (v) => `Moved to ${formatDateTime(v.start, timeZone)}.`,
      'Failed to move the visit.',
    );

  return (
    <div className="mt-5 space-y-3 border-t border-stone-200 pt-4">
      {visit.paid ? (
        // Just recorded: the success message below says so already.
        !outcome && (
          <p className="font-semibold text-brand-800">
            {visit.kind === 'recurring' ? 'Done and paid.' : 'Paid.'}
          </p>
        )
      ) : visit.kind === 'one_time' ? (
        <Button onClick={doneAndPaid} disabled={busy}>
          {busy ? 'Saving...' : 'Mark paid'}
        </Button>
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
        <div className="flex flex-wrap gap-2">
          <Button onClick={doneAndPaid} disabled={busy}>
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
